// The portal as its own OAuth 2.0 authorization server (docs/oauth.md): the authorization endpoint with its sign-in
// page and stylesheet, the token endpoint, and the public keys. The token endpoint authenticates clients itself and
// reads its own form, so that every problem, a body that is not a form included, is an OAuth error body. The
// authorization endpoint reads its own query: its problems are an HTML answer or a redirect to the client, never the
// router's field errors, so the declared query parameters only document it.
import { ref, string } from '../../common/schema';
import { ok } from '../http/context';
import { CLIENT, PUBLIC, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { authorizeGet, authorizePost } from './authorize-endpoint';
import { jsonWebKeySet, tokenKeySet } from './key-sets';
import { SIGN_IN_CSS } from './sign-in-style';
import { tokenEndpoint } from './token-endpoint';

const KEYS_CACHE = { 'Cache-Control': 'public, max-age=300' };

const AUTHORIZE_QUERY = {
  client_id: doc.param(string(), 'The OAuth client', true),
  response_type: doc.param(string(undefined, { enum: ['code'] }), undefined, true),
  redirect_uri: doc.param(string(), 'One of the client\'s registered redirect URIs', true),
  state: doc.param(string(), 'Echoed back to the redirect URI'),
  scope: doc.param(string(), 'Space separated'),
  code_challenge: doc.param(string(), 'PKCE (S256)'),
  code_challenge_method: doc.param(string(undefined, { enum: ['S256', 'plain'] })),
};

export const oauthRoutes: RouteEntry[] = [
  route<undefined, undefined, undefined, URLSearchParams>({
    method: 'GET', path: '/oauth/authorize', access: PUBLIC, query: AUTHORIZE_QUERY, parseQuery: (query) => query,
    handler: ({ ctx }) => authorizeGet(ctx),
    doc: {
      tag: 'OAuth 2.0', summary: 'Authorization endpoint',
      description: 'Shows the sign-in page (HTML), or redirects to the redirect URI with a code when a sign-in session exists.',
      success: { status: 200, description: 'The sign-in page', schema: string(), contentType: 'text/html' },
      errors: { 400: 'Unknown client or redirect URI (HTML page)' },
    },
  }),

  route<URLSearchParams>({
    method: 'POST', path: '/oauth/authorize', access: PUBLIC,
    body: { kind: 'form', description: 'username, password, remember-me (present = on), lang, the sign-in form\'s CSRF token, and the authorize parameters' },
    handler: ({ ctx, body }) => authorizePost(ctx, body),
    doc: {
      tag: 'OAuth 2.0', summary: 'Submit the sign-in form',
      description: 'Form fields `username`, `password`, `remember-me`, plus the authorize parameters. Failed attempts are throttled.',
      success: doc.found('To the redirect URI with `code` and `state`'),
      errors: { 400: 'Unknown client or redirect URI' },
    },
  }),

  route({
    method: 'POST', path: '/oauth/token', access: CLIENT,
    body: {
      kind: 'raw', contentType: 'application/x-www-form-urlencoded',
      description: 'grant_type (authorization_code, refresh_token, password or client_credentials); authorization_code: code, '
        + 'redirect_uri, code_verifier (PKCE); refresh_token: refresh_token; password: username, password; scope (space separated, '
        + 'reduced to what the user\'s roles allow); client_id and client_secret for client authentication without HTTP Basic. '
        + 'Each parameter at most once.',
    },
    handler: ({ ctx }) => tokenEndpoint(ctx),
    doc: {
      tag: 'OAuth 2.0', summary: 'Token endpoint',
      description: 'Grants authorization_code, refresh_token, password and client_credentials to registered clients. Refresh tokens are single-use.',
      success: doc.ok(ref('OAuthTokenResponse'), 'Tokens (Cache-Control: no-store)'),
      errors: { 400: 'OAuth error body, e.g. {"error":"invalid_grant"}', 401: 'invalid_client' },
    },
  }),

  route({
    method: 'GET', path: '/oauth/token_key', access: PUBLIC,
    handler: async ({ ctx }) => ok(await tokenKeySet(ctx.app.keys), KEYS_CACHE),
    doc: { tag: 'OAuth 2.0', summary: 'Public signing keys (PEM)', success: doc.ok(ref('TokenKeySet'), 'The keys tokens are verified with') },
  }),

  route({
    method: 'GET', path: '/oauth/jwks', access: PUBLIC,
    handler: async ({ ctx }) => ok(await jsonWebKeySet(ctx.app.keys), KEYS_CACHE),
    doc: { tag: 'OAuth 2.0', summary: 'Public signing keys (JWK Set)', success: doc.ok(ref('JsonWebKeySet'), 'RFC 7517 key set') },
  }),

  route({
    method: 'GET', path: '/oauth/login.css', access: PUBLIC,
    handler: () => ({ status: 200, raw: SIGN_IN_CSS, contentType: 'text/css; charset=utf-8', headers: { 'Cache-Control': 'public, max-age=3600' } }),
    doc: {
      tag: 'OAuth 2.0', summary: 'Stylesheet of the sign-in page',
      success: { status: 200, description: 'CSS', schema: string(), contentType: 'text/css' },
    },
  }),
];
