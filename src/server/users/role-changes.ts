// Replacing a user's roles. The request replaces the roles the caller can see; roles outside the caller's scope are
// kept untouched (they were never disclosed), and so are participant roles, which only the subject endpoints manage
// (a participant role that is not already held is refused). Every role added or removed needs ROLE.UPDATE and the
// user permission of the request (USER.CREATE / USER.UPDATE) over that role's organization or project, so an
// organization admin changes roles only inside its organization and a project admin only inside its project. All
// checks run before anything is written.
import { parseAuthority } from '../../common/authorities';
import type { AuthToken } from '../../common/permission-check';
import type { Permission } from '../../common/permissions';
import type { Queryable } from '../db/database';
import { recordSecurityEvent } from '../audit/security-events';
import { accessDenied, apiError } from '../http/errors';
import { roleKey, type RequestedRole } from './role-input';
import { coversRole, type ScopedRole } from './user-scope';
import type { UserRole } from './user-roles';

export interface RolePlan {
  add: RequestedRole[];
  remove: UserRole[];
}

const isPersonal = (authorityName: string) => parseAuthority(authorityName)?.personal === true;

/**
 * What to add and remove so that the visible roles become `requested`. `visibility` is the permission whose scope
 * decides which current roles the caller sees; `userPermission` is the permission the write itself needs.
 */
export function planRoleChanges(
  token: AuthToken,
  current: readonly UserRole[],
  requested: readonly RequestedRole[],
  visibility: Permission,
  userPermission: Permission,
): RolePlan {
  const held = new Set(current.map(roleKey));
  for (const role of requested) {
    if (role.authority.personal && !held.has(roleKey(role))) {
      throw apiError(400, 'error.invalidAuthority', 'userManagement', 'Participant roles are assigned through subjects', {
        authorityName: role.authorityName,
      });
    }
  }
  const wanted = new Set(requested.map(roleKey));
  const add = requested.filter((r) => !r.authority.personal && !held.has(roleKey(r)));
  const remove = current.filter(
    (r) => !isPersonal(r.authorityName) && !wanted.has(roleKey(r)) && coversRole(token, visibility, r),
  );
  const refused = refusedRoleChange(token, [...add, ...remove], userPermission);
  if (refused) {
    const where = refused.projectName ?? refused.organizationName ?? 'the whole platform';
    throw accessDenied(`Not allowed to grant or remove ${refused.authorityName} in ${where}`);
  }
  return { add, remove };
}

/** The first of `roles` the caller may not add or remove: each needs ROLE.UPDATE and `userPermission` over it. */
export function refusedRoleChange<R extends ScopedRole>(token: AuthToken, roles: readonly R[], userPermission: Permission): R | undefined {
  return roles.find((role) => !(coversRole(token, 'ROLE.UPDATE', role) && coversRole(token, userPermission, role)));
}

/** The role row for (authority, project | organization), created on demand; safe when processes race. */
async function roleRowId(tx: Queryable, role: RequestedRole): Promise<number> {
  const find = () =>
    tx.query<{ id: number }>(
      `SELECT id FROM radar_role
        WHERE authority_name = $1 AND project_id IS NOT DISTINCT FROM $2 AND organization_id IS NOT DISTINCT FROM $3`,
      [role.authorityName, role.projectId, role.organizationId],
    );
  const [found] = await find();
  if (found) return found.id;
  const [inserted] = await tx.query<{ id: number }>(
    `INSERT INTO radar_role (authority_name, project_id, organization_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING id`,
    [role.authorityName, role.projectId, role.organizationId],
  );
  return inserted?.id ?? (await find())[0].id;
}

/** Who changes whose roles, for the audit trail (docs/management.md, Audits). */
export interface RoleAudit {
  actor: string;
  login: string;
}

const roleScopeOf = (role: { projectName: string | null; organizationName: string | null }) =>
  role.projectName !== null ? { project: role.projectName } : role.organizationName !== null ? { organization: role.organizationName } : {};

export async function applyRoleChanges(tx: Queryable, userId: number, plan: RolePlan, audit?: RoleAudit): Promise<void> {
  for (const role of plan.remove) {
    await tx.query('DELETE FROM role_users WHERE user_id = $1 AND role_id = $2', [userId, role.id]);
    if (audit) await recordSecurityEvent(tx, audit.actor, 'ROLE_REMOVED', { user: audit.login, authority: role.authorityName, ...roleScopeOf(role) });
  }
  for (const role of plan.add) {
    await tx.query('INSERT INTO role_users (role_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      await roleRowId(tx, role),
      userId,
    ]);
    if (audit) await recordSecurityEvent(tx, audit.actor, 'ROLE_GRANTED', { user: audit.login, authority: role.authorityName, ...roleScopeOf(role) });
  }
}

export const hasChanges = (plan: RolePlan) => plan.add.length > 0 || plan.remove.length > 0;
