// Reading the audit log (docs/management.md, Audits): AuditEvent {timestamp, principal, type, data} from table
// audit_event, paged and sorted like Spring's PersistenceAuditEvent (auditEventDate, principal, auditEventType),
// optionally between two whole days (UTC; both inclusive), of one type, one principal and about one subject. The export
// (audit-export.ts) reads the same filter in keyset batches.
import { jsonColumn, type Queryable } from '../db/database';
import { limitClause, orderByClause, type Pageable } from '../http/paging';

export interface AuditEvent {
  timestamp?: string;
  principal?: string;
  type?: string;
  data?: Record<string, string>;
}

export const AUDIT_SORTABLE = {
  auditEventDate: 'event_date',
  principal: 'principal',
  auditEventType: 'event_type',
  id: 'id',
} as const;

export interface AuditRow {
  id: number;
  principal: string;
  event_date: Date | string;
  event_type: string;
  data: unknown;
}

export interface DayRange {
  /** yyyy-MM-dd, inclusive; none = no lower bound */
  from?: string;
  /** yyyy-MM-dd, inclusive; none = no upper bound */
  to?: string;
}

/** The audit screen's filter: a day range, and optionally exactly one event type and one principal. */
export interface AuditFilter extends DayRange {
  type?: string;
  principal?: string;
  /** A subject's login: the events about it (`subject_login`, also in a list of them, or `user`). */
  subject?: string;
}

function dataOf(raw: unknown): Record<string, string> {
  const value = jsonColumn(raw);
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

/** Empty fields are left out, as ManagementPortal's clients expect. */
export function toAuditEvent(row: AuditRow): AuditEvent {
  const event: AuditEvent = {};
  const date = row.event_date instanceof Date ? row.event_date : new Date(row.event_date);
  if (!Number.isNaN(date.getTime())) event.timestamp = date.toISOString();
  if (row.principal) event.principal = row.principal;
  if (row.event_type) event.type = row.event_type;
  const data = dataOf(row.data);
  if (Object.keys(data).length) event.data = data;
  return event;
}

/** The conditions of a filter, their values appended to `params` (empty when nothing is filtered). */
export function filterConditions(filter: AuditFilter | undefined, params: unknown[]): string[] {
  const conditions = rangeConditions(filter, params);
  if (filter?.type) {
    params.push(filter.type);
    conditions.push(`event_type = $${params.length}`);
  }
  if (filter?.principal) {
    params.push(filter.principal);
    conditions.push(`principal = $${params.length}`);
  }
  if (filter?.subject) {
    params.push(filter.subject);
    conditions.push(`($${params.length} = ANY(string_to_array(data->>'subject_login', ',')) OR data->>'user' = $${params.length})`);
  }
  return conditions;
}

function rangeConditions(range: DayRange | undefined, params: unknown[]): string[] {
  // Half-open [from 00:00, day after `to` 00:00) in UTC: every instant of both days, none of the next.
  const conditions: string[] = [];
  if (range?.from) {
    params.push(`${range.from}T00:00:00.000Z`);
    conditions.push(`event_date >= $${params.length}::timestamptz`);
  }
  if (range?.to) {
    const end = new Date(`${range.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    params.push(end.toISOString());
    conditions.push(`event_date < $${params.length}::timestamptz`);
  }
  return conditions;
}

function filterWhere(filter: AuditFilter | undefined, params: unknown[]): string {
  const conditions = filterConditions(filter, params);
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

export async function listAuditEvents(db: Queryable, pageable: Pageable, range?: AuditFilter): Promise<{ events: AuditEvent[]; total: number }> {
  const params: unknown[] = [];
  const where = filterWhere(range, params);
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_event ${where}`, params);
  const rows = await db.query<AuditRow>(
    `SELECT id, principal, event_date, event_type, data FROM audit_event ${where} ${orderByClause(pageable, 'id')} ${limitClause(pageable, params)}`,
    params,
  );
  return { events: rows.map(toAuditEvent), total: Number(total) };
}

export async function findAuditEvent(db: Queryable, id: number): Promise<AuditEvent | undefined> {
  const rows = await db.query<AuditRow>('SELECT id, principal, event_date, event_type, data FROM audit_event WHERE id = $1', [id]);
  return rows[0] ? toAuditEvent(rows[0]) : undefined;
}

/** Deletes the events older than `days` days (AUDIT_RETENTION_DAYS); answers how many. */
export async function purgeAuditEvents(db: Queryable, days: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM audit_event WHERE event_date < now() - ($1::int * interval '1 day') RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [days],
  );
  return Number(rows[0]?.n ?? 0);
}
