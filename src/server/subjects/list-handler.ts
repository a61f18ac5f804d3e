// The two subject lists (docs/subjects.md): `GET api/subjects` (system admins; or, with `projectName`, whoever may read
// that project's subjects) and `GET api/projects/{p}/subjects`. A caller whose token alone proves the permission
// (system admin, a role in the project) costs one statement: the project is resolved by name inside it. Only a caller
// who may read through an organization role needs the project's organization looked up first. `api/subjects` with
// both `projectName` and `externalId` is ManagementPortal's exact lookup: an array of one subject, with its project
// and provenance. A project's list of the participants it had shows a subject that moved on to a project the caller
// may not read only as one that left (departed.ts, docs/permissions.md).
import { checkPermission, type AuthToken } from '../../common/permission-check';
import type { SubjectDTO } from '../../common/dto';
import { first } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { notFoundVm } from '../http/errors';
import { projectNotFound } from '../http/not-found';
import { JSON_CONTENT_TYPE } from '../http/respond';
import { perm, route, type SpeculativeRead } from '../http/route';
import { parseCriteria, projectNameParam, type SubjectCriteria } from './criteria';
import { subjectCriteriaParams, subjectListDoc } from './list-docs';
import { encodePathSegment, subjectListHeaders } from './list-link';
import { buildExactLookup, buildListStatement, requireCompleteCursor } from './list-sql';
import { getSubject, subjectDto } from './load-subject';
import { departedDto, visibilityFor } from './departed';
import { recordView, recordViews } from './subject-views';
import type { Principal } from '../auth/principal';

interface ListRow {
  total: number;
  project_id: number | null;
  subject_id: number | null;
  subject_login: string | null;
  subject_external_id: string | null;
  subject_last_seen: string | null;
  dto: string | null;
  caller?: unknown;
  /** Only when the caller may not read every subject of the list: this one it may not read in full. */
  hidden?: boolean | null;
  left_date?: string | null;
}

/** A page read for a caller whose reach `token` gives (departed.ts): the reply, and the reach it hid by. */
interface Page {
  reply: Reply | undefined;
  /** The reach the statement hid subjects by ('' none); the handler reads again when the principal's differs. */
  reach: string;
  /** The logins of the subjects the page shows in full. */
  logins: string[];
}

/**
 * A list filtered by login down to one subject is a lookup of that person: recorded as a view of it
 * (subject-views.ts), like the exact lookup by external id. Any other page is a list (the roster, or a search's
 * candidates) and stays one statement, unrecorded (test/server/subjects-early-read.test.ts; docs/privacy.md).
 */
async function viewed(ctx: RequestContext, principal: Principal, c: SubjectCriteria, read: Page | undefined): Promise<Reply | undefined> {
  if (read?.reply && c.login !== undefined && read.logins.length === 1) await recordViews(ctx.app.db, principal, read.logins);
  return read?.reply;
}

const reachKey = (token: AuthToken, c: SubjectCriteria) => JSON.stringify(visibilityFor(token, c) ?? '');

/** The DTO JSON of a row: as the database wrote it, or for a hidden subject only what its former project knew. */
function rowJson(row: ListRow, projectName: string | undefined): string {
  if (!row.hidden) return row.dto!;
  return JSON.stringify(departedDto(JSON.parse(row.dto!) as SubjectDTO, projectName!, row.left_date ?? null));
}

/** Runs the page (and loads the caller named, see EarlyRead in http/route.ts); reply undefined when the named project
 * does not exist. */
async function page(ctx: RequestContext, c: SubjectCriteria, base: string, token: AuthToken, callerLogin?: string): Promise<SpeculativeRead<Page>> {
  const visibility = visibilityFor(token, c);
  const { sql, params, planPerCall } = buildListStatement(c, c.projectName === undefined ? undefined : { name: c.projectName }, callerLogin, undefined, visibility);
  const rows = await ctx.app.db.query<ListRow>(sql, params, { planPerCall });
  const caller = rows[0]?.caller;
  const reach = JSON.stringify(visibility ?? '');
  if (c.projectName !== undefined && rows[0]?.project_id == null) return { value: { reply: undefined, reach, logins: [] }, caller };
  const subjects = rows.filter((r) => r.dto !== null);
  const last = subjects[subjects.length - 1];
  // A hidden subject sorts as having no external id and no contact (departed.ts): its cursor says the same.
  const cursor = last && {
    id: Number(last.subject_id), login: last.subject_login!,
    externalId: last.hidden ? null : last.subject_external_id, lastSeen: last.hidden ? 'never' : last.subject_last_seen,
  };
  // The database wrote each subject's JSON (subject_list_dtos): joined as they are, parsed only to hide a subject.
  const reply: Reply = {
    status: 200,
    raw: `[${subjects.map((r) => rowJson(r, c.projectName)).join(',')}]`,
    contentType: JSON_CONTENT_TYPE,
    headers: subjectListHeaders(base, c, Number(rows[0]?.total ?? 0), cursor),
  };
  return { value: { reply, reach, logins: subjects.filter((r) => !r.hidden).map((r) => r.subject_login!) }, caller };
}

/**
 * The page for the principal: the early one, unless it was read for another reach than the principal's current roles
 * give (a role changed since the token was issued), when it is read again.
 */
async function pageFor(input: { ctx: RequestContext; query: SubjectCriteria; early: () => Promise<Page> }, principal: Principal, base: string): Promise<Reply | undefined> {
  const { token } = principal;
  let read = await input.early();
  if (read.reach !== reachKey(token, input.query)) read = (await page(input.ctx, input.query, base, token)).value;
  return viewed(input.ctx, principal, input.query, read);
}

async function exactLookup(ctx: RequestContext, principal: Principal, c: SubjectCriteria, projectName: string, externalId: string): Promise<Reply> {
  const { token } = principal;
  const project = await first<{ id: number }>(ctx.app.db, 'SELECT id FROM project WHERE project_name = $1', [projectName]);
  if (!project) throw notFoundVm();
  // A subject the caller may not read in full has no external id to be found by.
  const { sql, params } = buildExactLookup(c, project.id, externalId, visibilityFor(token, c));
  const match = await first<{ id: number }>(ctx.app.db, sql, params);
  if (!match) throw notFoundVm();
  const found = await getSubject(ctx.app.db, { id: match.id });
  await recordView(ctx.app.db, principal, found.row.login);
  return ok([await subjectDto(ctx.app.db, found, { project: 'reduced', provenance: true })]);
}

/** The criteria of either list; an incomplete cursor is a 400 too. */
function criteriaOf(query: URLSearchParams, projectName?: string): SubjectCriteria {
  const criteria = parseCriteria(query, projectName);
  requireCompleteCursor(criteria);
  return criteria;
}

const isExact = (c: SubjectCriteria) => c.projectName !== undefined && c.externalId !== undefined;

/**
 * `GET api/subjects`: system admins; with `projectName`, whoever may read that project's subjects. A system admin's
 * page is read early, with its roles (the route's early read); the exact lookup, several statements, runs only after
 * the permission check.
 */
export const listAllSubjects = route<undefined, undefined, Page, SubjectCriteria>({
  method: 'GET',
  path: '/api/subjects',
  access: perm('SUBJECT.READ', 'project'),
  // Without projectName the entity is global: system admins only.
  find: ({ ctx }) => {
    const projectName = projectNameParam(ctx.query);
    return projectName === undefined ? {} : { project: projectName };
  },
  parseQuery: (query) => criteriaOf(query),
  query: subjectCriteriaParams(true),
  queryObjectName: 'subjectCriteria',
  early: {
    likely: (claimed, { query }) => !isExact(query) && checkPermission(claimed, 'SUBJECT.READ', {}),
    read: ({ ctx, query }, callerLogin, token) => page(ctx, query, '/api/subjects', token, callerLogin),
  },
  handler: async ({ ctx, principal, query, early }) => {
    if (isExact(query)) return exactLookup(ctx, principal, query, query.projectName!, query.externalId!);
    return (await pageFor({ ctx, query, early }, principal, '/api/subjects')) ?? ok([], { 'X-Total-Count': '0' });
  },
  doc: {
    tag: 'Subjects', summary: 'List subjects', description: 'Keyset paged ("load more"). Without projectName only system admins may list.',
    success: subjectListDoc('One page of subjects (without project)'),
    errors: { 400: 'Field errors or error.validation (sort, keyset)', 404: 'The exact lookup found nothing' },
  },
});

/** `GET api/projects/{projectName}/subjects`: the page is read early when the caller's token claims the project. */
export const listProjectSubjects = route<undefined, undefined, Page, SubjectCriteria>({
  method: 'GET',
  path: '/api/projects/:projectName/subjects',
  access: perm('SUBJECT.READ', 'project'),
  find: ({ params }) => ({ project: params.projectName }),
  parseQuery: (query, params) => criteriaOf(query, params.projectName),
  query: subjectCriteriaParams(false),
  queryObjectName: 'subjectCriteria',
  early: {
    likely: (claimed, { params }) => checkPermission(claimed, 'SUBJECT.READ', { project: params.projectName }),
    read: ({ ctx, query, params }, callerLogin, token) =>
      page(ctx, query, `/api/projects/${encodePathSegment(params.projectName)}/subjects`, token, callerLogin),
  },
  handler: async ({ ctx, principal, params, query, early }) => {
    const reply = await pageFor({ ctx, query, early }, principal, `/api/projects/${encodePathSegment(params.projectName)}/subjects`);
    if (!reply) throw projectNotFound(params.projectName);
    return reply;
  },
  doc: {
    tag: 'Subjects', summary: 'List the subjects of a project',
    success: subjectListDoc('One page of subjects'), errors: { 400: 'Field errors or error.validation', 404: 'error.projectNameNotFound' },
  },
});
