// Roles: one role of a project or organization (ROLE.READ there; 403 before 404), every role and the system-admin
// roles (system admins), and creating or updating a role row (ROLE.CREATE / ROLE.UPDATE on its project or
// organization, role-write.ts). Role rows are also created when a user is first given a role, so a project without
// a row for an authority answers 404 for that authority. docs/projects.md.
import { parseAuthority } from '../../common/authorities';
import { ref } from '../../common/schema';
import { requireAccess } from '../auth/guards';
import { failureAlert } from '../http/alerts';
import { ok } from '../http/context';
import { notFoundVm } from '../http/errors';
import { perm, route, SYS_ADMIN, type JsonBody, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { loadRoles } from './role-dto';
import { resolveTarget, roleEntity, ROLE_OBJECT, type ResolvedTarget, type RoleBody } from './role-target';
import { createRole, loadExistingRole, roleIdNotFound, updateRole, type ExistingRole } from './role-write';

const ROLE_BODY: JsonBody = { objectName: ROLE_OBJECT, schema: ref('RoleDTO') };

const WRITE_DESCRIPTION = 'A PROJECT authority names its project by projectId (else projectName), an ORGANIZATION authority its '
  + 'organization by organizationId (else organizationName); ROLE_SYS_ADMIN neither. The caller needs the permission on '
  + 'that project or organization, and an organization role only comes from that organization (or a system admin).';

/** What the finder of PUT read: the row to update, or (no id) the role to create. */
interface PutFound {
  existing?: ExistingRole;
  create?: ResolvedTarget;
}

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

  route<RoleBody, ResolvedTarget>({
    method: 'POST', path: '/api/roles', access: perm('ROLE.CREATE', 'project'), body: ROLE_BODY,
    // An id is a 400 before the permission is checked, as for projects; the role's referent is read to check it.
    findFromBody: true,
    find: async ({ ctx, body }) => {
      if (body.id !== undefined && body.id !== null) throw failureAlert(400, 'idexists', 'role');
      const resolved = await resolveTarget(ctx.app.db, body);
      return { entity: resolved.entity, found: resolved };
    },
    handler: ({ ctx, principal, found }) => createRole(ctx, principal, found),
    doc: {
      tag: 'Roles', summary: 'Create a role row', description: WRITE_DESCRIPTION,
      success: doc.created(ref('RoleDTO'), 'Created; Location api/roles/{name}/{authorityName}, alert managementPortalApp.role.created'),
      errors: {
        400: 'idexists; error.invalidAuthority (unknown authority, no project or organization); a name that is not the id\'s',
        404: 'error.projectIdNotFound, error.projectNameNotFound, error.organizationNotFound, error.organizationNameNotFound',
        409: 'roleexists: the row exists already',
      },
    },
  }),

  route<RoleBody, PutFound>({
    method: 'PUT', path: '/api/roles', access: perm('ROLE.UPDATE', 'project'), body: ROLE_BODY,
    // Without an id this is a create, which needs ROLE.CREATE (checked in the handler; every role granted ROLE.UPDATE
    // is granted ROLE.CREATE too). With one, ROLE.UPDATE is checked on the stored row's referent here and on the new
    // one in the handler; an unknown id is checked as a global update, so only system admins learn it does not exist.
    findFromBody: true,
    find: async ({ ctx, body }) => {
      if (body.id === undefined || body.id === null) {
        const create = await resolveTarget(ctx.app.db, body);
        return { entity: create.entity, found: { create } };
      }
      const existing = await loadExistingRole(ctx.app.db, body.id);
      return { entity: existing ? roleEntity(existing) : {}, found: { existing } };
    },
    handler: async ({ ctx, principal, body, found }) => {
      if (found.create) {
        await requireAccess(ctx.app.db, principal, 'ROLE.CREATE', found.create.entity);
        return createRole(ctx, principal, found.create);
      }
      if (!found.existing) throw roleIdNotFound(body.id!);
      return updateRole(ctx, principal, found.existing, await resolveTarget(ctx.app.db, body));
    },
    doc: {
      tag: 'Roles', summary: 'Update a role row',
      description: `${WRITE_DESCRIPTION} Without id it creates. A row that users hold cannot change its authority or referent (409); `
        + 'change those users\' roles instead. A body equal to the row changes nothing.',
      success: doc.ok(ref('RoleDTO'), 'Saved; alert managementPortalApp.role.updated', ['alert']),
      errors: {
        400: 'error.invalidAuthority; a name that is not the id\'s',
        404: '404 NOT_FOUND (unknown role id), error.projectIdNotFound, error.projectNameNotFound, error.organizationNotFound, error.organizationNameNotFound',
        409: 'roleexists: another row is that role; error.roleInUse: users hold the row',
      },
    },
  }),
];
