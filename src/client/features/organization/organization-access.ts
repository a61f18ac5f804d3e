// Who may administer an organization (spec 001 §6): a system admin, or the organization admin of that organization.
// Its Permissions tab, its Edit button and the project create button all use this list.
import { ROLE_ORGANIZATION_ADMIN, ROLE_SYS_ADMIN } from '../../../common/authorities';
import { scopedAuthority } from '../../../common/authority-match';
import { useHasAnyAuthority } from '../../components/authority-gate';

export const organizationAdminAuthorities = (organizationName: string): string[] => [
  ROLE_SYS_ADMIN,
  scopedAuthority(ROLE_ORGANIZATION_ADMIN, organizationName),
];

export function useIsOrganizationAdmin(organizationName: string): boolean {
  return useHasAnyAuthority(organizationAdminAuthorities(organizationName));
}
