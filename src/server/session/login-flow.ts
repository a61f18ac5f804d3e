// GET api/redirect/login (api.md §2.1, made real OAuth): without `code` it starts an authorization-code flow with a
// random `state` and a PKCE verifier, both kept in a short-lived HttpOnly cookie scoped to api/redirect; with
// `code` it checks `state`, exchanges the code in process (no HTTP call to ourselves), starts the browser session
// and sends the browser to the app. Any failure ends at the app's error page; the token never appears in a URL.
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

export const LOGIN_FLOW_COOKIE = 'MP_LOGIN_FLOW';
const FLOW_SECONDS = 10 * 60;

function flowCookie(ctx: RequestContext, value: string, maxAge: number): string {
  return serializeCookie(ctx.app.config, LOGIN_FLOW_COOKIE, value, { path: '/api/redirect', httpOnly: true, sameSite: 'Lax', maxAge });
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
  const log = ctx.app.logs.get('auth');
  addCookies(ctx, flowCookie(ctx, '', 0)); // one attempt per flow, whatever happens
  const failed = (reason: string) => {
    log.warn(`browser sign-in failed: ${reason}`);
    return redirect(`${config.publicUrl}/#/error`);
  };
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
  const previous = ctx.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, sessionIdHash(previous)); // a new sign-in never continues an old session
  const session = await createSession(db, { userId: grant.userId!, rememberMe: grant.rememberMe ?? false, accessToken: grant.accessToken });
  addCookies(ctx, ...sessionCookies(config, session));
  return redirect(`${config.publicUrl}/#/`);
}
