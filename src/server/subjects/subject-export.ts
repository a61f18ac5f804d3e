// GET api/projects/{projectName}/subjects.csv and api/subjects.csv (docs/subjects.md, "Export"): every subject the
// list's criteria match (paging parameters aside), in the list's order, as CSV for spreadsheet programs. The rows are
// read in keyset batches, each its own short statement written out before the next is read (no connection held while
// the client reads, memory for one batch whatever the size). Columns: the subject's fields (hidden fields left out),
// one `attribute:<key>` column per attribute key of the matching subjects, whether an app was ever paired and when
// last. The file reads back through the import (import-file.ts) as every row unchanged.
import { CSV_BOM, csvLine } from '../../common/csv';
import type { Queryable } from '../db/database';
import type { Reply } from '../http/context';
import { ATTRIBUTE_PREFIX } from './import-file';
import type { SubjectCriteria } from './criteria';
import { buildExportAttributeKeys, buildExportBatch } from './list-sql';
import { subjectStatus } from './subject-select';
import type { Visibility } from './departed';

export const EXPORT_BATCH_SIZE = 5000;

interface ExportRow {
  subject_id: number;
  subject_login: string;
  subject_external_id: string | null;
  external_link: string | null;
  removed: boolean;
  activated: boolean;
  project_name: string | null;
  group_name: string | null;
  person_name: string | null;
  date_of_birth: string | null;
  enrollment_date: string | null;
  sources: string | null;
  attributes: string | null;
  paired: boolean;
  last_paired_at: Date | string | null;
  /** The lastSeen sort's cursor, as the lists' next link writes it (to the microsecond, or 'never'). */
  last_seen_cursor: string;
}

/** Base columns, each with the hidden-field setting that leaves it out. */
const COLUMNS: [string, string | undefined, (row: ExportRow) => string][] = [
  ['login', undefined, (r) => r.subject_login],
  ['externalId', undefined, (r) => r.subject_external_id ?? ''],
  ['externalLink', undefined, (r) => r.external_link ?? ''],
  ['status', undefined, (r) => subjectStatus(r.activated, r.removed)],
  ['project', undefined, (r) => r.project_name ?? ''],
  ['group', 'group', (r) => r.group_name ?? ''],
  ['personName', 'person_name', (r) => r.person_name ?? ''],
  ['dateOfBirth', 'date_of_birth', (r) => r.date_of_birth ?? ''],
  ['enrollmentDate', undefined, (r) => r.enrollment_date ?? ''],
  ['sources', undefined, (r) => r.sources ?? ''],
];

const iso = (d: Date | string | null) => (d === null ? '' : (d instanceof Date ? d : new Date(d)).toISOString());

type Scope = { name: string } | undefined;

/** The batches in order; the next one is already being read while the caller writes the current one. */
async function* batches(db: Queryable, criteria: SubjectCriteria, scope: Scope, batchSize: number, visibility?: Visibility): AsyncGenerator<ExportRow[]> {
  const read = (c: SubjectCriteria) => {
    const { sql, params } = buildExportBatch(c, scope, batchSize, visibility);
    return db.query<ExportRow>(sql, params, { planPerCall: true });
  };
  let c: SubjectCriteria = { ...criteria, last: undefined };
  let pending: Promise<ExportRow[]> | undefined = read(c);
  while (pending) {
    const rows: ExportRow[] = await pending;
    pending = undefined;
    if (rows.length === batchSize) {
      const last = rows[rows.length - 1];
      c = { ...c, last: { id: Number(last.subject_id), login: last.subject_login, externalId: last.subject_external_id ?? '', lastSeen: last.last_seen_cursor } };
      pending = read(c);
      pending.catch(() => {}); // surfaces when awaited; a client that left never awaits it
    }
    if (rows.length) yield rows;
  }
}

/** Called with each batch's subjects (row ids, logins) before the batch is sent: whose data leaves (export-records.ts). */
export type OnBatch = (subjectIds: number[], logins: string[]) => Promise<void>;

/** The file, chunk by chunk: the header (with the byte order mark), then one chunk per batch. */
export async function* exportSubjects(db: Queryable, criteria: SubjectCriteria, scope: Scope, hidden: readonly string[], batchSize = EXPORT_BATCH_SIZE, visibility?: Visibility, onBatch?: OnBatch): AsyncGenerator<string> {
  const columns = COLUMNS.filter(([, setting]) => setting === undefined || !hidden.includes(setting));
  const keysQuery = buildExportAttributeKeys(criteria, scope, visibility);
  const keys = (await db.query<{ attribute_key: string }>(keysQuery.sql, keysQuery.params, { planPerCall: true })).map((r) => r.attribute_key);
  yield CSV_BOM + csvLine([...columns.map(([name]) => name), ...keys.map((k) => ATTRIBUTE_PREFIX + k), 'paired', 'lastPairedAt']);
  for await (const rows of batches(db, criteria, scope, batchSize, visibility)) {
    if (onBatch) await onBatch(rows.map((r) => Number(r.subject_id)), rows.map((r) => r.subject_login));
    let chunk = '';
    for (const row of rows) {
      const attributes = row.attributes ? (JSON.parse(row.attributes) as Record<string, string>) : {};
      chunk += csvLine([
        ...columns.map(([, , value]) => value(row)),
        ...keys.map((k) => attributes[k] ?? ''),
        row.paired ? 'true' : 'false',
        iso(row.last_paired_at),
      ]);
    }
    yield chunk;
  }
}

/**
 * The streamed reply; `fileName` without quotes or path characters (a project name is an entity id). `visibility`:
 * the caller's reach, when the file may hold subjects it may not read in full (departed.ts): those are written with
 * their login and status only.
 */
export function exportReply(db: Queryable, criteria: SubjectCriteria, scope: Scope, hidden: readonly string[], fileName: string, visibility?: Visibility, onBatch?: OnBatch): Reply {
  return {
    status: 200,
    contentType: 'text/csv; charset=utf-8',
    headers: { 'Content-Disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"` },
    stream: exportSubjects(db, criteria, scope, hidden, EXPORT_BATCH_SIZE, visibility, onBatch),
  };
}
