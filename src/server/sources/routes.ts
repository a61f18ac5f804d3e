// Sources (docs/subjects.md): the source catalogue (api/sources), a project's sources and a subject's sources. The
// finders read the source or subject once and hand it to the handler; a write checks again if it moved before its
// transaction locked it (subjects/recheck-access.ts).
import { recordView } from '../subjects/subject-views';
import { booleanParam } from '../http/query-params';
import type { Attributes } from '../../common/dto';
import type { EntityDetails } from '../../common/permission-check';
import { listOf, oneOf, ref, stringMap } from '../../common/schema';
import { requireAccess } from '../auth/guards';
import type { Queryable } from '../db/database';
import { ok } from '../http/context';
import { notFoundVm } from '../http/errors';
import type { Pageable } from '../http/paging';
import { perm, route, scope, type JsonBody, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { locateSubject, subjectEntity, type FoundSubject } from '../subjects/load-subject';
import { deleteSource, noSuchSource } from './source-delete';
import { findSource, sourceEntity, toSourceDTO, type SourceRow } from './source-dto';
import { attributeErrors, SOURCE_INPUT_RULES, sourceInput, sourceInputErrors, type SourceInput } from './source-input';
import { listProjectSources, listSources, parseProjectSourcesQuery, parseSourcesQuery, SOURCE_SORT, type ProjectSourcesQuery } from './source-lists';
import { locateRegistration, registerSource, registrationErrors, type Registration } from './source-registration';
import { createSource, createTarget, updateSource, updateTarget, type UpdateTarget } from './source-save';
import { listSubjectSources, updateSubjectSourceAttributes } from './subject-source-reads';

type Body = Record<string, unknown>;

const BODY: JsonBody = { objectName: 'sourceDTO', schema: ref('SourceDTO'), rules: SOURCE_INPUT_RULES, extra: sourceInputErrors };
const SORT = Object.keys(SOURCE_SORT);

/** A source found by name for a permission on it; `missing` is the 404 when there is none. */
async function byName(db: Queryable, sourceName: string, missing: () => Error): Promise<{ entity: EntityDetails; found: SourceRow }> {
  const found = await findSource(db, { name: sourceName });
  if (!found) throw missing();
  return { entity: sourceEntity(found), found };
}

export const sourceRoutes: RouteEntry[] = [
  route<undefined, undefined, undefined, Pageable>({
    method: 'GET', path: '/api/sources', access: scope('SOURCE.READ'),
    parseQuery: parseSourcesQuery, query: doc.pageable(2000, SORT),
    handler: ({ ctx, principal, query }) => listSources(ctx, principal, query),
    doc: {
      tag: 'Sources', summary: 'List sources', description: 'Sources in the caller\'s projects (all for system admins).',
      success: doc.paged('SourceDTO', 'One page of sources'),
    },
  }),

  route<Body, SourceInput>({
    method: 'POST', path: '/api/sources', access: perm('SOURCE.CREATE', 'project'), body: BODY,
    findFromBody: true,
    find: async ({ ctx, body }) => {
      const input = sourceInput(body);
      return { entity: await createTarget(ctx.app.db, input), found: input };
    },
    handler: ({ ctx, principal, found }) => createSource(ctx, principal, found),
    doc: {
      tag: 'Sources', summary: 'Create a source', description: 'Without a project only system admins may create one.',
      success: doc.created(ref('SourceDTO'), 'Created; alert managementPortalApp.source.created'),
      errors: { 400: 'Field errors, idexists, sourceIdExists, sourceNameExists, error.invalidTransfer', 404: 'error.sourceTypeNotFound, error.projectNameNotFound' },
    },
  }),

  route<Body, { input: SourceInput; create?: EntityDetails; update?: UpdateTarget }>({
    method: 'PUT', path: '/api/sources', access: perm('SOURCE.UPDATE', 'source'), body: BODY,
    // Without an id this is a create: checked here where the body puts it, and with SOURCE.CREATE in the handler.
    findFromBody: true,
    find: async ({ ctx, principal, body }) => {
      const input = sourceInput(body);
      if (input.id === undefined) {
        const create = await createTarget(ctx.app.db, input);
        return { entity: create, found: { input, create } };
      }
      const update = await updateTarget(ctx.app.db, principal, input, input.id);
      return { entity: update.checked, found: { input, update } };
    },
    handler: async ({ ctx, principal, found: { input, create, update } }) => {
      if (update) return updateSource(ctx, principal, input, input.id!, update);
      await requireAccess(ctx.app.db, principal, 'SOURCE.CREATE', create!);
      return createSource(ctx, principal, input);
    },
    doc: {
      tag: 'Sources', summary: 'Update a source',
      description: 'An assigned source cannot move to another project; the target project must include its source type. Without id it creates (and needs SOURCE.CREATE).',
      success: doc.ok(ref('SourceDTO'), 'Saved; alert managementPortalApp.source.updated', ['alert']),
      errors: { 400: 'Field errors, error.invalidTransfer', 404: 'error.sourceNotFound', 409: 'error.sourceIsAssigned' },
    },
  }),

  route<undefined, SourceRow>({
    method: 'GET', path: '/api/sources/:sourceName', access: perm('SOURCE.READ', 'source'),
    find: ({ ctx, params }) => byName(ctx.app.db, params.sourceName, () => notFoundVm()),
    handler: ({ found }) => ok(toSourceDTO(found)),
    doc: {
      tag: 'Sources', summary: 'One source', pathParams: { sourceName: 'The source name' },
      success: doc.ok(ref('SourceDTO'), 'The source'), errors: { 404: '404 NOT_FOUND' },
    },
  }),

  route<undefined, SourceRow>({
    method: 'DELETE', path: '/api/sources/:sourceName', access: perm('SOURCE.DELETE', 'source'),
    // ManagementPortal answers an unknown name here with an empty 404.
    find: ({ ctx, params }) => byName(ctx.app.db, params.sourceName, noSuchSource),
    handler: ({ ctx, principal, params, found }) => deleteSource(ctx, principal, params.sourceName, sourceEntity(found)),
    doc: {
      tag: 'Sources', summary: 'Delete a source',
      success: doc.ok(undefined, 'Deleted; alert managementPortalApp.source.deleted', ['alert']),
      errors: { 400: 'sourceIsAssigned', 404: 'No such source', 409: 'sourceRevisionIsAssigned: it was assigned once' },
    },
  }),

  route<undefined, undefined, undefined, ProjectSourcesQuery>({
    method: 'GET', path: '/api/projects/:projectName/sources', access: perm('SOURCE.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    parseQuery: parseProjectSourcesQuery,
    query: {
      assigned: doc.param({ type: 'boolean' }, 'Only (un)assigned sources, not paged'),
      minimized: doc.flag('Answer MinimalSourceDetailsDTOs', false),
      ...doc.pageable(20, SORT),
    },
    handler: ({ ctx, params, query }) => listProjectSources(ctx, params.projectName, query),
    doc: {
      tag: 'Sources', summary: 'Sources of a project', description: 'With `assigned`: every matching source, not paged. Without: a page (default size 20).',
      success: doc.ok(oneOf(listOf('SourceDTO'), listOf('MinimalSourceDetailsDTO')), 'Sources without project', ['paging']),
      errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  route<undefined, FoundSubject, undefined, { withInactive: boolean }>({
    method: 'GET', path: '/api/subjects/:login/sources', access: perm('SUBJECT.READ', 'subject'),
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    parseQuery: (query) => ({ withInactive: booleanParam(query, 'withInactiveSources', false) }),
    query: { withInactiveSources: doc.flag('Also every source the subject\'s revisions ever listed', false) },
    // The sources carry what the app registered about the person's devices: a view (subjects/subject-views.ts).
    handler: async ({ ctx, principal, found, query }) => {
      await recordView(ctx.app.db, principal, found.row.login);
      return listSubjectSources(ctx, found, query.withInactive);
    },
    doc: {
      tag: 'Sources', summary: 'Sources of a subject',
      success: doc.list('MinimalSourceDetailsDTO', 'The subject\'s sources'), errors: { 404: 'error.subjectNotFound' },
    },
  }),

  route<Body, Registration>({
    method: 'POST', path: '/api/subjects/:login/sources', access: perm('SUBJECT.UPDATE', 'subject'),
    body: { objectName: 'minimalSourceDetailsDTO', schema: ref('MinimalSourceDetailsDTO'), extra: registrationErrors },
    findFromBody: true,
    find: ({ ctx, params, body }) => locateRegistration(ctx.app.db, params.login, body),
    handler: ({ ctx, principal, params, found }) => registerSource(ctx, principal, params.login, found),
    doc: {
      tag: 'Sources', summary: 'Register a source for a subject',
      description: 'With sourceId: updates that source of the subject. Without: registers a new one dynamically (the source type must allow it; one per type).',
      success: { status: 201, schema: ref('MinimalSourceDetailsDTO'), description: 'Created when none of id, sourceName, sourceId were given; otherwise 200', headers: ['location', 'alert'] },
      errors: {
        400: 'error.validation, error.sourceTypeNotProvided, error.InvalidDynamicSourceRegistration',
        403: 'error.activeParticipantProjectNotFound',
        404: 'error.subjectNotFound, error.sourceTypeNotFound, error.sourceNotFound',
        409: 'error.sourceTypeExists, error.sourceNameExists',
      },
    },
  }),

  route<Attributes, FoundSubject>({
    method: 'POST', path: '/api/subjects/:login/sources/:sourceName', access: perm('SUBJECT.UPDATE', 'subject'),
    body: { objectName: 'attributes', schema: stringMap('New keys are added, existing ones overwritten'), extra: (body) => attributeErrors('attributes', body) },
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    handler: ({ ctx, principal, params, body, found }) =>
      updateSubjectSourceAttributes(ctx, principal, params.login, params.sourceName, body, subjectEntity(found)),
    doc: {
      tag: 'Sources', summary: 'Merge attributes into a subject\'s source',
      success: doc.ok(ref('MinimalSourceDetailsDTO'), 'The source'), errors: { 404: 'error.subjectNotFound' },
    },
  }),
];
