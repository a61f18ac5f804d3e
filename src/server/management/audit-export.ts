// GET management/audits/export (docs/management.md, Audits): the filtered events as CSV or JSON, streamed. The rows
// are read in keyset batches on id (each batch its own short query, so no connection is held while the client
// reads), and each batch is written before the next is read: memory holds one batch, whatever the range.
// CSV follows RFC 4180 (CRLF line ends; a field with a comma, semicolon, quote, CR or LF is quoted and its quotes
// doubled). A field that starts with =, +, -, @, tab or CR, also after spaces, gets a leading apostrophe, so a
// spreadsheet opens a crafted login from a failed sign-in as text, never as a formula (common/csv.ts).
import { csvField as sharedCsvField, inertCell } from '../../common/csv';
import type { Queryable } from '../db/database';
import { filterConditions, toAuditEvent, type AuditEvent, type AuditFilter, type AuditRow } from './audit-events';

export const EXPORT_BATCH_SIZE = 500;
export type ExportFormat = 'csv' | 'json';

async function* auditRows(db: Queryable, filter: AuditFilter, batchSize: number): AsyncGenerator<AuditRow[]> {
  let after = 0;
  for (;;) {
    const params: unknown[] = [];
    const conditions = filterConditions(filter, params);
    params.push(after);
    conditions.push(`id > $${params.length}`);
    params.push(batchSize);
    const rows = await db.query<AuditRow>(
      `SELECT id, principal, event_date, event_type, data FROM audit_event WHERE ${conditions.join(' AND ')}
        ORDER BY id LIMIT $${params.length}`,
      params,
    );
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    after = Number(rows[rows.length - 1].id);
  }
}

/** The shared spreadsheet-safe cell (common/csv.ts): formula starts made inert, either separator quoted. */
const csvField = (value: string): string => sharedCsvField(inertCell(value));

const CSV_HEADER = 'id,timestamp,principal,type,data\r\n';

const csvLine = (id: number, event: AuditEvent) =>
  [String(id), event.timestamp ?? '', event.principal ?? '', event.type ?? '', event.data ? JSON.stringify(event.data) : '']
    .map(csvField).join(',') + '\r\n';

/** The export's body, chunk by chunk (one chunk per batch). */
export async function* exportAuditEvents(
  db: Queryable, filter: AuditFilter, format: ExportFormat, batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  let first = true;
  yield format === 'csv' ? CSV_HEADER : '[';
  for await (const rows of auditRows(db, filter, batchSize)) {
    if (format === 'csv') {
      yield rows.map((row) => csvLine(Number(row.id), toAuditEvent(row))).join('');
    } else {
      yield rows.map((row) => {
        const line = `${first ? '' : ','}\n${JSON.stringify({ id: Number(row.id), ...toAuditEvent(row) })}`;
        first = false;
        return line;
      }).join('');
    }
  }
  if (format === 'json') yield '\n]\n';
}

/** e.g. audit-events_2026-01-01_2026-01-31.csv; the parts are checked dates, so the name needs no escaping. */
export function exportFileName(filter: AuditFilter, format: ExportFormat): string {
  return `audit-events_${filter.from ?? 'start'}_${filter.to ?? 'now'}.${format}`;
}
