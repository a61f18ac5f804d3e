// The portal as its own OAuth 2.0 authorization server (api.md §2.5 and "Where this server deliberately differs"
// 6): the authorization endpoint with its sign-in page and stylesheet, the token endpoint, and the public keys.
// All public: the token endpoint authenticates clients itself.
import { Router } from '../http/router';
import { ok } from '../http/context';
import { authorizeGet, authorizePost } from '../oauth/authorize-endpoint';
import { jsonWebKeySet, tokenKeySet } from '../oauth/key-sets';
import { SIGN_IN_CSS } from '../oauth/sign-in-style';
import { tokenEndpoint } from '../oauth/token-endpoint';

const KEYS_CACHE = { 'Cache-Control': 'public, max-age=300' };

export function oauthRoutes(): Router {
  return new Router()
    .get('/oauth/authorize', authorizeGet)
    .post('/oauth/authorize', authorizePost)
    .post('/oauth/token', tokenEndpoint)
    .get('/oauth/token_key', async (ctx) => ok(await tokenKeySet(ctx.app.keys), KEYS_CACHE))
    .get('/oauth/jwks', async (ctx) => ok(await jsonWebKeySet(ctx.app.keys), KEYS_CACHE))
    .get('/oauth/login.css', () => ({
      status: 200,
      raw: SIGN_IN_CSS,
      contentType: 'text/css; charset=utf-8',
      headers: { 'Cache-Control': 'public, max-age=3600' },
    }));
}
