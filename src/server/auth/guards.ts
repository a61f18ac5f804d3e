// Permission checks at the top of every handler. `requirePermission` fills in the organization of a named project
// from the database, so the check of api.md §3.3 sees where the entity really lives.
import { checkPermission, checkScope, type AuthToken, type EntityDetails } from '../../common/permission-check';
import type { Permission } from '../../common/permission-matrix';
import { first } from '../db/database';
import type { RequestContext } from '../http/context';
import { accessDenied, unauthorized } from '../http/errors';
import { authenticate, claimedBearer, type Principal } from './principal';
import { userAccessFromJson } from './user-roles';

export async function requireAuth(ctx: RequestContext): Promise<Principal> {
  const outcome = await authenticate(ctx);
  if (outcome && 'principal' in outcome) return outcome.principal;
  const reason = outcome && 'failure' in outcome ? outcome.failure : 'Full authentication is required to access this resource';
  throw unauthorized(reason, ctx.req.url ?? ctx.path);
}

/** The caller must hold the scope and a role granting it (no entity check). */
export async function requireScope(ctx: RequestContext, permission: Permission): Promise<Principal> {
  const principal = await requireAuth(ctx);
  if (!checkScope(principal.token, permission)) throw accessDenied(`Missing permission ${permission}`);
  return principal;
}

export async function withProjectOrganization(ctx: RequestContext, entity: EntityDetails): Promise<EntityDetails> {
  if (!entity.project || entity.projectOrganization) return entity;
  const row = await first<{ name: string }>(
    ctx.app.db,
    'SELECT o.name FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE p.project_name = $1',
    [entity.project],
  );
  return { ...entity, projectOrganization: row?.name ?? null };
}

/** The caller must be granted `permission` on `entity`; an empty entity means a global check (system admins). */
export async function requirePermission(ctx: RequestContext, permission: Permission, entity: EntityDetails = {}): Promise<Principal> {
  const principal = await requireAuth(ctx);
  const details = await withProjectOrganization(ctx, entity);
  if (!checkPermission(principal.token, permission, details)) throw accessDenied(`Missing permission ${permission}`);
  return principal;
}

/** Like requirePermission, but answers true/false instead of throwing (for filtering and for UI hints). */
export async function hasPermission(ctx: RequestContext, principal: Principal, permission: Permission, entity: EntityDetails = {}): Promise<boolean> {
  return checkPermission(principal.token, permission, await withProjectOrganization(ctx, entity));
}

export function isSysAdmin(principal: Principal): boolean {
  return principal.token.roles.some((r) => r.authority === 'ROLE_SYS_ADMIN');
}

export async function requireSysAdmin(ctx: RequestContext): Promise<Principal> {
  const principal = await requireAuth(ctx);
  if (!isSysAdmin(principal)) throw accessDenied('Only system administrators may do this');
  return principal;
}

/** What a read started before authentication answers: its value, and the caller it loaded when asked to. */
export interface SpeculativeRead<T> {
  value: T;
  /** The userAccessJsonSql value for the login `read` was given (undefined when it was given none). */
  caller?: unknown;
}

/**
 * Authenticates and hands back `read`'s value, read before the caller's roles are known when the caller's signed
 * bearer token already claims what `likely` asks. `read` is then given the token's login and loads the caller's
 * roles in the same statement as its data (userAccessJsonSql), so the request costs one round trip; the principal
 * is built from those roles with every check authenticate() makes. Only for reads without side effects. The
 * handler checks the permission on the principal before awaiting `result()`, so nothing read early reaches a
 * refused caller; an anonymous or unlikely caller (or a browser session) makes the server read nothing before that
 * check. If the early read fails, authentication runs on its own and the failure surfaces from `result()`.
 */
export async function requireAuthSpeculating<T>(
  ctx: RequestContext,
  likely: (claimed: AuthToken) => boolean,
  read: (callerLogin: string | undefined) => Promise<SpeculativeRead<T>>,
): Promise<{ principal: Principal; result: () => Promise<T> }> {
  const bearer = await claimedBearer(ctx);
  let early: Promise<T> | undefined;
  if (bearer && likely(bearer.claimed)) {
    const answer = read(bearer.login);
    early = answer.then((a) => a.value);
    early.catch(() => {}); // surfaces when awaited; a refused caller never awaits it
    try {
      const { caller } = await answer;
      if (bearer.login !== undefined) bearer.settle(userAccessFromJson(caller));
    } catch {
      // authenticated below on its own
    }
  }
  const principal = await requireAuth(ctx);
  return { principal, result: async () => (early ? early : (await read(undefined)).value) };
}
