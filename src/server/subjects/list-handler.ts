// The two subject lists (api.md §5.9): `GET api/subjects` (system admins; or, with `projectName`, whoever may read
// that project's subjects) and `GET api/projects/{p}/subjects`. A caller whose token alone proves the permission
// (system admin, a role in the project) costs one statement: the project is resolved by name inside it. Only a caller
// who may read through an organization role needs the project's organization looked up first. `api/subjects` with
// both `projectName` and `externalId` is the original's exact lookup: an array of one subject, with its project and
// provenance.
import { checkPermission } from '../../common/permission-check';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { accessDenied, apiError, notFoundVm } from '../http/errors';
import { allowed } from './access';
import { parseCriteria, type SubjectCriteria } from './criteria';
import { encodePathSegment, subjectListHeaders } from './list-link';
import { buildExactLookup, buildListStatement } from './list-sql';
import { getSubject, subjectDto } from './load-subject';
import { subjectRow, toSubjectDTO, type SubjectRow } from './subject-select';

interface ListRow {
  total: number;
  project_id: number | null;
  row_json: SubjectRow | string | null;
}

/** SUBJECT.READ on the named project, or globally (system admins) when none is named. */
async function requireRead(ctx: RequestContext, principal: Principal, projectName: string | undefined): Promise<void> {
  const ok = projectName === undefined
    ? checkPermission(principal.token, 'SUBJECT.READ', {})
    : await allowed(ctx.app.db, principal, 'SUBJECT.READ', { project: projectName });
  if (!ok) throw accessDenied('Missing permission SUBJECT.READ');
}

function projectNotFound(projectName: string) {
  return apiError(404, 'error.projectNameNotFound', 'project', `Project not found: ${projectName}`, { projectName });
}

/** Runs the page; undefined when the named project does not exist. */
async function page(ctx: RequestContext, c: SubjectCriteria, base: string): Promise<Reply | undefined> {
  const { sql, params } = buildListStatement(c, c.projectName === undefined ? undefined : { name: c.projectName });
  const rows = await ctx.app.db.query<ListRow>(sql, params);
  if (c.projectName !== undefined && rows[0]?.project_id == null) return undefined;
  const items = rows.flatMap((r) => (r.row_json === null ? [] : [toSubjectDTO(subjectRow(r.row_json))]));
  return ok(items, subjectListHeaders(base, c, Number(rows[0]?.total ?? 0), items));
}

async function exactLookup(ctx: RequestContext, c: SubjectCriteria, projectName: string, externalId: string): Promise<Reply> {
  const project = await first<{ id: number }>(ctx.app.db, 'SELECT id FROM project WHERE project_name = $1', [projectName]);
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
  await requireRead(ctx, principal, c.projectName);
  if (c.projectName !== undefined && c.externalId !== undefined) return exactLookup(ctx, c, c.projectName, c.externalId);
  return (await page(ctx, c, '/api/subjects')) ?? ok([], { 'X-Total-Count': '0' });
}

/** `GET api/projects/{projectName}/subjects`. */
export async function listProjectSubjects(ctx: RequestContext, principal: Principal): Promise<Reply> {
  const projectName = ctx.params.projectName;
  const c = parseCriteria(ctx.query, projectName);
  await requireRead(ctx, principal, projectName);
  const reply = await page(ctx, c, `/api/projects/${encodePathSegment(projectName)}/subjects`);
  if (!reply) throw projectNotFound(projectName);
  return reply;
}
