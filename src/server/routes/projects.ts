// api/projects (api.md §5.7): the list (scoped to the caller, Pageable, `minimized`), one project, its source types
// and roles, create/update (projects/project-save.ts) and delete of an empty project (projects/project-delete.ts).
import type { MinimalProjectDetailsDTO } from '../../common/dto';
import { referentsByScope } from '../../common/permission-check';
import { requirePermission, requireScope } from '../auth/guards';
import { first } from '../db/database';
import { ok, type RequestContext } from '../http/context';
import { limitClause, orderByClause, pagingHeaders, parsePageable } from '../http/paging';
import { Router } from '../http/router';
import { entityAlert } from '../http/alerts';
import { deleteProject, projectNotFound } from '../projects/project-delete';
import { loadProject, PROJECT_SELECT, toProjectDTOs, type ProjectRow } from '../projects/project-dto';
import { createProject, updateProjectHandler } from '../projects/project-save';
import { loadRoles } from '../projects/role-dto';
import { sourceTypesByProject } from '../projects/source-type-summary';
import { booleanParam } from '../http/query-params';

const SORTABLE: Readonly<Record<string, string>> = {
  id: 'p.id',
  projectName: 'p.project_name',
  description: 'p.description',
  location: 'p.location',
  startDate: 'p.start_date',
  endDate: 'p.end_date',
  projectStatus: 'p.project_status',
  organizationName: 'o.name',
  'organization.name': 'o.name',
};

const IN_SCOPE = '($1::boolean OR o.name = ANY($2::text[]) OR p.project_name = ANY($3::text[]))';

async function list(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'PROJECT.READ');
  const minimized = booleanParam(ctx, 'minimized', false);
  const pageable = parsePageable(ctx.query, { defaultSize: 2000, sortable: SORTABLE });
  const scope = referentsByScope(principal.token, 'PROJECT.READ');
  const params: unknown[] = [scope.global, scope.organizations, scope.projects];
  const [{ total }] = await ctx.app.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE ${IN_SCOPE}`,
    params,
  );
  const sql = `${PROJECT_SELECT} WHERE ${IN_SCOPE} ${orderByClause(pageable, 'p.id')} ${limitClause(pageable, params)}`;
  const rows = await ctx.app.db.query<ProjectRow>(sql, params);
  const headers = pagingHeaders('/api/projects', pageable, total);
  if (minimized) return ok(rows.map((r): MinimalProjectDetailsDTO => ({ id: r.id, projectName: r.project_name })), headers);
  return ok(await toProjectDTOs(ctx.app.db, rows, 'full', (ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined)), headers);
}

/** The caller must hold `PROJECT.READ` on the project (403 before 404, so names do not leak); answers its id. */
async function readableProject(ctx: RequestContext, permission: 'PROJECT.READ' | 'ROLE.READ' = 'PROJECT.READ'): Promise<number> {
  const name = ctx.params.projectName;
  await requireScope(ctx, permission);
  await requirePermission(ctx, permission, { project: name });
  const row = await first<{ id: number }>(ctx.app.db, 'SELECT id FROM project WHERE project_name = $1', [name]);
  if (!row) throw projectNotFound(name);
  return row.id;
}

async function getOne(ctx: RequestContext) {
  await readableProject(ctx);
  const dto = await loadProject(ctx.app.db, ctx.params.projectName, (ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined));
  if (!dto) throw projectNotFound(ctx.params.projectName);
  return ok(dto);
}

async function sourceTypes(ctx: RequestContext) {
  const id = await readableProject(ctx);
  return ok((await sourceTypesByProject(ctx.app.db, [id])).get(id) ?? []);
}

async function roles(ctx: RequestContext) {
  const id = await readableProject(ctx, 'ROLE.READ');
  return ok(await loadRoles(ctx.app.db, 'r.project_id = $1', [id]));
}

async function remove(ctx: RequestContext) {
  const name = ctx.params.projectName;
  const principal = await requireScope(ctx, 'PROJECT.DELETE');
  await requirePermission(ctx, 'PROJECT.DELETE', { project: name });
  await deleteProject(ctx, principal, name);
  return ok(undefined, entityAlert('project', 'deleted', name));
}

export function projectRoutes(): Router {
  return new Router()
    .get('/api/projects', list)
    .post('/api/projects', createProject)
    .put('/api/projects', updateProjectHandler)
    .get('/api/projects/:projectName', getOne)
    .delete('/api/projects/:projectName', remove)
    .get('/api/projects/:projectName/source-types', sourceTypes)
    .get('/api/projects/:projectName/roles', roles);
}
