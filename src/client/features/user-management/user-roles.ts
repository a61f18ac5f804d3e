// How a user's roles read in the list and detail: the system admin role by its name, scoped roles as
// "authority: organization" or "authority: project". Plus the list's delete rule.
import { ROLE_INACTIVE_PARTICIPANT, ROLE_PARTICIPANT } from '../../../common/authorities';
import type { RoleDTO, UserDTO } from '../../../common/dto';

/** `ROLE_SYS_ADMIN`, `ROLE_ORGANIZATION_ADMIN: main`, `ROLE_PROJECT_ADMIN: radar`. */
export function roleText(role: RoleDTO): string {
  const target = role.organizationName ?? role.projectName;
  return target ? `${role.authorityName}: ${target}` : role.authorityName;
}

const PARTICIPANT_ROLES: readonly string[] = [ROLE_PARTICIPANT, ROLE_INACTIVE_PARTICIPANT];

/** Not oneself, and not a user whose first role is a (possibly inactive) participant: those go through subjects. */
export function canDeleteFromList(user: UserDTO, currentLogin: string | undefined): boolean {
  if (user.login === currentLogin) return false;
  const first = user.roles?.[0]?.authorityName;
  return first === undefined || !PARTICIPANT_ROLES.includes(first);
}

/** The user's path under user-management, for links and popups. */
export const USER_AREA = 'user-management';
