// Public facts the client reads before anyone signs in: active profiles (dev ribbon, API docs menu) and the subject
// fields this installation hides.
import { ref } from '../../common/schema';
import { ok } from '../http/context';
import { PUBLIC, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';

export const siteRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/profile-info', access: PUBLIC,
    handler: ({ ctx }) => ok({ activeProfiles: ctx.app.config.profiles }),
    doc: { tag: 'Public', summary: 'Active profiles', success: doc.ok(ref('ProfileInfo'), 'e.g. {"activeProfiles":["prod","api-docs"]}') },
  }),

  route({
    method: 'GET', path: '/api/sitesettings', access: PUBLIC,
    handler: ({ ctx }) => ok({ hiddenSubjectFields: ctx.app.config.hiddenSubjectFields }),
    doc: { tag: 'Public', summary: 'Site settings', success: doc.ok(ref('SiteSettings'), 'Subject fields this installation hides') },
  }),
];
