// GET api/redirect/login (docs/oauth.md, Sessions and sign-in): without `code` it starts an authorization-code flow
// with a random `state` and a PKCE verifier, both kept in a short-lived HttpOnly cookie scoped to api/redirect; with
// `code` it checks `state`, exchanges the code in process (no HTTP call to ourselves), starts the browser session and
// sends the browser to the app. Any failure ends at the app's error page; the token never appears in a URL. With
// OIDC_ISSUER set, oidc/oidc-login.ts takes both steps instead and shares the flow cookie and the two endings.
import type { Reply, RequestContext } from '../http/context';
import { redirect } from '../http/context';
import { findClient } from '../oauth/client-store';
import { FRONTEND_CLIENT_ID, loginRedirectUri } from '../oauth/frontend-client';
import { OAuthError } from '../oauth/oauth-error';
import { codeChallengeOf, newCodeVerifier } from '../oauth/pkce';
import { randomToken, safeEqual } from '../oauth/secrets';
import { SIGN_IN_LANGUAGES } from '../oauth/sign-in-messages';
import { authorizationCodeGrant } from '../oauth/token-grants';
import { addCookies, serializeCookie } from './cookies';
import { SESSION_COOKIE, sessionCookies } from './session-cookies';
import { createSession, deleteSession, sessionIdHash } from './session-store';

/** Where and with what a session starts, shown in the user's session list (docs/users.md, Sessions). */
export function sessionOrigin(ctx: RequestContext): { remoteAddress: string; userAgent?: string } {
  return { remoteAddress: ctx.remoteAddress, userAgent: ctx.req.headers['user-agent'] };
}

export const LOGIN_FLOW_COOKIE = 'MP_LOGIN_FLOW';
export const FLOW_SECONDS = 10 * 60;

export function flowCookie(ctx: RequestContext, value: string, maxAge: number): string {
  return serializeCookie(ctx.app.config, LOGIN_FLOW_COOKIE, value, { path: '/api/redirect', httpOnly: true, sameSite: 'Lax', maxAge });
}

/** The end of every sign-in that went wrong: a log line for the operator, the app's error page for the person. */
export function loginFailed(ctx: RequestContext, reason: string): Reply {
  const printable = reason.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500); // parts come from the query string
  ctx.app.logs.get('auth').warn(`browser sign-in failed: ${printable}`);
  return redirect(`${ctx.app.config.publicUrl}/#/error`);
}

/** The end of every sign-in that worked: a new session (never a continued one), its cookies, the app. */
export async function beginBrowserSession(ctx: RequestContext, options: { userId: number; rememberMe: boolean; accessToken?: string }): Promise<Reply> {
  const { config, db } = ctx.app;
  const previous = ctx.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, sessionIdHash(previous));
  const session = await createSession(db, { ...options, ...sessionOrigin(ctx) });
  addCookies(ctx, ...sessionCookies(config, session));
  return redirect(`${config.publicUrl}/#/`);
}

export function startLogin(ctx: RequestContext): Reply {
  const config = ctx.app.config;
  const state = randomToken(16);
  const verifier = newCodeVerifier();
  addCookies(ctx, flowCookie(ctx, `${state}.${verifier}`, FLOW_SECONDS));
  const url = new URL(`${config.publicUrl}/oauth/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', FRONTEND_CLIENT_ID);
  url.searchParams.set('redirect_uri', loginRedirectUri(config));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', codeChallengeOf(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  const lang = ctx.query.get('lang');
  if (lang && (SIGN_IN_LANGUAGES as readonly string[]).includes(lang)) url.searchParams.set('lang', lang);
  return redirect(url.toString());
}

export async function finishLogin(ctx: RequestContext): Promise<Reply> {
  const { config, db } = ctx.app;
  addCookies(ctx, flowCookie(ctx, '', 0)); // one attempt per flow, whatever happens
  const failed = (reason: string) => loginFailed(ctx, reason);
  const [state, verifier] = (ctx.cookies[LOGIN_FLOW_COOKIE] ?? '').split('.');
  if (ctx.query.has('error')) return failed(`authorization server answered ${ctx.query.get('error')}`);
  if (!state || !verifier || !safeEqual(ctx.query.get('state'), state)) return failed('state does not match');
  const client = await findClient(db, FRONTEND_CLIENT_ID);
  if (!client) return failed(`no OAuth client ${FRONTEND_CLIENT_ID}`);
  let grant;
  try {
    grant = await authorizationCodeGrant(
      ctx.app,
      client,
      { code: ctx.query.get('code'), redirectUri: loginRedirectUri(config), codeVerifier: verifier },
      false, // the session needs no refresh token
    );
  } catch (error) {
    if (error instanceof OAuthError) return failed(`${error.code}: ${error.description}`);
    throw error;
  }
  return beginBrowserSession(ctx, { userId: grant.userId!, rememberMe: grant.rememberMe ?? false, accessToken: grant.accessToken });
}
