// Public facts the client reads before anyone signs in: active profiles (dev ribbon, API docs menu) and the subject
// fields this installation hides.
import { ok } from '../http/context';
import { Router } from '../http/router';

export function publicInfoRoutes(): Router {
  return new Router()
    .get('/api/profile-info', (ctx) => ok({ activeProfiles: ctx.app.config.profiles }))
    .get('/api/sitesettings', (ctx) => ok({ hiddenSubjectFields: ctx.app.config.hiddenSubjectFields }));
}
