// GET api/redirect/login when OIDC_ISSUER is set: the portal's browser sign-in goes to the external provider instead
// of our own oauth/authorize. The start sends the browser to the provider's authorization endpoint with
// response_type=code, a random state and nonce and a PKCE S256 challenge, all kept in the short-lived flow cookie
// (nothing in memory, so any server process can take the way back). The way back checks state, exchanges the code
// at the provider's token endpoint, verifies the ID token, finds the activated portal user the configured claim
// names and starts the browser session exactly as the built-in sign-in does. Any failure ends on the app's error
// page with a log line saying why; the browser is never told more than that.
import { randomUUID } from 'node:crypto';
import type { Reply, RequestContext } from '../http/context';
import { redirect } from '../http/context';
import { recordAuditEvent } from '../oauth/audit';
import { findClient } from '../oauth/client-store';
import { FRONTEND_CLIENT_ID, loginRedirectUri } from '../oauth/frontend-client';
import { OAuthError } from '../oauth/oauth-error';
import { codeChallengeOf, newCodeVerifier } from '../oauth/pkce';
import { randomToken, safeEqual } from '../oauth/secrets';
import { SIGN_IN_LANGUAGES } from '../oauth/sign-in-messages';
import { issueTokens } from '../oauth/token-issuer';
import { addCookies } from '../session/cookies';
import { beginBrowserSession, FLOW_SECONDS, flowCookie, LOGIN_FLOW_COOKIE, loginFailed } from '../session/login-flow';
import type { OidcProvider } from './oidc-provider';
import { findOidcUser, loginClaimValue } from './oidc-user';
import { OidcFailure } from './provider-fetch';

function failure(ctx: RequestContext, error: unknown): Reply {
  if (error instanceof OidcFailure) return loginFailed(ctx, error.message);
  if (error instanceof OAuthError) return loginFailed(ctx, `${error.code}: ${error.description}`);
  ctx.app.logs.get('auth').error('OpenID Connect sign-in broke unexpectedly', error);
  return loginFailed(ctx, `unexpected ${(error as Error)?.name ?? 'error'}`);
}

export async function startOidcLogin(ctx: RequestContext, provider: OidcProvider): Promise<Reply> {
  let authorizationEndpoint: string;
  try {
    authorizationEndpoint = (await provider.metadata()).authorizationEndpoint;
  } catch (error) {
    return failure(ctx, error);
  }
  const { config } = ctx.app;
  const state = randomToken(16);
  const nonce = randomToken(16);
  const verifier = newCodeVerifier();
  addCookies(ctx, flowCookie(ctx, `${state}.${verifier}.${nonce}`, FLOW_SECONDS));
  const url = new URL(authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.config.clientId);
  url.searchParams.set('redirect_uri', loginRedirectUri(config));
  url.searchParams.set('scope', provider.config.scopes.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', codeChallengeOf(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  const lang = ctx.query.get('lang');
  if (lang && (SIGN_IN_LANGUAGES as readonly string[]).includes(lang)) url.searchParams.set('ui_locales', lang);
  return redirect(url.toString());
}

/** The provider's claims about the person: the ID token's, completed from userinfo when it lacks the login claim. */
async function claimsOf(ctx: RequestContext, provider: OidcProvider, code: string, verifier: string, nonce: string) {
  const metadata = await provider.metadata();
  const iss = ctx.query.get('iss'); // RFC 9207: a provider that names itself must be ours (no mix-up)
  if (iss !== null && iss !== metadata.issuer) throw new OidcFailure(`the answer comes from issuer ${iss}, not ${metadata.issuer}`);
  const tokens = await provider.exchangeCode({ code, redirectUri: loginRedirectUri(ctx.app.config), codeVerifier: verifier });
  const claims = await provider.verifyIdToken(tokens.idToken, nonce);
  if (loginClaimValue(claims, provider.config.loginClaim) !== undefined || !tokens.accessToken || !metadata.userinfoEndpoint) return claims;
  return { ...(await provider.userinfo(tokens.accessToken, claims.sub)), ...claims };
}

export async function finishOidcLogin(ctx: RequestContext, provider: OidcProvider): Promise<Reply> {
  const { db, keys } = ctx.app;
  addCookies(ctx, flowCookie(ctx, '', 0)); // one attempt per flow, whatever happens
  const [state, verifier, nonce] = (ctx.cookies[LOGIN_FLOW_COOKIE] ?? '').split('.');
  if (ctx.query.has('error')) {
    const description = ctx.query.get('error_description');
    return loginFailed(ctx, `OpenID Connect provider answered ${ctx.query.get('error')}${description ? `: ${description}` : ''}`);
  }
  if (!state || !verifier || !nonce || !safeEqual(ctx.query.get('state'), state)) return loginFailed(ctx, 'state does not match');
  const code = ctx.query.get('code');
  if (!code) return loginFailed(ctx, 'the provider sent no code');
  try {
    const claims = await claimsOf(ctx, provider, code, verifier, nonce);
    const claim = provider.config.loginClaim;
    const match = await findOidcUser(db, claim, claims);
    if (!match.user || match.problem) {
      await recordAuditEvent(db, match.value || claims.sub, 'AUTHENTICATION_FAILURE', {
        type: 'OpenIdConnect', message: match.problem, sub: claims.sub, remoteAddress: ctx.remoteAddress,
      });
      return loginFailed(ctx, `${match.problem} (OpenID Connect sub ${claims.sub})`);
    }
    const user = match.user;
    const client = await findClient(db, FRONTEND_CLIENT_ID);
    if (!client) return loginFailed(ctx, `no OAuth client ${FRONTEND_CLIENT_ID}`);
    await keys.signingKey(); // loaded before the transaction: PGlite runs one statement stream at a time
    // The session holds a portal access token like the built-in sign-in's (audited as GRANT_ACCESS_TOKEN).
    const issued = await db.transaction(async (tx) => {
      await recordAuditEvent(tx, user.login, 'AUTHENTICATION_SUCCESS', { type: 'OpenIdConnect', sub: claims.sub, remoteAddress: ctx.remoteAddress });
      return issueTokens(tx, keys, {
        client, grantType: 'authorization_code', scopes: client.scopes, userId: user.id, withRefreshToken: false, grantId: randomUUID(),
      });
    });
    // No remember-me: the provider keeps its own sign-in, so after 30 idle minutes the way through it is quick.
    return await beginBrowserSession(ctx, { userId: user.id, rememberMe: false, accessToken: issued.accessToken });
  } catch (error) {
    return failure(ctx, error);
  }
}
