// API documentation of revisions and the monitoring endpoints under management/.
import { AUDIT_SORTABLE } from '../../management/audit-events';
import { REVISION_SORT_COLUMNS } from '../../revisions/revision-info';
import { PUBLIC, SYS_ADMIN, json, list, noContent, ok, pageable, paged, query, type OperationTable } from '../operation-doc';
import { date, ref } from '../schema-helpers';

export const MANAGEMENT_DOCS: OperationTable = {
  'GET /api/revisions': {
    tag: 'Revisions', summary: 'List revisions', access: SYS_ADMIN, query: pageable(2000, Object.keys(REVISION_SORT_COLUMNS)),
    success: paged('RevisionInfoDTO', 'One page, each with all its changes'),
  },
  'GET /api/revisions/{id}': {
    tag: 'Revisions', summary: 'One revision', access: SYS_ADMIN, pathParams: { id: 'Revision number' },
    success: ok(ref('RevisionInfoDTO'), 'The revision with its changes'), errors: { 400: 'Not a revision number', 404: 'error.revisionsNotFound' },
  },

  'GET /management/health': {
    tag: 'Management', summary: 'Health of the database and the data disk', access: PUBLIC,
    success: ok(ref('Health'), 'UP'), errors: { 503: 'DOWN, with the same body' },
  },
  'GET /management/audits': {
    tag: 'Management', summary: 'Audit events', description: 'Sign-ins, tokens granted, pairing requests and discontinued subjects.',
    access: SYS_ADMIN,
    query: [
      query('fromDate', date(), 'First day (server time zone)'),
      query('toDate', date(), 'Last day'),
      ...pageable(20, Object.keys(AUDIT_SORTABLE)),
    ],
    success: paged('AuditEvent', 'One page of events'),
  },
  'GET /management/audits/{id}': {
    tag: 'Management', summary: 'One audit event', access: SYS_ADMIN, success: ok(ref('AuditEvent'), 'The event'),
    errors: { 400: 'Not an event id', 404: '404 NOT_FOUND' },
  },
  'GET /management/logs': { tag: 'Management', summary: 'Loggers and their levels', access: SYS_ADMIN, success: list('LoggerVM', 'Every logger') },
  'PUT /management/logs': {
    tag: 'Management', summary: 'Change a logger\'s level', access: SYS_ADMIN, body: json(ref('LoggerVM')), success: noContent('Changed'),
  },
  'GET /management/jhimetrics': { tag: 'Management', summary: 'Runtime metrics', access: SYS_ADMIN, success: ok(ref('Metrics'), 'Memory, HTTP requests, process and GC figures') },
  'GET /management/threaddump': { tag: 'Management', summary: 'Thread dump', access: SYS_ADMIN, success: ok(ref('ThreadDump'), 'The threads with their stacks') },
};
