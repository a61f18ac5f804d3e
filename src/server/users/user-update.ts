// PUT api/users, DELETE api/users/{login} and PUT api/users/{login}/roles (api.md §5.4 with the fixes of the top
// section). Changing a user's account or deleting it needs the caller's scope to hold every role of the user;
// role changes are checked role by role (role-changes.ts). Each write is one transaction with a revision.
import { USER_RULES } from '../../common/validation';
import { requireScope } from '../auth/guards';
import { first, pgErrorCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '../db/database';
import { noContent, ok, type RequestContext, type Reply } from '../http/context';
import { accessDenied, apiError, badRequest, validationFailed } from '../http/errors';
import { authorOf } from '../revisions/record';
import { resolveRequestedRoles } from './role-input';
import { applyRoleChanges, hasChanges, planRoleChanges, type RolePlan } from './role-changes';
import { findUserRow, recordUserChange, userDTOById } from './user-dto';
import { findUserInScope, USER_ENTITY, userAlert, visibleTo } from './user-http';
import { parseUserInput } from './user-input';
import { keepASystemAdmin, mayRemoveSystemAdmin } from './last-system-admin';
import { rolesOfUser } from './user-roles';
import { coversRole } from './user-scope';

export async function updateUser(ctx: RequestContext): Promise<Reply> {
  const principal = await requireScope(ctx, 'USER.UPDATE');
  const input = parseUserInput(await ctx.json(), USER_RULES);
  if (input.id === null) {
    throw validationFailed(USER_RULES.objectName, [{ objectName: USER_RULES.objectName, field: 'id', message: 'NotNull: must not be null' }]);
  }
  const db = ctx.app.db;
  const { row, roles } = await findUserInScope(db, principal, { id: input.id }, 'USER.UPDATE', true);
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
                last_modified_by = $7, last_modified_date = now()
          WHERE id = $8`,
        [input.firstName, input.lastName, input.email, input.activated, input.langKey, input.identity, authorOf(principal), row.id],
      );
      await applyRoleChanges(tx, row.id, plan);
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
  return ok(dto, userAlert('updated', row.login));
}

export async function deleteUser(ctx: RequestContext): Promise<Reply> {
  const principal = await requireScope(ctx, 'USER.DELETE');
  const login = ctx.params.login;
  if (login === principal.login) throw apiError(400, 'error.cannotDeleteSelf', USER_ENTITY, 'You cannot delete your own account');
  const db = ctx.app.db;
  const { row, roles } = await findUserInScope(db, principal, { login }, 'USER.DELETE', true);
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
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      throw apiError(400, 'error.userInUse', USER_ENTITY, 'The user is still referenced and cannot be deleted');
    }
    throw error;
  }
  return { status: 200, headers: userAlert('deleted', row.login) };
}

/** Replaces the roles the caller can see; 204. */
export async function updateUserRoles(ctx: RequestContext): Promise<Reply> {
  const principal = await requireScope(ctx, 'ROLE.UPDATE');
  const body = await ctx.json<unknown>();
  if (!Array.isArray(body)) throw badRequest('The body must be a list of roles');
  const db = ctx.app.db;
  const login = ctx.params.login;
  const row = await findUserRow(db, { login });
  if (!row) throw apiError(404, 'error.entityNotFound', USER_ENTITY, 'User not found', { user: login });
  const roles = await rolesOfUser(db, row.id);
  const plan = planRoleChanges(principal.token, roles, await resolveRequestedRoles(db, body), 'ROLE.READ', 'USER.UPDATE');
  if (hasChanges(plan)) {
    await db.transaction(async (tx) => {
      await applyRoleChanges(tx, row.id, plan);
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
