// Projects: the list (project-list.ts), one project, its source types and its roles,
// create and update (project-save.ts), delete of an empty project (project-delete.ts) and the public list
// (public-projects.ts). docs/projects.md.
import { checkScope } from '../../common/permission-check';
import { listOf, oneOf, ref } from '../../common/schema';
import { requireAccess } from '../auth/guards';
import { first } from '../db/database';
import { entityAlert, failureAlert } from '../http/alerts';
import { ok, type RequestContext } from '../http/context';
import { projectNotFound } from '../http/not-found';
import { perm, route, scope, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { loadRoles } from '../roles/role-dto';
import { deleteProject } from './project-delete';
import { loadProject, projectIdByName } from './project-dto';
import { PROJECT_SORTABLE, projectListPlan, readProjectList, type ProjectListPage } from './project-list';
import { organizationNameOf, PROJECT_BODY, toProjectInput, type ProjectBody } from './project-input';
import { createProject, organizationRequired, projectIdNotFound, updateExistingProject, type ExistingProject } from './project-save';
import { publicProjectRoutes } from './public-projects';
import { sourceTypesByProject } from './source-type-summary';

/** The full project's persistentTokenTimeout in the list. */
const listTimeout = (ctx: RequestContext) => ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined;

const PROJECT_PATH = { projectName: 'Project name' };

/** The organization a create names; a 400 without one. */
function creationOrganization(body: ProjectBody): string {
  const name = organizationNameOf(body);
  if (!name) throw organizationRequired();
  return name;
}

export const projectRoutes: RouteEntry[] = [
  route<undefined, undefined, ProjectListPage, { minimized?: boolean }>({
    method: 'GET', path: '/api/projects', access: scope('PROJECT.READ'),
    query: {
      ...doc.pageable(2000, Object.keys(PROJECT_SORTABLE)),
      minimized: doc.flag('Answer MinimalProjectDetailsDTOs ({id, projectName})', false),
    },
    early: {
      likely: (claimed) => checkScope(claimed, 'PROJECT.READ'),
      read: async ({ ctx, query }, callerLogin, token) =>
        readProjectList(ctx.app.db, projectListPlan(ctx.query, query.minimized === true, token), listTimeout(ctx), callerLogin),
    },
    handler: async ({ ctx, principal, query, early }) => {
      const plan = projectListPlan(ctx.query, query.minimized === true, principal.token);
      const read = await early();
      if (read.key === plan.key) return read.reply;
      return (await readProjectList(ctx.app.db, plan, listTimeout(ctx))).value.reply; // the token's roles were out of date
    },
    doc: {
      tag: 'Projects', summary: 'List projects', description: 'The projects in the caller\'s scope.',
      success: doc.ok(oneOf(listOf('ProjectDTO'), listOf('MinimalProjectDetailsDTO')), 'One page of full ProjectDTOs (or minimal ones)', ['paging']),
    },
  }),

  route<ProjectBody>({
    method: 'POST', path: '/api/projects', access: perm('PROJECT.CREATE', 'organization'), body: PROJECT_BODY,
    // An id and a missing organization are 400s before the permission on the organization is checked.
    findFromBody: true,
    find: ({ body }) => {
      if (body.id !== undefined && body.id !== null) throw failureAlert(400, 'idexists', 'project');
      return { organization: creationOrganization(body) };
    },
    handler: ({ ctx, principal, body }) => createProject(ctx, principal, toProjectInput(body)),
    doc: {
      tag: 'Projects', summary: 'Create a project', description: 'Needs organization.name or organizationName.',
      success: doc.created(ref('ProjectDTO'), 'Created; alert managementPortalApp.project.created'),
      errors: { 400: 'Field errors, error.validation (no organization), idexists, nameexists', 404: 'error.organizationNameNotFound' },
    },
  }),

  route<ProjectBody, ExistingProject | undefined>({
    method: 'PUT', path: '/api/projects', access: perm('PROJECT.UPDATE', 'project'), body: PROJECT_BODY,
    findFromBody: true,
    find: async ({ ctx, body }) => {
      // Without an id this is a create, which needs PROJECT.CREATE on the organization (checked in the handler).
      // Every role granted that is also granted PROJECT.UPDATE there, so this check refuses no one who may create.
      if (body.id === undefined || body.id === null) return { organization: creationOrganization(body) };
      const existing = await first<ExistingProject>(
        ctx.app.db,
        'SELECT p.project_name, o.name AS org_name FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE p.id = $1',
        [body.id],
      );
      // An unknown id is checked as a global update, so only system admins learn that it does not exist.
      if (!existing) return { entity: {} };
      return { entity: { project: existing.project_name, projectOrganization: existing.org_name }, found: existing };
    },
    handler: async ({ ctx, principal, body, found: existing }) => {
      const input = toProjectInput(body);
      if (input.id === undefined) {
        await requireAccess(ctx.app.db, principal, 'PROJECT.CREATE', { organization: input.organizationName });
        return createProject(ctx, principal, input);
      }
      if (!existing) throw projectIdNotFound(input.id);
      return updateExistingProject(ctx, principal, { ...input, id: input.id }, existing);
    },
    doc: {
      tag: 'Projects', summary: 'Update a project',
      description: 'The name cannot change; moving it to another organization needs PROJECT.UPDATE in both. '
        + 'Without id it creates (and needs PROJECT.CREATE on the organization).',
      success: doc.ok(ref('ProjectDTO'), 'Saved; alert managementPortalApp.project.updated', ['alert']),
      errors: { 400: 'Field errors, or error.validation', 404: 'error.projectIdNotFound, error.organizationNameNotFound' },
    },
  }),

  route({
    method: 'GET', path: '/api/projects/:projectName', access: perm('PROJECT.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, params }) => {
      const dto = await loadProject(ctx.app.db, params.projectName, ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined);
      if (!dto) throw projectNotFound(params.projectName);
      return ok(dto);
    },
    doc: {
      tag: 'Projects', summary: 'One project', pathParams: PROJECT_PATH,
      success: doc.ok(ref('ProjectDTO'), 'The full project'), errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/projects/:projectName', access: perm('PROJECT.DELETE', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, principal, params }) => {
      await deleteProject(ctx, principal, params.projectName);
      return ok(undefined, entityAlert('project', 'deleted', params.projectName));
    },
    doc: {
      tag: 'Projects', summary: 'Delete an empty project', pathParams: PROJECT_PATH,
      success: doc.ok(undefined, 'Deleted; alert managementPortalApp.project.deleted', ['alert']),
      errors: { 404: 'error.projectNameNotFound', 409: 'error.projectNotEmpty: subjects, sources or role holders remain' },
    },
  }),

  route({
    method: 'GET', path: '/api/projects/:projectName/source-types', access: perm('PROJECT.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, params }) => {
      const id = await projectIdByName(ctx.app.db, params.projectName);
      return ok((await sourceTypesByProject(ctx.app.db, [id])).get(id) ?? []);
    },
    doc: {
      tag: 'Projects', summary: 'Source types of a project', pathParams: PROJECT_PATH,
      success: doc.list('SourceTypeDTO', 'Reduced SourceTypeDTOs'), errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  route({
    method: 'GET', path: '/api/projects/:projectName/roles', access: perm('ROLE.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, params }) => {
      const id = await projectIdByName(ctx.app.db, params.projectName);
      return ok(await loadRoles(ctx.app.db, 'r.project_id = $1', [id]));
    },
    doc: {
      tag: 'Projects', summary: 'Roles of a project', pathParams: PROJECT_PATH,
      success: doc.list('RoleDTO', 'The project\'s role rows'), errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  ...publicProjectRoutes,
];
