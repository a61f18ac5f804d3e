// Browser sign-in and sessions (api.md §2.1-2.2, §5.2): the redirect endpoints the client navigates to, and the
// token-to-session and logout calls. All public: each checks what it needs itself.
import { redirect } from '../http/context';
import { Router } from '../http/router';
import { finishLogin, startLogin } from '../session/login-flow';
import { apiLogin, apiLogout } from '../session/session-endpoints';

export function loginRoutes(): Router {
  return new Router()
    .get('/api/redirect/login', (ctx) => (ctx.query.has('code') || ctx.query.has('error') ? finishLogin(ctx) : startLogin(ctx)))
    .get('/api/redirect/account', (ctx) => redirect(`${ctx.app.config.publicUrl}/#/settings`))
    .post('/api/login', apiLogin)
    .post('/api/logout', apiLogout);
}
