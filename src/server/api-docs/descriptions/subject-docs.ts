// API documentation of subjects (participants) and sources, including a project's and a subject's sources.
import { HISTORY_SORT_COLUMNS } from '../../revisions/entity-history';
import {
  booleanQuery, created, json, list, ok, pageable, paged, perm, query, scope, type OperationTable, type ParamDoc,
} from '../operation-doc';
import { arrayOf, boolean, date, integer, listOf, oneOf, ref, string, stringMap } from '../schema-helpers';

const SOURCE_SORT = ['id', 'sourceId', 'sourceName', 'expectedSourceName', 'assigned', 'subjectLogin', 'sourceType.id', 'sourceType.producer',
  'sourceType.model', 'sourceType.catalogVersion', 'project.id', 'project.projectName'];
const zoned = 'yyyy-MM-dd[THH:mm[:ss]][offset][[Zone]], e.g. 2024-01-01T00:00[Europe/Amsterdam]';

/** SubjectCriteria (api.md §5.9.1), keyset paged: `last.*` are the values of the last subject of the previous page. */
function subjectCriteria(withProject: boolean): ParamDoc[] {
  return [
    ...(withProject ? [query('projectName', string(), 'Exact project; with externalId an exact lookup (one subject, no paging)')] : []),
    query('authority', arrayOf(string(undefined, { enum: ['ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT'] })), 'Repeatable; ROLE_PARTICIPANT by default'),
    query('login', string(), 'Contains, ignoring case'),
    query('externalId', string(), 'Contains, ignoring case'),
    query('personName', string(), 'Contains, ignoring case'),
    query('humanReadableIdentifier', string(), 'Contains (attribute Human-readable-identifier)'),
    query('groupId', integer(), 'Exact group id'),
    query('dateOfBirth.is', date()), query('dateOfBirth.from', date()), query('dateOfBirth.to', date()),
    query('enrollmentDate.is', string(zoned)), query('enrollmentDate.from', string(zoned)), query('enrollmentDate.to', string(zoned)),
    query('size', integer(undefined, { format: 'int32', minimum: 1, default: 20 }), 'Page size'),
    query('sort', arrayOf(string()), 'Repeatable `property[,asc|desc]` over id, externalId, login; id asc by default'),
    query('last.id', string(), 'Keyset cursor: id of the last subject of the previous page'),
    query('last.login', string(), 'Keyset cursor'),
    query('last.externalId', string(), 'Keyset cursor'),
  ];
}

const subjectList = (description: string) => ({ ...list('SubjectDTO', description), headers: ['keyset' as const] });

export const SUBJECT_DOCS: OperationTable = {
  'GET /api/subjects': {
    tag: 'Subjects', summary: 'List subjects', description: 'Keyset paged ("load more"). Without projectName only system admins may list.',
    access: perm('SUBJECT.READ', 'project'), query: subjectCriteria(true),
    success: subjectList('One page of subjects (without project)'), errors: { 400: 'Field errors or error.validation (sort, keyset)', 404: 'The exact lookup found nothing' },
  },
  'GET /api/projects/{projectName}/subjects': {
    tag: 'Subjects', summary: 'List the subjects of a project', access: perm('SUBJECT.READ', 'project'), query: subjectCriteria(false),
    success: subjectList('One page of subjects'), errors: { 400: 'Field errors or error.validation', 404: 'error.projectNameNotFound' },
  },
  'POST /api/subjects': {
    tag: 'Subjects', summary: 'Create a subject', description: 'Needs project.id and project.projectName; the user account is created active with the project\'s participant role.',
    access: perm('SUBJECT.CREATE', 'project'), body: json(ref('SubjectDTO')),
    success: created(ref('SubjectDTO'), 'Created; alert managementPortalApp.subject.created'),
    errors: { 400: 'projectrequired, idexists, subjectExists, error.groupNotFound, error.userexists', 404: 'error.sourceNotFound, error.projectNameNotFound' },
  },
  'PUT /api/subjects': {
    tag: 'Subjects', summary: 'Update a subject', description: '`sources` is the complete new set. A new project moves the subject (its old project role becomes inactive).',
    access: perm('SUBJECT.UPDATE', 'subject'), body: json(ref('SubjectDTO')),
    success: ok(ref('SubjectDTO'), 'Saved; alert managementPortalApp.subject.updated', ['alert']),
    errors: { 400: 'projectrequired, error.groupNotFound, error.sourceIsAssigned', 404: 'error.subjectNotFound, error.sourceNotFound' },
  },
  'PUT /api/subjects/discontinue': {
    tag: 'Subjects', summary: 'Discontinue a subject', description: 'Unassigns and retires its sources and deactivates its account.',
    access: perm('SUBJECT.UPDATE', 'subject'), body: json(ref('SubjectDTO'), 'Needs id, project.id and project.projectName'),
    success: ok(ref('SubjectDTO'), 'Status DISCONTINUED', ['alert']), errors: { 400: 'subjectNotAvailable, projectrequired', 404: 'error.subjectNotFound' },
  },
  'GET /api/subjects/{login}': {
    tag: 'Subjects', summary: 'One subject', access: perm('SUBJECT.READ', 'subject'), pathParams: { login: 'The subject\'s login' },
    success: ok(ref('SubjectDTO'), 'With its full project and provenance'), errors: { 404: 'error.subjectNotFound' },
  },
  'DELETE /api/subjects/{login}': {
    tag: 'Subjects', summary: 'Delete a subject', description: 'Its sources are unassigned and retired; its account and pairing links go too.',
    access: perm('SUBJECT.DELETE', 'subject'), success: ok(undefined, 'Deleted; alert managementPortalApp.subject.deleted', ['alert']),
    errors: { 404: 'error.subjectNotFound' },
  },
  'GET /api/subjects/{login}/revisions': {
    tag: 'Subjects', summary: 'Revisions of a subject', access: perm('SUBJECT.READ', 'subject'),
    query: pageable(20, [...Object.keys(HISTORY_SORT_COLUMNS), 'login', 'user.login', 'externalId', 'externalLink', 'status']),
    success: paged('RevisionDTO', 'One page; Link entries use the base /subjects/{login}/revisions (without /api), as the original'),
    errors: { 404: 'error.subjectNotFound' },
  },
  'GET /api/subjects/{login}/revisions/{revisionNb}': {
    tag: 'Subjects', summary: 'A subject as of one revision', description: 'Also works for deleted subjects.', access: perm('SUBJECT.READ', 'subject'),
    pathParams: { revisionNb: 'Revision number' }, success: ok(ref('SubjectDTO'), 'The subject at that revision'), errors: { 404: 'error.subjectNotFound' },
  },

  'GET /api/sources': {
    tag: 'Sources', summary: 'List sources', description: 'Sources in the caller\'s projects (all for system admins).',
    access: scope('SOURCE.READ'), query: pageable(2000, SOURCE_SORT), success: paged('SourceDTO', 'One page of sources'),
  },
  'POST /api/sources': {
    tag: 'Sources', summary: 'Create a source', description: 'Without a project only system admins may create one.',
    access: perm('SOURCE.CREATE', 'project'), body: json(ref('SourceDTO')),
    success: created(ref('SourceDTO'), 'Created; alert managementPortalApp.source.created'),
    errors: { 400: 'Field errors, idexists, sourceIdExists, sourceNameExists, error.invalidTransfer', 404: 'error.sourceTypeNotFound, error.projectNameNotFound' },
  },
  'PUT /api/sources': {
    tag: 'Sources', summary: 'Update a source', description: 'An assigned source cannot move to another project; the target project must include its source type.',
    access: perm('SOURCE.UPDATE', 'source'), body: json(ref('SourceDTO')),
    success: ok(ref('SourceDTO'), 'Saved; alert managementPortalApp.source.updated', ['alert']),
    errors: { 400: 'Field errors, error.invalidTransfer', 404: 'error.sourceNotFound', 409: 'error.sourceIsAssigned' },
  },
  'GET /api/sources/{sourceName}': {
    tag: 'Sources', summary: 'One source', access: perm('SOURCE.READ', 'source'), pathParams: { sourceName: 'The source name' },
    success: ok(ref('SourceDTO'), 'The source'), errors: { 404: '404 NOT_FOUND' },
  },
  'DELETE /api/sources/{sourceName}': {
    tag: 'Sources', summary: 'Delete a source', access: perm('SOURCE.DELETE', 'source'),
    success: ok(undefined, 'Deleted; alert managementPortalApp.source.deleted', ['alert']),
    errors: { 400: 'sourceIsAssigned', 404: 'No such source', 409: 'sourceRevisionIsAssigned: it was assigned once' },
  },
  'GET /api/projects/{projectName}/sources': {
    tag: 'Sources', summary: 'Sources of a project', description: 'With `assigned`: every matching source, not paged. Without: a page (default size 20).',
    access: perm('SOURCE.READ', 'project'),
    query: [
      query('assigned', boolean(), 'Only (un)assigned sources, not paged'),
      booleanQuery('minimized', 'Answer MinimalSourceDetailsDTOs', false),
      ...pageable(20, SOURCE_SORT),
    ],
    success: ok(oneOf(listOf('SourceDTO'), listOf('MinimalSourceDetailsDTO')), 'Sources without project', ['paging']),
    errors: { 404: 'error.projectNameNotFound' },
  },
  'GET /api/subjects/{login}/sources': {
    tag: 'Sources', summary: 'Sources of a subject', access: perm('SUBJECT.READ', 'subject'),
    query: [booleanQuery('withInactiveSources', 'Also every source the subject\'s revisions ever listed', false)],
    success: list('MinimalSourceDetailsDTO', 'The subject\'s sources'), errors: { 404: 'error.subjectNotFound' },
  },
  'POST /api/subjects/{login}/sources': {
    tag: 'Sources', summary: 'Register a source for a subject',
    description: 'With sourceId: updates that source of the subject. Without: registers a new one dynamically (the source type must allow it; one per type).',
    access: perm('SUBJECT.UPDATE', 'subject'), body: json(ref('MinimalSourceDetailsDTO')),
    success: { status: 201, schema: ref('MinimalSourceDetailsDTO'), description: 'Created when none of id, sourceName, sourceId were given; otherwise 200', headers: ['location', 'alert'] },
    errors: {
      400: 'error.validation, error.sourceTypeNotProvided, error.InvalidDynamicSourceRegistration',
      403: 'error.activeParticipantProjectNotFound',
      404: 'error.subjectNotFound, error.sourceTypeNotFound, error.sourceNotFound',
      409: 'error.sourceTypeExists, error.sourceNameExists',
    },
  },
  'POST /api/subjects/{login}/sources/{sourceName}': {
    tag: 'Sources', summary: 'Merge attributes into a subject\'s source', access: perm('SUBJECT.UPDATE', 'subject'),
    body: json(stringMap('New keys are added, existing ones overwritten')),
    success: ok(ref('MinimalSourceDetailsDTO'), 'The source'), errors: { 404: 'error.subjectNotFound' },
  },
};
