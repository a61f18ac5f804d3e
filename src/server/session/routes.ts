// Browser sign-in and sessions (docs/oauth.md, Sessions and sign-in): the redirect endpoints the client navigates
// to, and the token-to-session and logout calls. With OIDC_ISSUER set, the browser sign-in goes through the external
// OpenID Connect provider (oidc/oidc-login.ts) instead of oauth/authorize. A sign-in that goes wrong ends on the
// app's error page, so api/redirect/login reads its own query (the declared parameters only document it).
import { ref, string } from '../../common/schema';
import { redirect, type RequestContext } from '../http/context';
import { AUTHENTICATED, PUBLIC, route, SYS_ADMIN, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { finishOidcLogin, startOidcLogin } from '../oidc/oidc-login';
import { oidcProviderOf } from '../oidc/oidc-provider';
import { finishLogin, startLogin } from './login-flow';
import { apiLogin, apiLogout } from './session-endpoints';
import { endOtherSessions, endOwnSession, endSessionsOfLogin, listOwnSessions } from './user-sessions';

function redirectLogin(ctx: RequestContext) {
  const finishing = ctx.query.has('code') || ctx.query.has('error');
  const provider = oidcProviderOf(ctx.app);
  if (provider) return finishing ? finishOidcLogin(ctx, provider) : startOidcLogin(ctx, provider);
  return finishing ? finishLogin(ctx) : startLogin(ctx);
}

export const sessionRoutes: RouteEntry[] = [
  route<undefined, undefined, undefined, URLSearchParams>({
    method: 'GET', path: '/api/redirect/login', access: PUBLIC, changesState: true,
    query: {
      code: doc.param(string(), 'The way back: the authorization code'),
      state: doc.param(string(), 'The way back: must match the flow cookie'),
      error: doc.param(string(), 'The way back: the authorization server refused'),
      lang: doc.param(string(), 'The start: language of the sign-in page'),
    },
    parseQuery: (query) => query,
    handler: ({ ctx }) => redirectLogin(ctx),
    doc: {
      tag: 'Sign-in', summary: 'Start or finish the browser sign-in',
      description: 'Without `code`: redirects to oauth/authorize (authorization code with state and PKCE). With `code`: exchanges it, stores the session (cookies SESSION and XSRF-TOKEN) and redirects to `#/`. A browser navigation, not an API call.',
      success: { ...doc.found('To the sign-in page, or back to the app'), headers: ['location', 'setCookie'] },
    },
  }),

  route({
    method: 'GET', path: '/api/redirect/account', access: PUBLIC,
    handler: ({ ctx }) => redirect(ctx.app.config.oidc?.accountUrl ?? `${ctx.app.config.publicUrl}/#/settings`),
    doc: { tag: 'Sign-in', summary: 'Redirect to the account settings page', success: doc.found('To `#/settings` (or the OpenID Connect provider\'s account page)') },
  }),

  route({
    method: 'POST', path: '/api/login', access: AUTHENTICATED,
    handler: ({ ctx, principal }) => apiLogin(ctx, principal),
    doc: {
      tag: 'Sign-in', summary: 'Turn a bearer token into a browser session',
      description: 'Needs `Authorization: Bearer <token>` of a user (not a client). Sets the session cookies. The session has no more than the token: its scopes, and no life beyond its expiry.',
      success: { ...doc.ok(ref('UserDTO'), 'The account, as GET api/account'), headers: ['setCookie'] },
      errors: { 403: 'error.accessDenied: a client-credentials token, or a user REQUIRE_2FA asks a second factor of who has none yet' },
    },
  }),

  route({
    method: 'POST', path: '/api/logout', access: PUBLIC,
    handler: ({ ctx }) => apiLogout(ctx),
    doc: {
      tag: 'Sign-in', summary: 'End the session', description: 'Clears the session cookies. A live session needs the X-XSRF-TOKEN header.',
      success: { ...doc.noContent('Signed out'), headers: ['setCookie'] },
    },
  }),

  route({
    method: 'GET', path: '/api/account/sessions', access: AUTHENTICATED,
    handler: ({ ctx, principal }) => listOwnSessions(ctx, principal),
    doc: {
      tag: 'Sign-in', summary: 'The signed-in user\'s browser sessions', description: 'Live sessions, most recently used first; `current` marks the one of this request.',
      success: doc.list('SessionDTO', 'The sessions'),
      errors: { 403: 'error.accessDenied: a client-credentials token has no account' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/account/sessions', access: AUTHENTICATED,
    handler: ({ ctx, principal }) => endOtherSessions(ctx, principal),
    doc: {
      tag: 'Sign-in', summary: 'End all other sessions', description: 'Every session of the signed-in user except the one of this request. Audited (SESSIONS_ENDED).',
      success: doc.noContent('Ended'),
      errors: { 403: 'error.accessDenied: a client-credentials token has no account' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/account/sessions/:id', access: AUTHENTICATED,
    handler: ({ ctx, principal, params }) => endOwnSession(ctx, principal, params.id),
    doc: {
      tag: 'Sign-in', summary: 'End one session', description: 'One of the signed-in user\'s sessions, the current one included (that signs out). Audited (SESSION_ENDED).',
      pathParams: { id: 'The public id from GET api/account/sessions' },
      success: doc.noContent('Ended'),
      errors: { 404: 'error.entityNotFound: no such session of this user (another user\'s session answers alike)' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/users/:login/sessions', access: SYS_ADMIN,
    handler: ({ ctx, principal, params }) => endSessionsOfLogin(ctx, principal, params.login),
    doc: {
      tag: 'Users', summary: 'End every session of a user', description: 'System admins only. Audited (SESSIONS_ENDED).',
      pathParams: { login: 'The user\'s login' },
      success: doc.noContent('Ended'),
      errors: { 404: 'error.entityNotFound: no such user' },
    },
  }),
];
