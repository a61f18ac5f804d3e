// Create and update of a role row (POST and PUT api/roles; routes.ts checks the permission on the role's project or
// organization first). Beyond that check, the caller must reach the role the way the users' role lists require
// (users/user-scope.ts): an organization role only from that organization (or globally), the global role only
// globally, so a project admin cannot make organization-admin rows. A row that users hold keeps its authority and
// referent (409): changing it would change every holder's rights at once, past the users' own permission checks.
// Each write records a revision. docs/projects.md, "Roles".
import { parseAuthority } from '../../common/authorities';
import type { RoleDTO } from '../../common/dto';
import type { Permission } from '../../common/permissions';
import { requireAccess } from '../auth/guards';
import type { Principal } from '../auth/principal';
import { first, type Queryable } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { entityAlert, failureAlert } from '../http/alerts';
import { created, ok, type Reply, type RequestContext } from '../http/context';
import { accessDenied, apiError, notFoundVm } from '../http/errors';
import { organizationIdNotFound } from '../http/not-found';
import { projectIdNotFound } from '../projects/project-save';
import { authorOf, recordRevision } from '../revisions/record';
import { coversRole } from '../users/user-scope';
import { toRoleDTO } from './role-dto';
import { ROLE_SCOPE_JOINS } from '../auth/role-scope-join';
import { displayName, type ResolvedTarget, type RoleTarget } from './role-target';

/** A stored role row with the names the checks read (the finder of PUT loads it). */
export interface ExistingRole extends RoleTarget {
  id: number;
}

const roleExists = () => failureAlert(409, 'roleexists', 'role');

const roleInUse = (role: RoleDTO, users: number) =>
  apiError(409, 'error.roleInUse', 'role', `${displayName(role)} is held by ${users} user(s); change their roles instead.`, {
    users: String(users),
  });

export const roleIdNotFound = (id: number) => notFoundVm(`Role not found with id ${id}`);

/** The revision key of a role: `<project or organization>:<authority>`, as project and organization deletes write it. */
const revisionKey = (role: RoleDTO) => {
  const referent = role.projectName ?? role.organizationName;
  return referent ? `${referent}:${role.authorityName}` : role.authorityName;
};

const dtoOf = (id: number, role: RoleTarget): RoleDTO =>
  toRoleDTO({
    id,
    authority_name: role.authorityName,
    project_id: role.projectId,
    project_name: role.projectName,
    organization_id: role.organizationId,
    organization_name: role.organizationName,
  });

function locationOf(ctx: RequestContext, role: RoleDTO): string {
  const referent = role.projectName ?? role.organizationName;
  const path = referent ? `${encodeURIComponent(referent)}/${role.authorityName}` : 'admin';
  return `${ctx.app.config.basePath}/api/roles/${path}`;
}

function requireCovered(principal: Principal, permission: Permission, role: RoleTarget): void {
  if (!coversRole(principal.token, permission, role)) {
    throw accessDenied(`Missing permission ${permission} for ${displayName(role)}`);
  }
}

/** The target once the permission on it has passed: its deferred 404 or 400 now, then the scope rule. */
function checkedTarget(principal: Principal, permission: Permission, resolved: ResolvedTarget): RoleTarget {
  if (resolved.problem) throw resolved.problem;
  requireCovered(principal, permission, resolved.target!);
  return resolved.target!;
}

const sameRowSql = 'authority_name = $1 AND project_id IS NOT DISTINCT FROM $2 AND organization_id IS NOT DISTINCT FROM $3';
const rowParams = (role: RoleTarget) => [role.authorityName, role.projectId, role.organizationId];

/** The project or organization was deleted between the lookup and the write (the foreign key says so). */
const referentGone = (role: RoleTarget) =>
  role.projectId !== null ? projectIdNotFound(role.projectId) : organizationIdNotFound(role.organizationId ?? 0);

/** POST api/roles (and PUT without id): the permission (ROLE.CREATE) on `resolved.entity` has been checked. */
export async function createRole(ctx: RequestContext, principal: Principal, resolved: ResolvedTarget): Promise<Reply> {
  const target = checkedTarget(principal, 'ROLE.CREATE', resolved);
  const dto = await writeTransaction(ctx, async (tx) => {
    if (await first(tx, `SELECT 1 FROM radar_role WHERE ${sameRowSql}`, rowParams(target))) throw roleExists();
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO radar_role (authority_name, project_id, organization_id) VALUES ($1, $2, $3) RETURNING id',
      rowParams(target),
    );
    const saved = dtoOf(row.id, target);
    await recordRevision(tx, authorOf(principal), [{ kind: 'role', id: row.id, key: revisionKey(saved), type: 'ADD', snapshot: saved }]);
    return saved;
  }, { unique: roleExists, foreignKey: () => referentGone(target) });
  return created(dto, locationOf(ctx, dto), entityAlert('role', 'created', displayName(dto)));
}

/** The role row `id` with its project (and that project's organization) or organization, by name. */
export async function loadExistingRole(q: Queryable, id: number, lock = false): Promise<ExistingRole | undefined> {
  const row = await first<{
    id: number; authority_name: string; project_id: number | null; project_name: string | null; project_org: string | null;
    organization_id: number | null; organization_name: string | null;
  }>(
    q,
    `SELECT r.id, r.authority_name, r.project_id, p.project_name, po.name AS project_org, r.organization_id, o.name AS organization_name
       FROM radar_role r
       ${ROLE_SCOPE_JOINS}
      WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  if (!row) return undefined;
  const authority = parseAuthority(row.authority_name);
  if (!authority) return undefined;
  return {
    id: row.id, authority, authorityName: authority.name,
    projectId: row.project_id, projectName: row.project_name, projectOrganization: row.project_org,
    organizationId: row.organization_id, organizationName: row.organization_name,
  };
}

/**
 * PUT api/roles with an id: ROLE.UPDATE on the existing row's referent has been checked; the new one needs it too.
 * An update that changes nothing writes nothing.
 */
export async function updateRole(ctx: RequestContext, principal: Principal, existing: ExistingRole, resolved: ResolvedTarget): Promise<Reply> {
  requireCovered(principal, 'ROLE.UPDATE', existing);
  await requireAccess(ctx.app.db, principal, 'ROLE.UPDATE', resolved.entity);
  const target = checkedTarget(principal, 'ROLE.UPDATE', resolved);
  const unchanged = target.authorityName === existing.authorityName && target.projectId === existing.projectId
    && target.organizationId === existing.organizationId;
  if (unchanged) {
    const dto = dtoOf(existing.id, existing);
    return ok(dto, entityAlert('role', 'updated', displayName(dto)));
  }
  const dto = await writeTransaction(ctx, async (tx) => {
    const locked = await loadExistingRole(tx, existing.id, true);
    if (!locked) throw roleIdNotFound(existing.id);
    const [{ users }] = await tx.query<{ users: number }>('SELECT count(*)::int AS users FROM role_users WHERE role_id = $1', [existing.id]);
    if (users > 0) throw roleInUse(dtoOf(existing.id, locked), users);
    if (await first(tx, `SELECT 1 FROM radar_role WHERE ${sameRowSql} AND id <> $4`, [...rowParams(target), existing.id])) throw roleExists();
    await tx.query('UPDATE radar_role SET authority_name = $1, project_id = $2, organization_id = $3 WHERE id = $4', [
      ...rowParams(target),
      existing.id,
    ]);
    const saved = dtoOf(existing.id, target);
    await recordRevision(tx, authorOf(principal), [{ kind: 'role', id: existing.id, key: revisionKey(saved), type: 'MOD', snapshot: saved }]);
    return saved;
  }, { unique: roleExists, foreignKey: () => referentGone(target) });
  return ok(dto, entityAlert('role', 'updated', displayName(dto)));
}
