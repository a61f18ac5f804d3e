// Who is calling. A browser session (the session layer's authenticator, when installed) wins over a bearer token;
// a bearer token must carry our signature, an unexpired `exp`, a `scope` and the audience res_ManagementPortal.
// For a token naming a user, that user must still exist and be activated, and its roles are the user's current
// roles in the database (api.md §2.4), so a role change takes effect at once.
import type { AuthToken } from '../../common/permission-check';
import type { RequestContext } from '../http/context';
import { jwtKid, verifyJwt, type JwtClaims } from './jwt';
import { loadUserAccess, parseRoleClaims } from './user-roles';
import { rememberClaims, rememberedClaims } from './verified-tokens';

export const AUDIENCE = 'res_ManagementPortal';

export interface Principal {
  token: AuthToken;
  /** The user's login; undefined for a client-credentials token. */
  login?: string;
  userId?: number;
  clientId?: string;
  via: 'bearer' | 'session';
  /** The raw access token when the caller presented (or the session holds) one. */
  accessToken?: string;
}

export type AuthOutcome = { principal: Principal } | { failure: string } | null;

const STATE_KEY = 'auth';

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  return [];
}

/** Builds the principal from verified claims (shared by bearer tokens and sessions that store a token). */
export async function principalFromClaims(ctx: RequestContext, claims: JwtClaims, raw: string, via: Principal['via']): Promise<AuthOutcome> {
  const aud = stringList(claims.aud);
  if (!aud.includes(AUDIENCE)) return { failure: 'Token audience does not include res_ManagementPortal' };
  if (claims.scope === undefined) return { failure: 'Token has no scope' };
  const scopes = stringList(claims.scope);
  const clientId = typeof claims.client_id === 'string' ? claims.client_id : undefined;
  const username = typeof claims.user_name === 'string' ? claims.user_name : undefined;
  const clientCredentials = claims.grant_type === 'client_credentials' || (!!clientId && claims.sub === clientId && !username);
  if (!username) {
    return { principal: { token: { scopes, roles: [], clientCredentials: true }, clientId, via, accessToken: raw } };
  }
  const user = await loadUserAccess(ctx.app.db, { login: username });
  if (!user) return { failure: 'User not found' };
  if (!user.activated) return { failure: 'User is not activated' };
  const roles = user.roles;
  const token: AuthToken = {
    scopes,
    roles,
    username: user.login,
    sub: typeof claims.sub === 'string' ? claims.sub : user.login,
    sources: stringList(claims.sources),
    clientCredentials,
  };
  return { principal: { token, login: user.login, userId: user.id, clientId, via, accessToken: raw } };
}

/** The claims of an access token whose signature, expiry and kind check out (no database read beyond new keys). */
async function verifiedClaims(ctx: RequestContext, raw: string): Promise<{ claims: JwtClaims } | { failure: string }> {
  let claims = rememberedClaims(raw);
  if (!claims) {
    // verificationKeys reloads from the database when the kid is unknown (another process may have made the key).
    const keys = await ctx.app.keys.verificationKeys(jwtKid(raw));
    const result = verifyJwt(raw, () => keys);
    if (!result.ok) return { failure: result.reason };
    claims = result.claims;
    rememberClaims(raw, claims);
  }
  if (claims.ati !== undefined) return { failure: 'A refresh token is not an access token' };
  return { claims };
}

export async function verifyAccessToken(ctx: RequestContext, raw: string): Promise<AuthOutcome> {
  const verified = await verifiedClaims(ctx, raw);
  if ('failure' in verified) return verified;
  return principalFromClaims(ctx, verified.claims, raw, 'bearer');
}

/**
 * What the request's bearer token claims, from its verified signature alone: its scopes and the `roles` claim as
 * issued. Roles may have changed since, so this only predicts a permission (to start a read early); every decision
 * is taken on the principal, whose roles come from the database. Undefined without a valid bearer token.
 */
export async function claimedToken(ctx: RequestContext): Promise<AuthToken | undefined> {
  const raw = bearer(ctx);
  const verified = raw === undefined ? undefined : await verifiedClaims(ctx, raw);
  if (!verified || 'failure' in verified || !stringList(verified.claims.aud).includes(AUDIENCE)) return undefined;
  const claims = verified.claims;
  return { scopes: stringList(claims.scope), roles: parseRoleClaims(stringList(claims.roles)), clientCredentials: !claims.user_name };
}

function bearer(ctx: RequestContext): string | undefined {
  const header = ctx.req.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Resolves (once per request) who is calling; null when nobody is. */
export async function authenticate(ctx: RequestContext): Promise<AuthOutcome> {
  if (ctx.state.has(STATE_KEY)) return ctx.state.get(STATE_KEY) as AuthOutcome;
  let outcome: AuthOutcome = null;
  if (ctx.app.sessionAuth) outcome = await ctx.app.sessionAuth(ctx);
  if (!outcome || !('principal' in outcome)) {
    const raw = bearer(ctx);
    if (raw) outcome = await verifyAccessToken(ctx, raw);
  }
  ctx.state.set(STATE_KEY, outcome);
  return outcome;
}
