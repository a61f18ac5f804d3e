// The account endpoints (api.md §2.3, §5.1): the signed-in user's own account and password, and the mailed-key
// flows (password reset, activation, "send activation e-mail"). Handlers live in src/server/account/.
import { changePassword, getAccount, saveAccount } from '../account/account-handlers';
import { activate, finishPasswordReset, requestPasswordReset, resendActivation } from '../account/key-flows';
import { Router } from '../http/router';

export function accountRoutes(): Router {
  return new Router()
    .get('/api/account', getAccount)
    .post('/api/account', saveAccount)
    .post('/api/account/change_password', changePassword)
    .post('/api/account/reset_password/init', requestPasswordReset)
    .post('/api/account/reset_password/finish', finishPasswordReset)
    .post('/api/account/reset-activation/init', resendActivation)
    .get('/api/activate', activate);
}
