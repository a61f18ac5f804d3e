// Roles: one role of a project or organization (ROLE.READ there; 403 before 404), every role and the system-admin
// roles (system admins). Role rows are created when a user is first given a role, so a project without a holder of
// an authority answers 404 for that authority. docs/projects.md.
import { parseAuthority } from '../../common/authorities';
import { ref } from '../../common/schema';
import { ok } from '../http/context';
import { notFoundVm } from '../http/errors';
import { perm, route, SYS_ADMIN, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { loadRoles } from './role-dto';

export const roleRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/roles', access: perm('ROLE.READ', 'global'),
    // As in ManagementPortal, a client-credentials token may call this but gets no roles.
    handler: async ({ ctx, principal }) => ok(principal.login ? await loadRoles(ctx.app.db, 'TRUE') : []),
    doc: {
      tag: 'Roles', summary: 'Every role', description: 'A client-credentials token gets an empty list.',
      success: doc.list('RoleDTO', 'All roles'),
    },
  }),

  route({
    method: 'GET', path: '/api/roles/admin', access: SYS_ADMIN,
    handler: async ({ ctx }) => ok(await loadRoles(ctx.app.db, "r.authority_name = 'ROLE_SYS_ADMIN'")),
    doc: { tag: 'Roles', summary: 'System administrator roles', success: doc.list('RoleDTO', 'Roles with authority ROLE_SYS_ADMIN') },
  }),

  route({
    method: 'GET', path: '/api/roles/:name/:authorityName', access: perm('ROLE.READ', 'project'),
    // An organization authority is checked on the organization of that name, any other on the project.
    find: ({ params }) => (parseAuthority(params.authorityName)?.scope === 'ORGANIZATION' ? { organization: params.name } : { project: params.name }),
    handler: async ({ ctx, params }) => {
      const authority = parseAuthority(params.authorityName);
      const where = authority?.scope === 'ORGANIZATION' ? 'o.name = $2' : authority?.scope === 'PROJECT' ? 'p.project_name = $2' : undefined;
      if (!where) throw notFoundVm();
      const [role] = await loadRoles(ctx.app.db, `r.authority_name = $1 AND ${where}`, [authority!.name, params.name]);
      if (!role) throw notFoundVm();
      return ok(role);
    },
    doc: {
      tag: 'Roles', summary: 'One role of a project or organization',
      description: 'Role rows are created when first given, so an authority nobody holds yet answers 404. '
        + 'ROLE.READ is checked on the organization for an organization authority, else on the project.',
      pathParams: { name: 'Project name (or organization name for ROLE_ORGANIZATION_ADMIN)', authorityName: 'e.g. ROLE_PROJECT_ADMIN' },
      success: doc.ok(ref('RoleDTO'), 'The role'), errors: { 404: '404 NOT_FOUND' },
    },
  }),
];
