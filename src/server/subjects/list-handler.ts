// The two subject lists (api.md §5.9): `GET api/subjects` (system admins; or, with `projectName`, whoever may read
// that project's subjects) and `GET api/projects/{p}/subjects`. One query finds the project and its organization
// (for the permission check), one statement answers the page and its total. `api/subjects` with both `projectName`
// and `externalId` is the original's exact lookup: an array of one subject with its project and provenance.
import { checkPermission } from '../../common/permission-check';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { accessDenied, apiError, notFoundVm } from '../http/errors';
import { parseCriteria, type SubjectCriteria } from './criteria';
import { encodePathSegment, subjectListHeaders } from './list-link';
import { buildExactLookup, buildListStatement } from './list-sql';
import { getSubject, subjectDto } from './load-subject';
import { toSubjectDTO, type SubjectRow } from './subject-select';

interface ProjectRef {
  id: number;
  organization: string;
}

async function findProject(ctx: RequestContext, name: string): Promise<ProjectRef | undefined> {
  return first<ProjectRef>(
    ctx.app.db,
    'SELECT p.id, o.name AS organization FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE p.project_name = $1',
    [name],
  );
}

/** SUBJECT.READ on the project (its stored organization attached), or globally when no project is named. */
function mayRead(principal: Principal, projectName: string | undefined, project: ProjectRef | undefined): boolean {
  if (projectName === undefined) return checkPermission(principal.token, 'SUBJECT.READ', {});
  return checkPermission(principal.token, 'SUBJECT.READ', { project: projectName, projectOrganization: project?.organization ?? null });
}

async function page(ctx: RequestContext, c: SubjectCriteria, projectId: number | undefined, base: string): Promise<Reply> {
  const { sql, params } = buildListStatement(c, projectId);
  const rows = await ctx.app.db.query<SubjectRow & { total: number }>(sql, params);
  const items = rows.filter((r) => r.id !== null).map(toSubjectDTO);
  return ok(items, subjectListHeaders(base, c, Number(rows[0]?.total ?? 0), items));
}

async function exactLookup(ctx: RequestContext, c: SubjectCriteria, project: ProjectRef | undefined, externalId: string): Promise<Reply> {
  if (!project) throw notFoundVm();
  const { sql, params } = buildExactLookup(c, project.id, externalId);
  const match = await first<{ id: number }>(ctx.app.db, sql, params);
  if (!match) throw notFoundVm();
  const found = await getSubject(ctx.app.db, { id: match.id });
  return ok([await subjectDto(ctx.app.db, found, { project: 'reduced', provenance: true })]);
}

/** `GET api/subjects`. */
export async function listAllSubjects(ctx: RequestContext, principal: Principal): Promise<Reply> {
  const c = parseCriteria(ctx.query);
  const project = c.projectName === undefined ? undefined : await findProject(ctx, c.projectName);
  if (!mayRead(principal, c.projectName, project)) throw accessDenied('Missing permission SUBJECT.READ');
  if (c.projectName !== undefined && c.externalId !== undefined) return exactLookup(ctx, c, project, c.externalId);
  if (c.projectName !== undefined && !project) return ok([], { 'X-Total-Count': '0' });
  return page(ctx, c, project?.id, '/api/subjects');
}

/** `GET api/projects/{projectName}/subjects`. */
export async function listProjectSubjects(ctx: RequestContext, principal: Principal): Promise<Reply> {
  const projectName = ctx.params.projectName;
  const c = parseCriteria(ctx.query, projectName);
  const project = await findProject(ctx, projectName);
  if (!mayRead(principal, projectName, project)) throw accessDenied('Missing permission SUBJECT.READ');
  if (!project) throw apiError(404, 'error.projectNameNotFound', 'project', `Project not found: ${projectName}`, { projectName });
  return page(ctx, c, project.id, `/api/projects/${encodePathSegment(projectName)}/subjects`);
}
