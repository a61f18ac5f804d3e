// Who is calling. A browser session (the session layer's authenticator, when installed) wins over a bearer token;
// a bearer token must carry our signature, an unexpired `exp`, a `scope` and the audience res_ManagementPortal.
// For a token naming a user, that user must still exist and be activated, the token must have been issued after the
// user's last credentials change (password change or reset, deactivation: auth/credentials.ts), and its roles are
// the user's current roles in the database, so a role change takes effect at once. Any token is refused once the
// OAuth client it was issued to has been deleted (auth/client-revocation.ts).
import type { AuthToken } from '../../common/permission-check';
import type { RequestContext } from '../http/context';
import { issuedBeforeClientDeleted, loadRevokedClients, type RevokedClients } from './client-revocation';
import { issuedBeforeCredentialsChange } from './credentials';
import { jwtKid, verifyJwt, type JwtClaims } from './jwt';
import { loadUserAccess, parseRoleClaims, type UserAccess } from './user-roles';
import { rememberClaims, rememberedClaims } from './verified-tokens';
import { currentRequest } from '../http/request-scope';

export const AUDIENCE = 'res_ManagementPortal';

// The hooks through which the session layer (session/session-auth.ts) makes itself known to authenticate(): declared
// here, where they are called, so the services bag needs to know nothing of requests or principals.
declare module '../services' {
  interface AppServices {
    /** Resolves a browser session into a principal; installed by the session layer. */
    sessionAuth?: (ctx: RequestContext) => Promise<AuthOutcome>;
    /** Whether the request carries a session cookie (which sessionAuth tries before any bearer token). */
    carriesSession?: (ctx: RequestContext) => boolean;
  }
}

export interface Principal {
  token: AuthToken;
  /** The user's login; undefined for a client-credentials token. */
  login?: string;
  userId?: number;
  clientId?: string;
  via: 'bearer' | 'session';
  /** The raw access token when the caller presented (or the session holds) one. */
  accessToken?: string;
  /** A bearer token's `iat` and `exp` (epoch seconds): what a session made from it (POST api/login) is bounded by. */
  tokenTimes?: { issuedAt: number; expiresAt: number };
}

export type AuthOutcome = { principal: Principal } | { failure: string } | null;

const STATE_KEY = 'auth';

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  return [];
}

/**
 * Builds the principal from verified claims, loading the user the token names (with the deleted clients), or for a
 * client-credentials token only the deleted clients.
 */
async function principalFromClaims(ctx: RequestContext, claims: JwtClaims, raw: string, via: Principal['via']): Promise<AuthOutcome> {
  if (claimsFailure(claims)) return principalOf(claims, raw, via, undefined);
  const username = userNameOf(claims);
  if (username === undefined) return principalOf(claims, raw, via, undefined, await loadRevokedClients(ctx.app.db));
  return principalOf(claims, raw, via, await loadUserAccess(ctx.app.db, { login: username }));
}

const userNameOf = (claims: JwtClaims) => (typeof claims.user_name === 'string' ? claims.user_name : undefined);

function claimsFailure(claims: JwtClaims): string | undefined {
  if (!stringList(claims.aud).includes(AUDIENCE)) return 'Token audience does not include res_ManagementPortal';
  if (claims.scope === undefined) return 'Token has no scope';
  return undefined;
}

/**
 * The principal of verified claims, given the user the token names as loaded from the database (its current roles),
 * and the deleted clients (read with the user, or alone for a token without one).
 */
function principalOf(
  claims: JwtClaims, raw: string, via: Principal['via'], user: UserAccess | undefined, revoked: RevokedClients | undefined = user?.revokedClients,
): AuthOutcome {
  const failure = claimsFailure(claims);
  if (failure) return { failure };
  if (issuedBeforeClientDeleted(claims.client_id, claims.iat, revoked)) return { failure: 'The token\'s OAuth client was deleted' };
  const scopes = stringList(claims.scope);
  const clientId = typeof claims.client_id === 'string' ? claims.client_id : undefined;
  const username = userNameOf(claims);
  const clientCredentials = claims.grant_type === 'client_credentials' || (!!clientId && claims.sub === clientId && !username);
  if (!username) {
    return { principal: { token: { scopes, roles: [], clientCredentials: true }, clientId, via, accessToken: raw } };
  }
  if (!user) return { failure: 'User not found' };
  if (!user.activated) return { failure: 'User is not activated' };
  if (issuedBeforeCredentialsChange(claims.iat, user.credentialsChanged)) {
    return { failure: 'Token was issued before the user\'s credentials changed' };
  }
  const token: AuthToken = {
    scopes,
    roles: user.roles,
    username: user.login,
    sub: typeof claims.sub === 'string' ? claims.sub : user.login,
    sources: stringList(claims.sources),
    clientCredentials,
  };
  const tokenTimes = typeof claims.iat === 'number' && typeof claims.exp === 'number' ? { issuedAt: claims.iat, expiresAt: claims.exp } : undefined;
  return { principal: { token, login: user.login, userId: user.id, clientId, via, accessToken: raw, tokenTimes } };
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
 * A request authenticated by a bearer token alone (no browser session, which would win): what the token claims from
 * its verified signature (scopes and the `roles` claim as issued), and the login of the user it names. Roles may
 * have changed since the token was issued, so the claims only predict a permission, to start a read early. A read
 * that loads the caller's UserAccess with its data (userAccessJsonSql) hands it to `settle`, and authenticate()
 * then builds the principal from it, with the same checks as ever, instead of loading the user again. Undefined
 * without a valid bearer token.
 */
export interface ClaimedBearer {
  claimed: AuthToken;
  /** The user the token names; undefined for a client-credentials token (its principal needs no database read). */
  login?: string;
  settle(user: UserAccess | undefined): void;
}

export async function claimedBearer(ctx: RequestContext): Promise<ClaimedBearer | undefined> {
  if (ctx.state.has(STATE_KEY) || ctx.app.carriesSession?.(ctx)) return undefined;
  const raw = bearer(ctx);
  const verified = raw === undefined ? undefined : await verifiedClaims(ctx, raw);
  if (!verified || 'failure' in verified || claimsFailure(verified.claims)) return undefined;
  const claims = verified.claims;
  const login = userNameOf(claims);
  return {
    claimed: { scopes: stringList(claims.scope), roles: parseRoleClaims(stringList(claims.roles)), clientCredentials: !login },
    login,
    settle: (user) => {
      if (!ctx.state.has(STATE_KEY)) ctx.state.set(STATE_KEY, principalOf(claims, raw!, 'bearer', user));
    },
  };
}

function bearer(ctx: RequestContext): string | undefined {
  const header = ctx.req.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Resolves (once per request) who is calling; null when nobody is. */
export async function authenticate(ctx: RequestContext): Promise<AuthOutcome> {
  if (ctx.state.has(STATE_KEY)) return namedInLog(ctx.state.get(STATE_KEY) as AuthOutcome);
  let outcome: AuthOutcome = null;
  if (ctx.app.sessionAuth) outcome = await ctx.app.sessionAuth(ctx);
  if (!outcome || !('principal' in outcome)) {
    const raw = bearer(ctx);
    if (raw) outcome = await verifyAccessToken(ctx, raw);
  }
  ctx.state.set(STATE_KEY, outcome);
  return namedInLog(outcome);
}

/** The caller goes into every later log line of the request (http/request-scope.ts). */
function namedInLog(outcome: AuthOutcome): AuthOutcome {
  const scope = currentRequest();
  if (scope && outcome && 'principal' in outcome) scope.user = outcome.principal.login ?? outcome.principal.clientId;
  return outcome;
}
