// Who may administer an organization: a system admin, or the organization admin of that organization.
// Its Permissions tab, its Edit and Delete buttons and the project create button all use this list. It is also who
// the server lets delete the organization (ORGANIZATION.DELETE on it, organizations/routes.ts): the matrix grants
// that permission to system and organization admins only.
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
