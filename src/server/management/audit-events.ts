// Reading the audit log (docs/management.md, Audits): AuditEvent {timestamp, principal, type, data} from table
// audit_event, paged and sorted like Spring's PersistenceAuditEvent (auditEventDate, principal, auditEventType),
// optionally between two whole days (UTC; both inclusive).
import type { Queryable } from '../db/database';
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

interface AuditRow {
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

function dataOf(raw: unknown): Record<string, string> {
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

/** Empty fields are left out, as ManagementPortal's clients expect. */
function toAuditEvent(row: AuditRow): AuditEvent {
  const event: AuditEvent = {};
  const date = row.event_date instanceof Date ? row.event_date : new Date(row.event_date);
  if (!Number.isNaN(date.getTime())) event.timestamp = date.toISOString();
  if (row.principal) event.principal = row.principal;
  if (row.event_type) event.type = row.event_type;
  const data = dataOf(row.data);
  if (Object.keys(data).length) event.data = data;
  return event;
}

function rangeWhere(range: DayRange | undefined, params: unknown[]): string {
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
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

export async function listAuditEvents(db: Queryable, pageable: Pageable, range?: DayRange): Promise<{ events: AuditEvent[]; total: number }> {
  const params: unknown[] = [];
  const where = rangeWhere(range, params);
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
