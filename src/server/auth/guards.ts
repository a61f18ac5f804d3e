// The one implementation of "may this caller do this": the router runs it for every route entry (http/route.ts), and
// handlers call `requireAccess` / `allowed` only for a second entity the same request touches (a subject moved to
// another project, a source assigned to a subject). docs/permissions.md describes the rules.
//
// The organization of a project matters only to organization-scoped roles, so it is looked up only for callers
// holding one; every other caller is decided from its token alone. Runs on any Queryable, so a check inside a write
// transaction sees the rows that transaction locked (and never waits on a second connection, which PGlite lacks).
import { parseAuthority } from '../../common/authorities';
import { checkPermission, checkScope, type EntityDetails } from '../../common/permission-check';
import type { Permission } from '../../common/permission-matrix';
import { first, type Queryable } from '../db/database';
import type { RequestContext } from '../http/context';
import { accessDenied, unauthorized } from '../http/errors';
import { authenticate, type Principal } from './principal';

export async function requireAuth(ctx: RequestContext): Promise<Principal> {
  const outcome = await authenticate(ctx);
  if (outcome && 'principal' in outcome) return outcome.principal;
  const reason = outcome && 'failure' in outcome ? outcome.failure : 'Full authentication is required to access this resource';
  throw unauthorized(reason, ctx.req.url ?? ctx.path);
}

/** The token carries the scope and one of the caller's roles may be granted the permission (no entity check). */
export function requireTokenAccess(principal: Principal, permission: Permission): void {
  if (!checkScope(principal.token, permission)) throw accessDenied(`Missing permission ${permission}`);
}

function hasOrganizationRole(principal: Principal): boolean {
  return principal.token.roles.some((r) => parseAuthority(r.authority)?.scope === 'ORGANIZATION');
}

/** Whether the caller is granted `permission` on `entity`; an empty entity is a global check (system admins). */
export async function allowed(q: Queryable, principal: Principal, permission: Permission, entity: EntityDetails): Promise<boolean> {
  if (checkPermission(principal.token, permission, entity)) return true;
  if (!entity.project || entity.projectOrganization !== undefined || !hasOrganizationRole(principal)) return false;
  const row = await first<{ name: string }>(
    q,
    'SELECT o.name FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE p.project_name = $1',
    [entity.project],
  );
  return checkPermission(principal.token, permission, { ...entity, projectOrganization: row?.name ?? null });
}

export async function requireAccess(q: Queryable, principal: Principal, permission: Permission, entity: EntityDetails): Promise<void> {
  if (!(await allowed(q, principal, permission, entity))) throw accessDenied(`Missing permission ${permission}`);
}

export function isSysAdmin(principal: Principal): boolean {
  return principal.token.roles.some((r) => r.authority === 'ROLE_SYS_ADMIN');
}

export async function requireSysAdmin(ctx: RequestContext): Promise<Principal> {
  const principal = await requireAuth(ctx);
  if (!isSysAdmin(principal)) throw accessDenied('Only system administrators may do this');
  return principal;
}

