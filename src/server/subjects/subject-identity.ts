// Whose data is whose when a login is reused (docs/privacy.md, "One login, several people"): a deleted subject's
// login may be given to a new person. Everything stored by subject row id (revisions, tombstones, export records)
// belongs to that row; what is stored by login only (audit events name `subject_login`, `user` or the principal)
// belongs to the subject that held the login at the time: after the previous holder's delete (`since`) and up to
// its own delete (`until`, none while it lives). The bounds stay as the database's text of the revision timestamps,
// so no precision is lost on the way through JavaScript.
import type { ProjectDTO, SubjectDTO } from '../../common/dto';
import { jsonColumn, type Queryable } from '../db/database';
import { subjectNotFound } from '../http/not-found';
import { findSubject, type FoundSubject } from './load-subject';

export interface SubjectIdentity {
  login: string;
  /** The subject row: the living one's, else the latest deleted one's (from its revisions). */
  subjectId: number;
  /** The living subject's user row; undefined for a deleted subject (its user went with it). */
  userId?: number;
  /** The living subject as findSubject read it. */
  living?: FoundSubject;
  /** The project a permission on it is checked against: the living subject's, else its last snapshot's. */
  project: string | null;
  /** Events by login strictly after this belong to it (the previous holder's delete); undefined: no previous one. */
  since?: string;
  /** Events by login up to and including this belong to it (its own delete); undefined: it lives. */
  until?: string;
}

/** The latest delete of another subject row with this login, before `before` (text timestamp) when given. */
async function previousDelete(q: Queryable, login: string, subjectId: number, before?: string): Promise<string | undefined> {
  const [row] = await q.query<{ at: string | null }>(
    `SELECT max(r.timestamp)::text AS at FROM revision_change c JOIN revision r ON r.id = c.revision_id
      WHERE c.entity_kind = 'subject' AND c.entity_key = $1 AND c.entity_id <> $2 AND c.change_type = 'DEL'
        AND ($3::timestamptz IS NULL OR r.timestamp < $3::timestamptz)`,
    [login, subjectId, before ?? null]);
  return row?.at ?? undefined;
}

/** The living subject with this login, else the latest deleted one; 404 when the login has no history at all. */
export async function identityOf(q: Queryable, login: string): Promise<SubjectIdentity> {
  const living = await findSubject(q, { login });
  if (living) {
    const since = await previousDelete(q, living.row.login, living.row.id);
    return { login: living.row.login, subjectId: living.row.id, userId: living.row.user_id, living, project: living.associatedProject, since };
  }
  const [latest] = await q.query<{ entity_id: number; snapshot: unknown; key: string }>(
    `SELECT entity_id, snapshot, entity_key AS key FROM revision_change WHERE entity_kind = 'subject' AND entity_key = $1
      ORDER BY revision_id DESC, id DESC LIMIT 1`, [login]);
  if (!latest) throw subjectNotFound(login);
  const subjectId = Number(latest.entity_id);
  const [deleted] = await q.query<{ at: string | null }>(
    `SELECT max(r.timestamp)::text AS at FROM revision_change c JOIN revision r ON r.id = c.revision_id
      WHERE c.entity_kind = 'subject' AND c.entity_id = $1 AND c.change_type = 'DEL'`, [subjectId]);
  const until = deleted?.at ?? undefined;
  const snapshot = jsonColumn(latest.snapshot as SubjectDTO | string) as SubjectDTO;
  return {
    login: latest.key, subjectId, project: (snapshot.project as ProjectDTO | undefined)?.projectName ?? null,
    since: await previousDelete(q, latest.key, subjectId, until), until,
  };
}

/**
 * SQL: the audit event `e` is about this identity: it names the login (as subject_login, user or principal) within
 * the identity's time. Appends its parameters to `params`.
 */
export function eventAboutSql(identity: SubjectIdentity, params: unknown[], alias = 'e'): string {
  params.push(identity.login, identity.since ?? null, identity.until ?? null);
  const [l, s, u] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
  return `((${l}::text = ANY(string_to_array(${alias}.data->>'subject_login', ',')) OR ${alias}.data->>'user' = ${l}::text OR ${alias}.principal = ${l}::text)
    AND (${s}::timestamptz IS NULL OR ${alias}.event_date > ${s}::timestamptz) AND (${u}::timestamptz IS NULL OR ${alias}.event_date <= ${u}::timestamptz))`;
}
