// Subjects (docs/subjects.md): the two keyset-paged lists (list-handler.ts), create / update / discontinue / delete,
// one subject with its full project and provenance, and its revisions. Permissions are checked on the project the
// subject lives in (for a create, the one the body names); the finders read the subject once and hand it to the
// handler, and a write checks again if the subject moved before its transaction locked it (recheck-access.ts).
import { checkScope, type EntityDetails } from '../../common/permission-check';
import { ref } from '../../common/schema';
import { requireAccess } from '../auth/guards';
import type { Queryable } from '../db/database';
import { ok, type RequestContext } from '../http/context';
import { subjectNotFound } from '../http/not-found';
import { apiError } from '../http/errors';
import { parsePageable, type Pageable } from '../http/paging';
import { perm, route, type JsonBody, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { listAllSubjects, listProjectSubjects } from './list-handler';
import { findSubjectWithCaller, getSubject, locateSubject, readSubjectDetail, subjectEntity, type FoundSubject, type SubjectDetail } from './load-subject';
import { createSubject } from './subject-create';
import { SUBJECT_INPUT_RULES, subjectInput, subjectInputErrors, type SubjectInput } from './subject-input';
import { deleteSubject, discontinueSubject } from './subject-retire';
import { getSubjectRevision, historyOf, listSubjectRevisions, SUBJECT_HISTORY_SORT, type History } from './subject-revisions';
import { requireProjectRef } from './subject-rules';
import { updateSubject } from './subject-update';
import { recordView } from './subject-views';

type Body = Record<string, unknown>;

const BODY: JsonBody = { objectName: 'subjectDTO', schema: ref('SubjectDTO'), rules: SUBJECT_INPUT_RULES, extra: subjectInputErrors };

/** A write's input, the project the body names, and where the route checked the permission on a stored subject. */
interface Write {
  input: SubjectInput;
  projectName: string;
  checked?: EntityDetails;
  /** The stored subject as the finder read it (an update). */
  seen?: FoundSubject;
}

/** The full project's persistentTokenTimeout in a subject's detail. */
const detailTimeout = (ctx: RequestContext) => ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined;

const idExists = () => apiError(400, 'idexists', 'subject', 'A new subject cannot already have an ID');
const noSubjectId = () => apiError(400, 'subjectNotAvailable', 'subject', 'No subject found with the given id');

/** The subject id a write's body names; undefined also for a body the finder refuses (it answers why). */
function idOf(body: Body): number | undefined {
  try {
    return subjectInput(body).id;
  } catch {
    return undefined;
  }
}

const byHistory = async (db: Queryable, login: string) => {
  const found = await historyOf(db, login);
  return { entity: { project: found.project, subject: login }, found };
};

export const subjectRoutes: RouteEntry[] = [
  listAllSubjects,
  listProjectSubjects,

  route<Body, Write>({
    method: 'POST', path: '/api/subjects', access: perm('SUBJECT.CREATE', 'project'), body: BODY,
    findFromBody: true,
    find: ({ body }) => {
      const input = subjectInput(body);
      if (input.id !== undefined) throw idExists();
      const projectName = requireProjectRef(input);
      return { entity: { project: projectName }, found: { input, projectName } };
    },
    handler: ({ ctx, principal, found }) => createSubject(ctx, principal, found.input, found.projectName),
    doc: {
      tag: 'Subjects', summary: 'Create a subject',
      description: 'Needs project.id and project.projectName; the user account is created active with the project\'s participant role.',
      success: doc.created(ref('SubjectDTO'), 'Created; alert managementPortalApp.subject.created'),
      errors: { 400: 'projectrequired, idexists, subjectExists, error.groupNotFound, error.userexists', 404: 'error.sourceNotFound, error.projectNameNotFound' },
    },
  }),

  route<Body, Write, FoundSubject | undefined>({
    method: 'PUT', path: '/api/subjects', access: perm('SUBJECT.UPDATE', 'subject'), body: BODY,
    // The subject the body names is read with the caller's roles (the early read, one round trip; nothing of it
    // reaches a caller the check refuses), or by the finder for a session.
    early: {
      likely: (claimed, { body }) => checkScope(claimed, 'SUBJECT.UPDATE') && idOf(body) !== undefined,
      read: ({ ctx, body }, callerLogin) => findSubjectWithCaller(ctx.app.db, idOf(body)!, callerLogin),
    },
    // Without an id this is a create: checked here on the named project, and with SUBJECT.CREATE in the handler.
    findFromBody: true,
    find: async ({ body, early }) => {
      const input = subjectInput(body);
      const projectName = requireProjectRef(input);
      if (input.id === undefined) return { entity: { project: projectName }, found: { input, projectName } };
      const seen = await early();
      if (!seen) throw subjectNotFound();
      const entity = subjectEntity(seen);
      return { entity, found: { input, projectName, checked: entity, seen } };
    },
    handler: async ({ ctx, principal, found: { input, projectName, checked, seen } }) => {
      if (input.id === undefined) {
        await requireAccess(ctx.app.db, principal, 'SUBJECT.CREATE', { project: projectName });
        return createSubject(ctx, principal, input, projectName);
      }
      return updateSubject(ctx, principal, input, input.id, projectName, checked!, seen);
    },
    doc: {
      tag: 'Subjects', summary: 'Update a subject',
      description: '`sources` is the complete new set. A new project moves the subject (its old project role becomes inactive). Without id it creates (and needs SUBJECT.CREATE).',
      success: doc.ok(ref('SubjectDTO'), 'Saved; alert managementPortalApp.subject.updated', ['alert']),
      errors: { 400: 'projectrequired, error.groupNotFound, error.sourceIsAssigned', 404: 'error.subjectNotFound, error.sourceNotFound' },
    },
  }),

  route<Body, { id: number; checked: EntityDetails }>({
    method: 'PUT', path: '/api/subjects/discontinue', access: perm('SUBJECT.UPDATE', 'subject'),
    body: { ...BODY, description: 'Needs id, project.id and project.projectName' },
    findFromBody: true,
    find: async ({ ctx, body }) => {
      const input = subjectInput(body);
      if (input.id === undefined) throw noSubjectId();
      requireProjectRef(input);
      const entity = subjectEntity(await getSubject(ctx.app.db, { id: input.id }));
      return { entity, found: { id: input.id, checked: entity } };
    },
    handler: ({ ctx, principal, found }) => discontinueSubject(ctx, principal, found.id, found.checked),
    doc: {
      tag: 'Subjects', summary: 'Discontinue a subject', description: 'Unassigns and retires its sources and deactivates its account.',
      success: doc.ok(ref('SubjectDTO'), 'Status DISCONTINUED', ['alert']), errors: { 400: 'subjectNotAvailable, projectrequired', 404: 'error.subjectNotFound' },
    },
  }),

  route<undefined, SubjectDetail, SubjectDetail | undefined>({
    method: 'GET', path: '/api/subjects/:login', access: perm('SUBJECT.READ', 'subject'),
    // The subject is read before the permission is checked (where it lives decides it); nothing of it reaches a
    // caller the check refuses. With a bearer token the caller's roles come with it: one round trip.
    early: { likely: () => true, read: ({ ctx, params }, callerLogin) => readSubjectDetail(ctx.app.db, params.login, detailTimeout(ctx), callerLogin) },
    find: async ({ params, early }) => {
      const detail = await early();
      if (!detail) throw subjectNotFound(params.login);
      return { entity: subjectEntity(detail.found), found: detail };
    },
    // Who looked (docs/subjects.md): the view is written before the answer leaves, so no crash loses it.
    handler: async ({ ctx, principal, found }) => {
      await recordView(ctx.app.db, principal, found.dto.login);
      return ok(found.dto);
    },
    doc: {
      tag: 'Subjects', summary: 'One subject', pathParams: { login: 'The subject\'s login' },
      success: doc.ok(ref('SubjectDTO'), 'With its full project and provenance'), errors: { 404: 'error.subjectNotFound' },
    },
  }),

  route<undefined, FoundSubject>({
    method: 'DELETE', path: '/api/subjects/:login', access: perm('SUBJECT.DELETE', 'subject'),
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    handler: ({ ctx, principal, params, found }) => deleteSubject(ctx, principal, params.login, subjectEntity(found)),
    doc: {
      tag: 'Subjects', summary: 'Delete a subject', description: 'Its sources are unassigned and retired; its account and pairing links go too.',
      success: doc.ok(undefined, 'Deleted; alert managementPortalApp.subject.deleted', ['alert']), errors: { 404: 'error.subjectNotFound' },
    },
  }),

  route<undefined, History, undefined, Pageable>({
    method: 'GET', path: '/api/subjects/:login/revisions', access: perm('SUBJECT.READ', 'subject'),
    parseQuery: (query) => parsePageable(query, { defaultSize: 20, sortable: SUBJECT_HISTORY_SORT }),
    query: doc.pageable(20, Object.keys(SUBJECT_HISTORY_SORT)),
    find: ({ ctx, params }) => byHistory(ctx.app.db, params.login),
    handler: async ({ ctx, principal, params, found, query }) => {
      await recordView(ctx.app.db, principal, params.login); // the history holds its personal fields too
      return listSubjectRevisions(ctx, principal, found, params.login, query);
    },
    doc: {
      tag: 'Subjects', summary: 'Revisions of a subject',
      success: doc.paged('RevisionDTO', 'One page; Link entries use the base /subjects/{login}/revisions (without /api), as the original'),
      errors: { 404: 'error.subjectNotFound' },
    },
  }),

  route<undefined, History>({
    method: 'GET', path: '/api/subjects/:login/revisions/:revisionNb', access: perm('SUBJECT.READ', 'subject'),
    patterns: { revisionNb: /^\d{1,15}$/ },
    find: ({ ctx, params }) => byHistory(ctx.app.db, params.login),
    handler: async ({ ctx, principal, params, found }) => {
      await recordView(ctx.app.db, principal, params.login);
      return getSubjectRevision(ctx, principal, found, params.login, Number(params.revisionNb));
    },
    doc: {
      tag: 'Subjects', summary: 'A subject as of one revision', description: 'Also works for deleted subjects.',
      pathParams: { revisionNb: 'Revision number' }, success: doc.ok(ref('SubjectDTO'), 'The subject at that revision'), errors: { 404: 'error.subjectNotFound' },
    },
  }),
];
