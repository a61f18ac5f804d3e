// The rules of the permissions editor, without React: which users hold a role in
// the scope, which role may be added there, and when a role's remove button is disabled.
import { ROLE_ORGANIZATION_ADMIN, ROLE_PROJECT_ADMIN, ROLE_SYS_ADMIN } from '../../../../common/authorities';
import type { RoleDTO, UserDTO } from '../../../../common/dto';

/** An organization or a project (the global scope is the user-management screen's business). */
export type PermissionScope =
  | { kind: 'organization'; id: number | undefined; name: string }
  | { kind: 'project'; id: number | undefined; name: string };

export interface PermissionRow {
  user: UserDTO;
  role: RoleDTO;
}

/** A role counts in the scope when it is a system admin role or it names the scope's organization or project. */
export function isRoleInScope(role: RoleDTO, scope: PermissionScope): boolean {
  if (role.authorityName === ROLE_SYS_ADMIN) return true;
  return scope.kind === 'project' ? role.projectName === scope.name : role.organizationName === scope.name;
}

/** One row per (user, role in scope), and the users without any role in the scope (the ones that can be added). */
export function splitUsers(users: readonly UserDTO[], scope: PermissionScope): { rows: PermissionRow[]; others: UserDTO[] } {
  const rows: PermissionRow[] = [];
  const others: UserDTO[] = [];
  for (const user of users) {
    const inScope = (user.roles ?? []).filter((role) => isRoleInScope(role, scope));
    if (inScope.length === 0) others.push(user);
    for (const role of inScope) rows.push({ user, role });
  }
  return { rows, others };
}

/** The one role the editor hands out: organization admin in an organization, project admin in a project. */
export function scopedRole(scope: PermissionScope): RoleDTO {
  return scope.kind === 'organization'
    ? { authorityName: ROLE_ORGANIZATION_ADMIN, organizationId: scope.id, organizationName: scope.name }
    : { authorityName: ROLE_PROJECT_ADMIN, projectId: scope.id, projectName: scope.name };
}

/**
 * Remove is disabled for a system admin role, for the current user in a project scope, and for an organization
 * admin role in an organization scope.
 */
export function isRemoveDisabled(row: PermissionRow, scope: PermissionScope, currentLogin: string | undefined): boolean {
  if (row.role.authorityName === ROLE_SYS_ADMIN) return true;
  if (scope.kind === 'project') return row.user.login === currentLogin;
  return row.role.authorityName === ROLE_ORGANIZATION_ADMIN;
}

const sameRole = (a: RoleDTO, b: RoleDTO) =>
  a.authorityName === b.authorityName &&
  (a.projectName ?? null) === (b.projectName ?? null) &&
  (a.organizationName ?? null) === (b.organizationName ?? null);

/** The user with `role` added to the roles the caller sees (PUT api/users/{login}/roles takes those roles). */
export const withRole = (user: UserDTO, role: RoleDTO): UserDTO => ({ ...user, roles: [...(user.roles ?? []), role] });

/** The user with `role` taken from the roles the caller sees. */
export const withoutRole = (user: UserDTO, role: RoleDTO): UserDTO => ({
  ...user,
  roles: (user.roles ?? []).filter((held) => !sameRole(held, role)),
});
