// System-admin monitoring (api.md §5.16): the audit log, the loggers, runtime metrics and the thread dump.
// GET management/health is public and lives in routes/health.ts.
import type { LogLevel } from '../config';
import { LOG_LEVELS } from '../config';
import { requireSysAdmin } from '../auth/guards';
import { noContent, ok } from '../http/context';
import { badRequest, notFoundVm, validationFailed } from '../http/errors';
import { pagingHeaders, parsePageable } from '../http/paging';
import { Router } from '../http/router';
import { AUDIT_SORTABLE, findAuditEvent, listAuditEvents, type DayRange } from '../management/audit-events';
import { processMetrics } from '../management/process-metrics';
import { threadDump } from '../management/thread-dump';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

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

const levelOf = (raw: unknown): LogLevel => {
  const level = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  return (LOG_LEVELS as string[]).includes(level) ? (level as LogLevel) : 'DEBUG';
};

export function managementRoutes(): Router {
  return new Router()
    .get('/management/audits', async (ctx) => {
      await requireSysAdmin(ctx);
      const range = dayRange(ctx.query);
      const pageable = parsePageable(ctx.query, {
        defaultSize: 20,
        sortable: AUDIT_SORTABLE,
      });
      const { events, total } = await listAuditEvents(ctx.app.db, pageable, range);
      return ok(events, pagingHeaders('/management/audits', pageable, total));
    })
    .get('/management/audits/:id', async (ctx) => {
      await requireSysAdmin(ctx);
      const id = Number(ctx.params.id);
      if (!Number.isSafeInteger(id)) throw badRequest(`Not an audit event id: ${ctx.params.id}`);
      const event = await findAuditEvent(ctx.app.db, id);
      if (!event) throw notFoundVm();
      return ok(event);
    })
    .get('/management/logs', async (ctx) => {
      await requireSysAdmin(ctx);
      return ok(ctx.app.logs.list());
    })
    .put('/management/logs', async (ctx) => {
      await requireSysAdmin(ctx);
      const body = await ctx.json<{ name?: unknown; level?: unknown }>();
      const name = typeof body?.name === 'string' ? body.name.trim() : '';
      if (!name || name.length > 255) {
        throw validationFailed('loggerVM', [{ objectName: 'loggerVM', field: 'name', message: 'NotBlank: a logger name' }]);
      }
      ctx.app.logs.setLevel(name, levelOf(body.level));
      return noContent();
    })
    .get('/management/jhimetrics', async (ctx) => {
      await requireSysAdmin(ctx);
      return ok(processMetrics(ctx.app));
    })
    .get('/management/threaddump', async (ctx) => {
      await requireSysAdmin(ctx);
      return ok(threadDump());
    });
}
