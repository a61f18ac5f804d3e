// Subjects as files (docs/subjects.md, "Import" and "Export"): a CSV import into a project (dry run or commit) and the
// two subject lists as CSV downloads, taking the lists' criteria and order (criteria.ts) without their paging.
import { ref } from '../../common/schema';
import { requireAccess, requireTokenAccess } from '../auth/guards';
import { projectIdByName } from '../projects/project-dto';
import { perm, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { booleanParam } from '../http/query-params';
import { parseCriteria, projectNameParam, type SubjectCriteria } from './criteria';
import { visibilityFor } from './departed';
import { subjectCriteriaParams } from './list-docs';
import { exportReply } from './subject-export';
import { recordSubjectsExport } from './subject-views';
import { recordExportedSubjects } from '../privacy/export-records';
import type { Queryable } from '../db/database';
import { importSubjects } from './subject-import';

/** 100,000 rows of a dozen columns fit with room to spare; every other body keeps the default limit. */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

const CSV_DOC = { status: 200 as const, description: 'text/csv; charset=utf-8, with a byte order mark; streamed' };
const exportParams = (withProject: boolean) => {
  const { size: _size, 'last.id': _id, 'last.login': _login, 'last.externalId': _ext, ...rest } = subjectCriteriaParams(withProject);
  return rest;
};

/** Whose data leave in the export whose audit event is `eventId`: recorded per subject before each batch is sent. */
const recordBatch = (db: Queryable, eventId: number) => (ids: number[], logins: string[]) => recordExportedSubjects(db, eventId, ids, logins);

export const subjectFileRoutes: RouteEntry[] = [
  route<string, undefined, undefined, { dryRun: boolean }>({
    method: 'POST', path: '/api/projects/:projectName/subjects/import', access: perm('SUBJECT.CREATE', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    parseQuery: (query) => ({ dryRun: booleanParam(query, 'dryRun', true) }),
    query: { dryRun: doc.flag('Only check and report (the default); false writes', true) },
    body: { kind: 'csv', limit: IMPORT_BODY_LIMIT, description: 'Header row, then one subject per row (docs/subjects.md, "Import")' },
    handler: async ({ ctx, principal, params, query, body }) => {
      // Rows may update subjects too: SUBJECT.UPDATE in the project, as for single updates.
      requireTokenAccess(principal, 'SUBJECT.UPDATE');
      await requireAccess(ctx.app.db, principal, 'SUBJECT.UPDATE', { project: params.projectName });
      return importSubjects(ctx, principal, params.projectName, body, query.dryRun);
    },
    doc: {
      tag: 'Subjects', summary: 'Import subjects from CSV', pathParams: { projectName: 'Project name' },
      description: 'Columns externalId, externalLink, personName, dateOfBirth, enrollmentDate, group, attribute:<key> (and the export\'s login, status, project, sources, paired, lastPairedAt). Rows match subjects by login, else external id. Any error row means nothing is written. Up to 32 MB and IMPORT_MAX_ROWS rows.',
      success: doc.ok(ref('ImportReportVM'), 'What was (or, dry run, would be) created, updated and left unchanged, and every error'),
      errors: {
        400: 'error.importInvalid: a commit of a file with errors; not UTF-8', 404: 'error.projectNameNotFound',
        413: 'error.payloadTooLarge over 32 MB; error.importTooManyRows over IMPORT_MAX_ROWS rows (10,000 by default), answered as soon as the row past it is read',
      },
    },
  }),

  route<undefined, undefined, undefined, SubjectCriteria>({
    method: 'GET', path: '/api/projects/:projectName/subjects.csv', access: perm('SUBJECT.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    parseQuery: (query, params) => parseCriteria(query, params.projectName),
    query: exportParams(false),
    queryObjectName: 'subjectCriteria',
    handler: async ({ ctx, principal, params, query }) => {
      await projectIdByName(ctx.app.db, params.projectName);
      const eventId = await recordSubjectsExport(ctx.app.db, principal, params.projectName);
      return exportReply(ctx.app.db, query, { name: params.projectName }, ctx.app.config.hiddenSubjectFields, `subjects-${params.projectName}.csv`, visibilityFor(principal.token, query), recordBatch(ctx.app.db, eventId));
    },
    doc: {
      tag: 'Subjects', summary: 'Export the subjects of a project as CSV', pathParams: { projectName: 'Project name' },
      description: 'The list\'s criteria and sort; every match, no paging.', success: CSV_DOC,
      errors: { 400: 'Field errors or error.validation', 404: 'error.projectNameNotFound' },
    },
  }),

  route<undefined, undefined, undefined, SubjectCriteria>({
    method: 'GET', path: '/api/subjects.csv', access: perm('SUBJECT.READ', 'project'),
    find: ({ ctx }) => {
      const projectName = projectNameParam(ctx.query);
      return projectName === undefined ? {} : { project: projectName };
    },
    parseQuery: (query) => parseCriteria(query),
    query: exportParams(true),
    queryObjectName: 'subjectCriteria',
    handler: async ({ ctx, principal, query }) => {
      if (query.projectName !== undefined) await projectIdByName(ctx.app.db, query.projectName);
      const eventId = await recordSubjectsExport(ctx.app.db, principal, query.projectName);
      const scope = query.projectName === undefined ? undefined : { name: query.projectName };
      return exportReply(ctx.app.db, query, scope, ctx.app.config.hiddenSubjectFields, `subjects${query.projectName ? `-${query.projectName}` : ''}.csv`, visibilityFor(principal.token, query), recordBatch(ctx.app.db, eventId));
    },
    doc: {
      tag: 'Subjects', summary: 'Export subjects as CSV', description: 'The list\'s criteria and sort; without projectName only system admins may export.',
      success: CSV_DOC, errors: { 400: 'Field errors or error.validation', 404: 'error.projectNameNotFound' },
    },
  }),
];
