// PUT api/users, DELETE api/users/{login} and PUT api/users/{login}/roles (docs/users.md). The route entries find the
// user: changing its account or deleting it needs the caller's scope to hold every role of the user; role changes are
// checked role by role (role-changes.ts). Each write is one transaction with a revision.
import { credentialsStamp, stampOnDeactivation } from '../auth/credentials';
import { recordSecurityEvent } from '../audit/security-events';
import type { Principal } from '../auth/principal';
import { first, pgErrorCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '../db/database';
import { alert } from '../http/alerts';
import { noContent, ok, type RequestContext, type Reply } from '../http/context';
import { accessDenied, apiError } from '../http/errors';
import { authorOf } from '../revisions/record';
import { resolveRequestedRoles } from './role-input';
import { applyRoleChanges, hasChanges, planRoleChanges, type RolePlan } from './role-changes';
import { recordUserChange, userDTOById, type UserRow } from './user-dto';
import { USER_ENTITY, visibleTo, type ScopedUser } from './user-http';
import type { UserInput } from './user-input';
import { keepASystemAdmin, mayRemoveSystemAdmin } from './last-system-admin';
import { rolesOfUser } from './user-roles';
import { coversRole } from './user-scope';

/** `user` is the body's user (by id), all of whose roles the caller's USER.UPDATE scope holds. */
export async function updateUser(ctx: RequestContext, principal: Principal, input: UserInput, { row, roles }: ScopedUser): Promise<Reply> {
  const db = ctx.app.db;
  if (input.login !== row.login && (await first(db, 'SELECT 1 FROM radar_user WHERE login = $1', [input.login]))) {
    throw apiError(400, 'userexists', USER_ENTITY, 'Login already in use');
  }
  const emailTaken = () => apiError(400, 'emailexists', USER_ENTITY, 'Email already in use');
  if (input.email && (await first(db, 'SELECT 1 FROM radar_user WHERE lower(email) = lower($1) AND id <> $2', [input.email, row.id]))) {
    throw emailTaken();
  }
  if (input.activated && (await first(db, 'SELECT 1 FROM subject WHERE user_id = $1 AND removed', [row.id]))) {
    throw apiError(403, 'error.invalidsubjectstate', USER_ENTITY, 'A removed subject cannot be activated');
  }
  const plan: RolePlan =
    input.roles === null
      ? { add: [], remove: [] }
      : planRoleChanges(principal.token, roles, await resolveRequestedRoles(db, input.roles), 'USER.READ', 'USER.UPDATE');
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE radar_user SET first_name = $1, last_name = $2, email = $3, activated = $4, lang_key = $5, identity = $6,
                last_modified_by = $7, last_modified_date = now(), ${stampOnDeactivation('$4', '$9')}
          WHERE id = $8`,
        [input.firstName, input.lastName, input.email, input.activated, input.langKey, input.identity, authorOf(principal), row.id,
          credentialsStamp()],
      );
      if (row.activated && !input.activated) await recordSecurityEvent(tx, authorOf(principal), 'USER_DEACTIVATED', { user: row.login });
      await applyRoleChanges(tx, row.id, plan, { actor: authorOf(principal), login: row.login });
      if (mayRemoveSystemAdmin({ removedAuthorities: plan.remove.map((r) => r.authorityName), deactivates: !input.activated })) {
        await keepASystemAdmin(tx);
      }
      await recordUserChange(tx, authorOf(principal), row.id, 'MOD');
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw emailTaken();
    throw error;
  }
  const dto = await userDTOById(db, row.id, { visibleRole: visibleTo(principal, 'USER.READ') });
  return ok(dto, alert('userManagement.updated', row.login));
}

/** Refused for the caller's own account (checked before the user is looked up). */
export function refuseSelfDelete(principal: Principal, login: string): void {
  if (login === principal.login) throw apiError(400, 'error.cannotDeleteSelf', USER_ENTITY, 'You cannot delete your own account');
}

/** `user`: all of its roles lie in the caller's USER.DELETE scope. */
export async function deleteUser(ctx: RequestContext, principal: Principal, { row, roles }: ScopedUser): Promise<Reply> {
  const db = ctx.app.db;
  if (await first(db, 'SELECT 1 FROM subject WHERE user_id = $1', [row.id])) {
    throw apiError(400, 'error.userIsSubject', USER_ENTITY, 'This user is a subject; delete it through the subject');
  }
  // Deleting removes every role, so every role must be one the caller may remove.
  if (!roles.every((r) => coversRole(principal.token, 'ROLE.UPDATE', r))) throw accessDenied('Missing permission ROLE.UPDATE');
  try {
    await db.transaction(async (tx) => {
      const before = await userDTOById(tx, row.id);
      await tx.query('DELETE FROM radar_user WHERE id = $1', [row.id]);
      if (mayRemoveSystemAdmin({ deletesHolderOf: roles.map((r) => r.authorityName) })) await keepASystemAdmin(tx);
      await recordUserChange(tx, authorOf(principal), row.id, 'DEL', before);
      await recordSecurityEvent(tx, authorOf(principal), 'USER_DELETED', { user: row.login });
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      throw apiError(400, 'error.userInUse', USER_ENTITY, 'The user is still referenced and cannot be deleted');
    }
    throw error;
  }
  return { status: 200, headers: alert('userManagement.deleted', row.login) };
}

/** Replaces the roles of `row` the caller can see with `requested`; 204. */
export async function updateUserRoles(ctx: RequestContext, principal: Principal, row: UserRow, requested: readonly unknown[]): Promise<Reply> {
  const db = ctx.app.db;
  const roles = await rolesOfUser(db, row.id);
  const plan = planRoleChanges(principal.token, roles, await resolveRequestedRoles(db, requested), 'ROLE.READ', 'USER.UPDATE');
  if (hasChanges(plan)) {
    await db.transaction(async (tx) => {
      await applyRoleChanges(tx, row.id, plan, { actor: authorOf(principal), login: row.login });
      if (mayRemoveSystemAdmin({ removedAuthorities: plan.remove.map((r) => r.authorityName) })) await keepASystemAdmin(tx);
      await tx.query('UPDATE radar_user SET last_modified_by = $1, last_modified_date = now() WHERE id = $2', [
        authorOf(principal),
        row.id,
      ]);
      await recordUserChange(tx, authorOf(principal), row.id, 'MOD');
    });
  }
  return noContent();
}
