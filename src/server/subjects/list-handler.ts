// The two subject lists (api.md §5.9): `GET api/subjects` (system admins; or, with `projectName`, whoever may read
// that project's subjects) and `GET api/projects/{p}/subjects`. A caller whose token alone proves the permission
// (system admin, a role in the project) costs one statement: the project is resolved by name inside it. Only a caller
// who may read through an organization role needs the project's organization looked up first. `api/subjects` with
// both `projectName` and `externalId` is the original's exact lookup: an array of one subject, with its project and
// provenance.
import { checkPermission } from '../../common/permission-check';
import { requireAuthSpeculating, type SpeculativeRead } from '../auth/guards';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { accessDenied, apiError, notFoundVm } from '../http/errors';
import { JSON_CONTENT_TYPE } from '../http/respond';
import { allowed } from './access';
import { parseCriteria, type SubjectCriteria } from './criteria';
import { encodePathSegment, subjectListHeaders } from './list-link';
import { buildExactLookup, buildListStatement, requireCompleteCursor } from './list-sql';
import { getSubject, subjectDto } from './load-subject';

interface ListRow {
  total: number;
  project_id: number | null;
  subject_id: number | null;
  subject_login: string | null;
  subject_external_id: string | null;
  dto: string | null;
  caller?: unknown;
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

/** Runs the page (and loads the caller named, see requireAuthSpeculating); value undefined when the named project
 * does not exist. */
async function page(ctx: RequestContext, c: SubjectCriteria, base: string, callerLogin?: string): Promise<SpeculativeRead<Reply | undefined>> {
  const { sql, params, planPerCall } = buildListStatement(c, c.projectName === undefined ? undefined : { name: c.projectName }, callerLogin);
  const rows = await ctx.app.db.query<ListRow>(sql, params, { planPerCall });
  const caller = rows[0]?.caller;
  if (c.projectName !== undefined && rows[0]?.project_id == null) return { value: undefined, caller };
  const subjects = rows.filter((r) => r.dto !== null);
  const last = subjects[subjects.length - 1];
  const cursor = last && { id: Number(last.subject_id), login: last.subject_login!, externalId: last.subject_external_id };
  // The database wrote each subject's JSON (subject_list_dtos): joined as they are, never parsed here.
  const reply: Reply = {
    status: 200,
    raw: `[${subjects.map((r) => r.dto).join(',')}]`,
    contentType: JSON_CONTENT_TYPE,
    headers: subjectListHeaders(base, c, Number(rows[0]?.total ?? 0), cursor),
  };
  return { value: reply, caller };
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

/** The criteria, or the 400 they make, kept until the caller is authenticated (its 401 comes first). An
 * incomplete cursor is such a 400 too. */
function criteriaOf(ctx: RequestContext, projectName?: string): { criteria: SubjectCriteria } | { error: unknown } {
  try {
    const criteria = parseCriteria(ctx.query, projectName);
    requireCompleteCursor(criteria);
    return { criteria };
  } catch (error) {
    return { error };
  }
}

/** `GET api/subjects`. A system admin's page is read while its roles load (requireAuthSpeculating); the exact
 * lookup, several statements, runs only after the permission check. */
export async function listAllSubjects(ctx: RequestContext): Promise<Reply> {
  const parsed = criteriaOf(ctx);
  const c = 'criteria' in parsed ? parsed.criteria : undefined;
  const exact = c?.projectName !== undefined && c.externalId !== undefined;
  const { principal, result } = await requireAuthSpeculating(
    ctx,
    (claimed) => c !== undefined && !exact && checkPermission(claimed, 'SUBJECT.READ', {}),
    (callerLogin) => page(ctx, c!, '/api/subjects', callerLogin),
  );
  if (!c) throw (parsed as { error: unknown }).error;
  await requireRead(ctx, principal, c.projectName);
  if (exact) return exactLookup(ctx, c, c.projectName!, c.externalId!);
  return (await result()) ?? ok([], { 'X-Total-Count': '0' });
}

/** `GET api/projects/{projectName}/subjects`. The page is read while the caller's roles load when its token
 * claims the project (requireAuthSpeculating), and answered only after the permission check. */
export async function listProjectSubjects(ctx: RequestContext): Promise<Reply> {
  const projectName = ctx.params.projectName;
  const parsed = criteriaOf(ctx, projectName);
  const c = 'criteria' in parsed ? parsed.criteria : undefined;
  const { principal, result } = await requireAuthSpeculating(
    ctx,
    (claimed) => c !== undefined && checkPermission(claimed, 'SUBJECT.READ', { project: projectName }),
    (callerLogin) => page(ctx, c!, `/api/projects/${encodePathSegment(projectName)}/subjects`, callerLogin),
  );
  // A bad query is a 400 before the permission check, as without the early read.
  if (!c) throw (parsed as { error: unknown }).error;
  await requireRead(ctx, principal, projectName);
  const reply = await result();
  if (!reply) throw projectNotFound(projectName);
  return reply;
}
