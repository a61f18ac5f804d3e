// Which organizations the project dialog offers: a system admin
// chooses among all; an organization admin among the organizations it administers, and only when it administers the
// project's current one; anyone else sees the current organization, unchangeable.
import { ROLE_ORGANIZATION_ADMIN, ROLE_SYS_ADMIN } from '../../../common/authorities';
import { hasAnyAuthority } from '../../../common/authority-match';
import type { OrganizationDTO, UserDTO } from '../../../common/dto';

export interface OrganizationChoices {
  names: string[];
  canChange: boolean;
}

export function organizationChoices(
  account: UserDTO | null,
  organizations: readonly OrganizationDTO[],
  current: string,
): OrganizationChoices {
  const administered = hasAnyAuthority(account, [ROLE_SYS_ADMIN])
    ? organizations.map((organization) => organization.name)
    : [...new Set((account?.roles ?? []).filter((r) => r.authorityName === ROLE_ORGANIZATION_ADMIN && r.organizationName).map((r) => r.organizationName!))];
  const canChange = administered.includes(current) || (current === '' && administered.length > 0);
  const names = canChange ? administered : current ? [current] : [];
  return { names: [...names].sort((a, b) => a.localeCompare(b)), canChange };
}
