// Who is calling, for requests that carry the SESSION cookie: installed as `app.sessionAuth`, so principal.ts tries
// it before any bearer token. The principal has the user's current roles and every scope those roles may be
// granted; a session made from a bearer token (POST api/login) only those of the token's scopes, as the token would. A request that changes something (not GET/HEAD/OPTIONS) must echo the session's XSRF token in
// X-XSRF-TOKEN, else 403; a request that also carries a bearer token is then authenticated by that token instead
// (a cross-site page cannot add an Authorization header, so it is no forgery). Every answer to a session request
// says in X-Session-Expires-In how many seconds the session has left unless used again, so the client can warn
// before it ends.
import { grantableScopes } from '../../common/permission-matrix';
import { SESSION_ID_HASH_STATE } from '../account/end-sessions';
import type { AuthOutcome, Principal } from '../auth/principal';
import type { RequestContext } from '../http/context';
import { accessDenied } from '../http/errors';
import { FRONTEND_CLIENT_ID } from '../oauth/frontend-client';
import { safeEqual } from '../oauth/secrets';
import type { AppServices } from '../services';
import { addCookies } from './cookies';
import { clearedSessionCookies, SESSION_COOKIE, sessionCookie, XSRF_COOKIE, xsrfCookie, XSRF_HEADER } from './session-cookies';
import { findSession, touchedLifetime, touchSession, type StoredSession } from './session-store';

export const SESSION_EXPIRES_HEADER = 'X-Session-Expires-In';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installSessionAuth(app: AppServices): void {
  app.sessionAuth = resolveSession;
  app.carriesSession = (ctx) => Boolean(ctx.cookies[SESSION_COOKIE]);
}

export function xsrfHeaderMatches(ctx: RequestContext, session: StoredSession): boolean {
  const header = ctx.req.headers[XSRF_HEADER];
  return safeEqual(Array.isArray(header) ? header[0] : header, session.xsrfToken);
}

const hasBearer = (ctx: RequestContext) => (ctx.req.headers.authorization ?? '').startsWith('Bearer ');

function sessionPrincipal(session: StoredSession): Principal {
  const { roles, sources } = session.access;
  const grantable = grantableScopes(roles.map((r) => r.authority));
  const tokenScopes = session.tokenScopes && new Set(session.tokenScopes);
  return {
    token: {
      scopes: tokenScopes ? grantable.filter((s) => tokenScopes.has(s)) : grantable,
      roles,
      username: session.login,
      sub: session.login,
      sources,
      clientCredentials: false,
    },
    login: session.login,
    userId: session.userId,
    clientId: session.tokenClientId ?? FRONTEND_CLIENT_ID,
    via: 'session',
    accessToken: session.accessToken ?? undefined,
  };
}

async function resolveSession(ctx: RequestContext): Promise<AuthOutcome> {
  const value = ctx.cookies[SESSION_COOKIE];
  if (!value) return null;
  const config = ctx.app.config;
  const session = await findSession(ctx.app.db, value);
  if (!session || !session.activated) {
    addCookies(ctx, ...clearedSessionCookies(config)); // tell the browser to forget a dead session
    return null;
  }
  if (!SAFE_METHODS.has(ctx.method) && !xsrfHeaderMatches(ctx, session)) {
    if (hasBearer(ctx)) return null;
    throw accessDenied('Missing or wrong X-XSRF-TOKEN header for a session request');
  }
  // A touched session has its whole lifetime again; otherwise the stored expiry stands (it lags at most a minute).
  ctx.extraHeaders[SESSION_EXPIRES_HEADER] = String(session.stale ? touchedLifetime(session) : session.expiresIn);
  if (session.stale) {
    await touchSession(ctx.app.db, session);
    if (session.rememberMe) addCookies(ctx, sessionCookie(config, value, true), xsrfCookie(config, session.xsrfToken, true));
  }
  if (ctx.cookies[XSRF_COOKIE] !== session.xsrfToken && !(session.stale && session.rememberMe)) {
    addCookies(ctx, xsrfCookie(config, session.xsrfToken, session.rememberMe)); // the client lost it: give it back
  }
  ctx.state.set(SESSION_ID_HASH_STATE, session.idHash); // lets a password change keep the session it came from
  return { principal: sessionPrincipal(session) };
}
