// Pieces the user endpoints share: the entity name of their errors, and finding a user by login or id within the
// caller's scope (404 when there is no such user, 403 when it lies outside the caller's scope).
import type { Permission } from '../../common/permissions';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { accessDenied, notFoundVm } from '../http/errors';
import { findUserRow, type UserRow } from './user-dto';
import { rolesOfUser, type UserRole } from './user-roles';
import { coversRole, coversUser, coversWholeUser } from './user-scope';

export const USER_ENTITY = 'userManagement';

export interface ScopedUser {
  row: UserRow;
  roles: UserRole[];
}

/**
 * The user (by login or id) with all its roles, if the caller's `permission` scope holds it: one of its roles for
 * reading, every one of them (`whole`) for changing the account itself or deleting it.
 */
export async function findUserInScope(
  db: Queryable,
  principal: Principal,
  where: { login: string } | { id: number },
  permission: Permission,
  whole = false,
): Promise<ScopedUser> {
  const row = await findUserRow(db, where);
  if (!row) throw notFoundVm();
  const roles = await rolesOfUser(db, row.id);
  const covered = whole ? coversWholeUser : coversUser;
  if (!covered(principal.token, permission, roles)) {
    throw accessDenied(whole ? 'The user also holds roles outside your scope' : 'The user is outside your organizations and projects');
  }
  return { row, roles };
}

/** Which roles of a user the caller may see (for DTOs and for the replace semantics of role updates). */
export const visibleTo = (principal: Principal, permission: Permission) => (role: UserRole) =>
  coversRole(principal.token, permission, role);
