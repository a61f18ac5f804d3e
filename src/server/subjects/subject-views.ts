// "Who looked" (docs/subjects.md, docs/privacy.md): every read that answers one subject's personal data, whatever the
// route (the subject, its history, its sources, its user, the exact lookup by external id, a list filtered down to
// one subject, a system admin's revision list), writes an audit event SUBJECT_VIEWED with who, when and which subject
// (never a value). The event is written before the answer is sent, so a view is never lost when the process dies.
// A subject reading itself (the participant's app) is no view by someone else and is not recorded.
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { eventAboutSql, type SubjectIdentity } from './subject-identity';

/** Who a principal is in the audit log: the user's login, else the client id of a client-credentials token. */
export const viewerOf = (principal: Principal): string => (principal.login ?? principal.clientId ?? 'anonymous').slice(0, 255);

/** Records views of the subjects `logins` by `principal` (not of the subject itself), in one statement. */
export async function recordViews(db: Queryable, principal: Principal, logins: readonly string[]): Promise<void> {
  const others = [...new Set(logins)].filter((login) => login !== principal.login);
  if (!others.length) return;
  await db.query(
    `INSERT INTO audit_event (principal, event_type, data)
     SELECT $1, 'SUBJECT_VIEWED', jsonb_build_object('subject_login', l) FROM unnest($2::text[]) l`,
    [viewerOf(principal), others]);
}

/** Records a view of the subject whose user is `login`, when it is a subject's (a staff member's user is no view). */
export async function recordSubjectUserView(db: Queryable, principal: Principal, login: string): Promise<void> {
  if (login === principal.login) return;
  await db.query(
    `INSERT INTO audit_event (principal, event_type, data)
     SELECT $1, 'SUBJECT_VIEWED', jsonb_build_object('subject_login', s.login) FROM subject s WHERE s.login = $2`,
    [viewerOf(principal), login]);
}

/** Records a view of the subject `login` by `principal`. */
export const recordView = (db: Queryable, principal: Principal, login: string): Promise<void> => recordViews(db, principal, [login]);

export interface LastView {
  by: string;
  at: string;
}

/**
 * The latest view of the subject by someone other than `viewer`: your own looks (this one included) are never
 * "last viewed by", so the line tells the reader who else looked. Only views of this subject, not of a previous
 * holder of its login.
 */
export async function lastViewOf(q: Queryable, identity: SubjectIdentity, viewer: string): Promise<LastView | undefined> {
  const params: unknown[] = [viewer];
  const [row] = await q.query<{ principal: string; event_date: Date | string }>(
    `SELECT principal, event_date FROM audit_event e
      WHERE e.data->>'subject_login' = $2 AND ${eventAboutSql(identity, params)}
        AND e.event_type IN ('SUBJECT_VIEWED', 'SUBJECT_ACCESS_EXPORTED') AND e.principal <> $1
      ORDER BY e.event_date DESC, e.id DESC LIMIT 1`,
    params);
  return row ? { by: row.principal, at: new Date(row.event_date).toISOString() } : undefined;
}

/**
 * A CSV export of subjects: one event SUBJECTS_EXPORTED naming the project (or none: every project), written before
 * the file is streamed; it never holds the criteria, which may name a person. Which subjects the file held is recorded
 * per subject, batch by batch (privacy/export-records.ts). Answers the event's id.
 */
export async function recordSubjectsExport(db: Queryable, principal: Principal, project: string | undefined): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO audit_event (principal, event_type, data) VALUES ($1, 'SUBJECTS_EXPORTED', jsonb_build_object('project', $2::text)) RETURNING id",
    [viewerOf(principal), project ?? '*']);
  return Number(row.id);
}
