// POST api/login turns a bearer token into a browser session and answers the account, as GET api/account does;
// POST api/logout ends the session and clears its cookies. Logout of a live session is a change like any other, so it
// needs the X-XSRF-TOKEN header (a forged cross-site logout would otherwise work).
import { verifyAccessToken, type Principal } from '../auth/principal';
import type { Reply, RequestContext } from '../http/context';
import { noContent, ok } from '../http/context';
import { accessDenied, apiError, unauthorized } from '../http/errors';
import { userDTOById } from '../users/user-dto';
import { addCookies } from './cookies';
import { xsrfHeaderMatches } from './session-auth';
import { clearedSessionCookies, SESSION_COOKIE, sessionCookies } from './session-cookies';
import { createSession, deleteSession, findSession, sessionIdHash } from './session-store';
import { sessionOrigin } from './login-flow';

function bearerToken(ctx: RequestContext): string | undefined {
  const header = ctx.req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/**
 * The router has authenticated the caller; the session is made from the bearer token, so a caller the session cookie
 * authenticated must present one too (it is verified here, as the session won over it).
 */
export async function apiLogin(ctx: RequestContext, caller: Principal): Promise<Reply> {
  const raw = bearerToken(ctx);
  const path = ctx.req.url ?? ctx.path;
  if (!raw) throw unauthorized('Full authentication is required to access this resource', path);
  let principal = caller;
  if (caller.via !== 'bearer' || caller.accessToken !== raw) {
    const outcome = await verifyAccessToken(ctx, raw);
    if (!outcome || 'failure' in outcome) throw unauthorized(outcome?.failure ?? 'Invalid token', path);
    principal = outcome.principal;
  }
  const { userId } = principal;
  if (userId === undefined) throw accessDenied('A client token has no account to sign in');
  const account = await userDTOById(ctx.app.db, userId);
  if (!account) throw apiError(403, 'error.accessDenied', 'userManagement', 'Could not find the current user in the database');
  const previous = ctx.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(ctx.app.db, sessionIdHash(previous));
  const session = await createSession(ctx.app.db, { userId, rememberMe: false, accessToken: raw, ...sessionOrigin(ctx) });
  addCookies(ctx, ...sessionCookies(ctx.app.config, session));
  return ok(account);
}

export async function apiLogout(ctx: RequestContext): Promise<Reply> {
  const value = ctx.cookies[SESSION_COOKIE];
  const session = value ? await findSession(ctx.app.db, value) : undefined;
  if (session) {
    if (!xsrfHeaderMatches(ctx, session)) throw accessDenied('Missing or wrong X-XSRF-TOKEN header for a session request');
    await deleteSession(ctx.app.db, session.idHash);
  }
  addCookies(ctx, ...clearedSessionCookies(ctx.app.config));
  return noContent();
}
