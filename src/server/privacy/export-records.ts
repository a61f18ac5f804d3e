// Whose data left in which export (docs/privacy.md, "Exports"; GDPR Art. 17(2) and 30): a CSV export of subjects is
// one audit event SUBJECTS_EXPORTED (who, when, which project) and one row per exported subject naming that event,
// written before the batch holding the subject is sent. The subject's access export lists them, and an erasure answers
// them with the project's recipients, so staff know which copies outside the portal to chase.
import type { Queryable } from '../db/database';

export interface ExportOfSubject {
  exportedAt: string;
  exportedBy: string;
  project: string;
}

/** Records that the subjects (row ids and logins, in the same order) are in the export whose audit event is `eventId`. */
export async function recordExportedSubjects(q: Queryable, eventId: number, subjectIds: readonly number[], logins: readonly string[]): Promise<void> {
  if (!subjectIds.length) return;
  await q.query(
    `INSERT INTO subject_export_record (audit_event_id, subject_id, login)
     SELECT $1, s.id, s.login FROM unnest($2::bigint[], $3::text[]) AS s(id, login) ON CONFLICT DO NOTHING`,
    [eventId, [...subjectIds], [...logins]]);
}

/** One CSV export: who, when, which project, and the logins of the subjects it held (in login order). */
export async function exportWithSubjects(q: Queryable, eventId: number): Promise<(ExportOfSubject & { id: number; subjects: string[] }) | undefined> {
  const [event] = await q.query<{ event_date: Date | string; principal: string; project: string | null }>(
    "SELECT event_date, principal, data->>'project' AS project FROM audit_event WHERE id = $1 AND event_type = 'SUBJECTS_EXPORTED'", [eventId]);
  if (!event) return undefined;
  const rows = await q.query<{ login: string }>('SELECT login FROM subject_export_record WHERE audit_event_id = $1 ORDER BY login', [eventId]);
  return {
    id: eventId, exportedAt: new Date(event.event_date).toISOString(), exportedBy: event.principal, project: event.project ?? '*',
    subjects: rows.map((r) => r.login),
  };
}

/** The exports that held the subject row, oldest first. */
export async function exportsOfSubject(q: Queryable, subjectId: number): Promise<ExportOfSubject[]> {
  const rows = await q.query<{ event_date: Date | string; principal: string; project: string | null }>(
    `SELECT e.event_date, e.principal, e.data->>'project' AS project FROM subject_export_record x JOIN audit_event e ON e.id = x.audit_event_id
      WHERE x.subject_id = $1 ORDER BY e.event_date, e.id`, [subjectId]);
  return rows.map((r) => ({ exportedAt: new Date(r.event_date).toISOString(), exportedBy: r.principal, project: r.project ?? '*' }));
}
