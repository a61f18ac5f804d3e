// Browser sign-in and sessions (api.md §2.1-2.2, §5.2): the redirect endpoints the client navigates to, and the
// token-to-session and logout calls. All public: each checks what it needs itself. With OIDC_ISSUER set, the
// browser sign-in goes through the external OpenID Connect provider (oidc/oidc-login.ts) instead of oauth/authorize.
import type { RequestContext } from '../http/context';
import { redirect } from '../http/context';
import { Router } from '../http/router';
import { finishOidcLogin, startOidcLogin } from '../oidc/oidc-login';
import { oidcProviderOf } from '../oidc/oidc-provider';
import { finishLogin, startLogin } from '../session/login-flow';
import { apiLogin, apiLogout } from '../session/session-endpoints';

function redirectLogin(ctx: RequestContext) {
  const finishing = ctx.query.has('code') || ctx.query.has('error');
  const provider = oidcProviderOf(ctx.app);
  if (provider) return finishing ? finishOidcLogin(ctx, provider) : startOidcLogin(ctx, provider);
  return finishing ? finishLogin(ctx) : startLogin(ctx);
}

export function loginRoutes(): Router {
  return new Router()
    .get('/api/redirect/login', redirectLogin)
    .get('/api/redirect/account', (ctx) => redirect(ctx.app.config.oidc?.accountUrl ?? `${ctx.app.config.publicUrl}/#/settings`))
    .post('/api/login', apiLogin)
    .post('/api/logout', apiLogout);
}
