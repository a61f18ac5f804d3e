// The two subject lists (docs/subjects.md): `GET api/subjects` (system admins; or, with `projectName`, whoever may read
// that project's subjects) and `GET api/projects/{p}/subjects`. A caller whose token alone proves the permission
// (system admin, a role in the project) costs one statement: the project is resolved by name inside it. Only a caller
// who may read through an organization role needs the project's organization looked up first. `api/subjects` with
// both `projectName` and `externalId` is ManagementPortal's exact lookup: an array of one subject, with its project
// and provenance.
import { checkPermission } from '../../common/permission-check';
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

interface ListRow {
  total: number;
  project_id: number | null;
  subject_id: number | null;
  subject_login: string | null;
  subject_external_id: string | null;
  subject_last_seen: string | null;
  dto: string | null;
  caller?: unknown;
}

/** Runs the page (and loads the caller named, see EarlyRead in http/route.ts); value undefined when the named project
 * does not exist. */
async function page(ctx: RequestContext, c: SubjectCriteria, base: string, callerLogin?: string): Promise<SpeculativeRead<Reply | undefined>> {
  const { sql, params, planPerCall } = buildListStatement(c, c.projectName === undefined ? undefined : { name: c.projectName }, callerLogin);
  const rows = await ctx.app.db.query<ListRow>(sql, params, { planPerCall });
  const caller = rows[0]?.caller;
  if (c.projectName !== undefined && rows[0]?.project_id == null) return { value: undefined, caller };
  const subjects = rows.filter((r) => r.dto !== null);
  const last = subjects[subjects.length - 1];
  const cursor = last && { id: Number(last.subject_id), login: last.subject_login!, externalId: last.subject_external_id, lastSeen: last.subject_last_seen };
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
export const listAllSubjects = route<undefined, undefined, Reply | undefined, SubjectCriteria>({
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
    read: ({ ctx, query }, callerLogin) => page(ctx, query, '/api/subjects', callerLogin),
  },
  handler: async ({ ctx, query, early }) => {
    if (isExact(query)) return exactLookup(ctx, query, query.projectName!, query.externalId!);
    return (await early()) ?? ok([], { 'X-Total-Count': '0' });
  },
  doc: {
    tag: 'Subjects', summary: 'List subjects', description: 'Keyset paged ("load more"). Without projectName only system admins may list.',
    success: subjectListDoc('One page of subjects (without project)'),
    errors: { 400: 'Field errors or error.validation (sort, keyset)', 404: 'The exact lookup found nothing' },
  },
});

/** `GET api/projects/{projectName}/subjects`: the page is read early when the caller's token claims the project. */
export const listProjectSubjects = route<undefined, undefined, Reply | undefined, SubjectCriteria>({
  method: 'GET',
  path: '/api/projects/:projectName/subjects',
  access: perm('SUBJECT.READ', 'project'),
  find: ({ params }) => ({ project: params.projectName }),
  parseQuery: (query, params) => criteriaOf(query, params.projectName),
  query: subjectCriteriaParams(false),
  queryObjectName: 'subjectCriteria',
  early: {
    likely: (claimed, { params }) => checkPermission(claimed, 'SUBJECT.READ', { project: params.projectName }),
    read: ({ ctx, query, params }, callerLogin) =>
      page(ctx, query, `/api/projects/${encodePathSegment(params.projectName)}/subjects`, callerLogin),
  },
  handler: async ({ params, early }) => {
    const reply = await early();
    if (!reply) throw projectNotFound(params.projectName);
    return reply;
  },
  doc: {
    tag: 'Subjects', summary: 'List the subjects of a project',
    success: subjectListDoc('One page of subjects'), errors: { 400: 'Field errors or error.validation', 404: 'error.projectNameNotFound' },
  },
});
