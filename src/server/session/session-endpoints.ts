// POST api/login turns a bearer token into a browser session and answers the account, as GET api/account does. The
// session carries no more than the token (docs/oauth.md, "Sessions and sign-in"): only its scopes, no life beyond its
// `exp`, and it ends with the token's OAuth client (session-store.ts). Nor does it carry more of a second factor:
// every token of a user with a factor was issued through it (enabling one ends the older ones, two-factor-handlers.ts),
// and a user that REQUIRE_2FA asks a factor of but who has none yet must enrol at the sign-in page first;
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
import { hasTwoFactor, twoFactorRequired } from '../two-factor/two-factor-store';

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
  const { userId, tokenTimes } = principal;
  if (userId === undefined || !tokenTimes) throw accessDenied('A client token has no account to sign in');
  const { db, config } = ctx.app;
  if (!(await hasTwoFactor(db, userId)) && (await twoFactorRequired(db, userId, config.requireTwoFactor))) {
    throw accessDenied('This user must enrol a second factor at the sign-in page first');
  }
  const account = await userDTOById(ctx.app.db, userId);
  if (!account) throw apiError(403, 'error.accessDenied', 'userManagement', 'Could not find the current user in the database');
  const previous = ctx.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(ctx.app.db, sessionIdHash(previous));
  const token = { scopes: [...principal.token.scopes], clientId: principal.clientId, ...tokenTimes };
  const session = await createSession(ctx.app.db, { userId, rememberMe: false, accessToken: raw, token, ...sessionOrigin(ctx) });
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
