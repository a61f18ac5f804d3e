// Monitoring (docs/management.md): health and its liveness and readiness probes for anyone, and for system
// administrators the audit log, the loggers, runtime metrics (also in Prometheus's format, for a scraper holding
// METRICS_TOKEN too) and the thread dump.
import { flushViews } from '../subjects/subject-views';
import { date, enumOf, object, oneOf, ref, string } from '../../common/schema';
import { LOG_LEVELS, type LogLevel } from '../config';
import { noContent, ok } from '../http/context';
import { badRequest, notFoundVm, validationFailed } from '../http/errors';
import { pagingHeaders, parsePageable } from '../http/paging';
import { PUBLIC, route, SYS_ADMIN, type JsonBody, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { AUDIT_SORTABLE, findAuditEvent, listAuditEvents, type AuditFilter, type DayRange } from './audit-events';
import { recordSecurityEvent } from '../audit/security-events';
import { exportAuditEvents, exportFileName, type ExportFormat } from './audit-export';
import { JSON_CONTENT_TYPE } from '../http/respond';
import { healthReply, livenessReply, readinessReply } from './health';
import { clusterMetrics, clusterRequestCounts } from '../metrics/cluster-metrics';
import { RequestMetrics } from './request-metrics';
import { EXPOSITION_CONTENT_TYPE, renderExposition } from '../metrics/exposition';
import { presentsScrapeCredential } from '../metrics/scrape-credential';
import { processMetrics } from './process-metrics';
import { threadDump } from './thread-dump';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The audit screen's filter: the day range plus exact type and principal (blank = any). */
function auditFilter(query: URLSearchParams): AuditFilter | undefined {
  const filter: AuditFilter = { ...dayRange(query) };
  const type = query.get('type')?.trim();
  const principal = query.get('principal')?.trim();
  const subject = query.get('subject')?.trim();
  if (type) filter.type = type;
  if (principal) filter.principal = principal;
  if (subject) filter.subject = subject;
  return Object.keys(filter).length ? filter : undefined;
}

const AUDIT_FILTER_PARAMS = {
  fromDate: doc.param(date(), 'First day (UTC)'),
  toDate: doc.param(date(), 'Last day (UTC)'),
  type: doc.param(string(), 'Only events of this type, e.g. AUTHENTICATION_FAILURE'),
  principal: doc.param(string(), 'Only events of this principal (who acted)'),
  subject: doc.param(string(), 'Only events about this subject (its login; docs/subjects.md, "Who looked")'),
};

function dayRange(query: URLSearchParams): DayRange | undefined {
  const range: DayRange = {};
  const errors = [];
  for (const field of ['fromDate', 'toDate'] as const) {
    const raw = query.get(field)?.trim();
    if (!raw) continue;
    if (isRealDay(raw)) range[field === 'fromDate' ? 'from' : 'to'] = raw;
    else errors.push({ objectName: 'auditEvent', field, message: 'TypeMismatch: expected a date as yyyy-MM-dd' });
  }
  if (errors.length) throw validationFailed('auditEvent', errors);
  return range.from || range.to ? range : undefined;
}

interface LoggerBody {
  name?: string | null;
  /** Absent: DEBUG. */
  level?: LogLevel | null;
}

const levelOf = (raw: unknown): LogLevel => {
  const level = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  return (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : 'DEBUG';
};

const LOGGER_BODY: JsonBody = {
  objectName: 'loggerVM',
  // A level by name (any case) or ordinal; an unknown name means DEBUG, as logback reads it. Another JSON type is a 400.
  schema: object({ name: string('A logger, e.g. http or root'), level: oneOf(enumOf(LOG_LEVELS), string('DEBUG when absent or unknown')) }),
  extra: (body) => {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    return !name || name.length > 255 ? [{ objectName: 'loggerVM', field: 'name', message: 'NotBlank: a logger name' }] : [];
  },
};

export const managementRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/management/health', access: PUBLIC,
    handler: ({ ctx }) => healthReply(ctx),
    doc: {
      tag: 'Management', summary: 'Health of the database and the data disk',
      description: 'Each component\'s status for anyone; its details (database, response time, disk figures, errors, workers) for system administrators only.',
      success: doc.ok(ref('Health'), 'UP'), errors: { 503: 'DOWN, with the same body' },
    },
  }),

  route({
    method: 'GET', path: '/management/health/liveness', access: PUBLIC,
    handler: () => livenessReply(),
    doc: {
      tag: 'Management', summary: 'Liveness probe',
      description: 'UP whenever the process answers; it does not ask the database, so an outage of the database never restarts the server.',
      success: doc.ok(ref('Health'), 'UP'),
    },
  }),

  route({
    method: 'GET', path: '/management/health/readiness', access: PUBLIC,
    handler: ({ ctx }) => readinessReply(ctx),
    doc: {
      tag: 'Management', summary: 'Readiness probe',
      description: 'UP when the database answers and holds this version\'s migrations; OUT_OF_SERVICE from the moment the server is told to stop (SHUTDOWN_DRAIN_SECONDS). Details for system administrators only.',
      success: doc.ok(ref('Health'), 'UP'), errors: { 503: 'DOWN or OUT_OF_SERVICE, with the same body' },
    },
  }),

  route({
    method: 'GET', path: '/management/prometheus', access: SYS_ADMIN,
    alsoOpensTo: presentsScrapeCredential,
    handler: async () => ({ status: 200, contentType: EXPOSITION_CONTENT_TYPE, raw: renderExposition((await clusterMetrics()).families) }),
    doc: {
      tag: 'Management', summary: 'Metrics for Prometheus',
      description: 'Every worker process\'s metrics in one answer (docs/operations.md): requests by method, route template and status, database pool and statement durations, event-loop lag, CPU and memory per worker, sign-in failures and token grants. Also open to a scraper presenting METRICS_TOKEN as a bearer token or Basic password.',
      success: { status: 200, description: 'Prometheus text exposition format 0.0.4', contentType: 'text/plain' },
    },
  }),

  route({
    method: 'GET', path: '/management/audits', access: SYS_ADMIN,
    // Strings for the router; the handler reads them, so a bad date or page is a 400 for system administrators only.
    query: {
      ...AUDIT_FILTER_PARAMS,
      ...doc.pageable(20, Object.keys(AUDIT_SORTABLE)),
    },
    handler: async ({ ctx }) => {
      const range = auditFilter(ctx.query);
      const pageable = parsePageable(ctx.query, { defaultSize: 20, sortable: AUDIT_SORTABLE });
      await flushViews(ctx.app); // this process's queued subject views are part of the log
      const { events, total } = await listAuditEvents(ctx.app.db, pageable, range);
      return ok(events, pagingHeaders('/management/audits', pageable, total));
    },
    doc: {
      tag: 'Management', summary: 'Audit events', description: 'Sign-ins, tokens granted, pairing links, passwords, roles, users, OAuth clients, sessions and discontinued subjects (docs/management.md).',
      success: doc.paged('AuditEvent', 'One page of events'),
      errors: { 400: 'fromDate or toDate not a date as yyyy-MM-dd (objectName auditEvent), or a bad page, size or sort' },
    },
  }),

  route({
    method: 'GET', path: '/management/audits/export', access: SYS_ADMIN,
    // format is required, but checked by the handler, so a caller who may not export hears 403 before any 400.
    query: { format: doc.param(enumOf(['csv', 'json']), 'csv or json (required)'), ...AUDIT_FILTER_PARAMS },
    handler: async ({ ctx, principal, query }) => {
      const format = query.format as ExportFormat | undefined;
      if (!format) throw validationFailed('auditEvent', [{ objectName: 'auditEvent', field: 'format', message: 'NotNull: must not be null' }]);
      const filter = auditFilter(ctx.query) ?? {};
      // Who took the trail out, and which part of it: an export is itself a security-relevant action.
      await recordSecurityEvent(ctx.app.db, principal.login ?? principal.clientId, 'AUDIT_EXPORTED', { format, ...filter, remoteAddress: ctx.remoteAddress });
      return {
        status: 200,
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : JSON_CONTENT_TYPE,
        headers: { 'Content-Disposition': `attachment; filename="${exportFileName(filter, format)}"` },
        stream: exportAuditEvents(ctx.app.db, filter, format),
      };
    },
    doc: {
      tag: 'Management', summary: 'Export audit events',
      description: 'The events the filter selects, oldest first, streamed as CSV (RFC 4180; header id,timestamp,principal,type,data) or a JSON array, as a download.',
      success: { status: 200, description: 'The file', contentType: 'text/csv' },
      errors: { 400: 'A format other than csv or json, or fromDate or toDate not a date as yyyy-MM-dd' },
    },
  }),

  route({
    method: 'GET', path: '/management/audits/:id', access: SYS_ADMIN,
    handler: async ({ ctx, params }) => {
      const id = Number(params.id);
      if (!Number.isSafeInteger(id)) throw badRequest(`Not an audit event id: ${params.id}`);
      const event = await findAuditEvent(ctx.app.db, id);
      if (!event) throw notFoundVm();
      return ok(event);
    },
    doc: {
      tag: 'Management', summary: 'One audit event', pathParams: { id: 'Audit event id' },
      success: doc.ok(ref('AuditEvent'), 'The event'), errors: { 400: 'Not an event id', 404: '404 NOT_FOUND' },
    },
  }),

  route({
    method: 'GET', path: '/management/logs', access: SYS_ADMIN,
    handler: ({ ctx }) => ok(ctx.app.logs.list()),
    doc: { tag: 'Management', summary: 'Loggers and their levels', success: doc.list('LoggerVM', 'Every logger') },
  }),

  route<LoggerBody>({
    method: 'PUT', path: '/management/logs', access: SYS_ADMIN, body: LOGGER_BODY,
    handler: ({ ctx, body }) => {
      ctx.app.logs.setLevel(body.name!.trim(), levelOf(body.level));
      return noContent();
    },
    doc: {
      tag: 'Management', summary: 'Change a logger\'s level', success: doc.noContent('Changed'),
      errors: { 400: 'No logger name (NotBlank), or a level that is not one of TRACE, DEBUG, INFO, WARN, ERROR (or its ordinal)' },
    },
  }),

  route({
    method: 'GET', path: '/management/jhimetrics', access: SYS_ADMIN,
    handler: async ({ ctx }) => {
      const metrics = processMetrics(ctx.app);
      // With WORKERS above 1 the request counts are every worker's, whichever answers; the rest is this process's.
      const cluster = await clusterRequestCounts();
      if (cluster) {
        const all = new RequestMetrics().add(cluster);
        metrics['http.server.requests'] = all.httpRequests();
        metrics.services = all.services();
      }
      return ok(metrics);
    },
    doc: { tag: 'Management', summary: 'Runtime metrics', success: doc.ok(ref('Metrics'), 'Memory, HTTP requests, process and GC figures') },
  }),

  route({
    method: 'GET', path: '/management/threaddump', access: SYS_ADMIN,
    handler: () => ok(threadDump()),
    doc: { tag: 'Management', summary: 'Thread dump', success: doc.ok(ref('ThreadDump'), 'The threads with their stacks') },
  }),
];
