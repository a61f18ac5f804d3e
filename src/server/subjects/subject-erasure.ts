// Erasure of a subject's personal data (GDPR art. 17; docs/subjects.md, "Erasure"): POST api/subjects/{login}/erasure.
// Unlike delete, the subject stays: its pseudonymous login (and external id, the study's own pseudonym) keep the
// data pipeline's records linkable, and a tombstone (subject_erasure: who, when, why) says what happened. In one
// transaction the personal fields (person name, date of birth, external link, the user's e-mail and names) and the
// attributes are removed from the subject, from every stored revision snapshot of it and from every audit detail
// that held one of the values; its pairing links, refresh tokens, authorization codes and sessions end, and its
// access tokens are refused (the credentials stamp, auth/credentials.ts). The erasure is audited (SUBJECT_ERASED,
// naming the login and project only) and recorded as a revision whose snapshot holds nothing erased.
// Imports read the tombstone (erasedLogins) and never fill an erased subject again.
import type { EntityDetails } from '../../common/permission-check';
import { recordSecurityEvent } from '../audit/security-events';
import { credentialsChangedSql, credentialsStamp } from '../auth/credentials';
import type { Principal } from '../auth/principal';
import { jsonColumn, type Queryable } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { apiError, validationFailed } from '../http/errors';
import { authorOf, recordRevision } from '../revisions/record';
import { getSubject, snapshotOf } from './load-subject';
import { requireStillAllowed } from './recheck-access';
import { subjectTransaction } from './subject-transaction';

/** The body: the reason (kept in the tombstone) and the subject's login typed again as the confirmation. */
export interface ErasureBody {
  reason: string;
  confirmLogin: string;
}

export const REASON_MAX = 1000;

/** The tombstone as the API answers it (SubjectErasureDTO). */
export interface SubjectErasure {
  login: string;
  erasedBy: string;
  erasedAt: string;
  reason: string;
}

/** The personal fields of a subject's DTO (and revision snapshots) that an erasure empties. */
export const ERASED_SNAPSHOT_FIELDS = { personName: null, dateOfBirth: null, externalLink: null, attributes: {} } as const;
/** The same of a user's DTO: a subject's user may carry an e-mail address and names (imported from ManagementPortal). */
const ERASED_USER_FIELDS = { email: null, firstName: null, lastName: null } as const;
/** What replaces an erased value inside an audit event's details. */
export const ERASED_MARK = '[erased]';

export const alreadyErased = (login: string) =>
  apiError(409, 'error.subjectErased', 'subject', 'The personal data of this subject was erased already', { subjectLogin: login });

/** The body's cross-field check: the typed login must be the subject's (case-insensitive, as logins are stored lower-case). */
export function confirmErasure(login: string, body: ErasureBody): void {
  if (body.confirmLogin.trim().toLowerCase() !== login.toLowerCase()) {
    throw validationFailed('subjectErasure', [{ objectName: 'subjectErasure', field: 'confirmLogin', message: 'erasureNotConfirmed: type the subject\'s login to confirm' }]);
  }
}

interface TombstoneRow {
  login: string;
  erased_by: string;
  erased_at: Date | string;
  reason: string;
}

const toErasure = (row: TombstoneRow): SubjectErasure => ({
  login: row.login, erasedBy: row.erased_by, erasedAt: new Date(row.erased_at).toISOString(), reason: row.reason,
});

export async function readErasure(q: Queryable, login: string): Promise<SubjectErasure | undefined> {
  const [row] = await q.query<TombstoneRow>('SELECT login, erased_by, erased_at, reason FROM subject_erasure WHERE login = $1', [login]);
  return row ? toErasure(row) : undefined;
}

/** Which of these logins were erased: the imports keep their personal fields empty. */
export async function erasedLogins(q: Queryable, logins: readonly string[]): Promise<Set<string>> {
  if (!logins.length) return new Set();
  const rows = await q.query<{ login: string }>('SELECT login FROM subject_erasure WHERE login = ANY($1::text[])', [[...logins]]);
  return new Set(rows.map((r) => r.login));
}

/** Every personal value the subject ever had: now, and in any revision snapshot of it or of its user. */
async function valuesToErase(tx: Queryable, subjectId: number, login: string, userId: number): Promise<string[]> {
  const [now] = await tx.query<Record<string, string | null>>(
    `SELECT s.person_name, to_char(s.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, s.external_link, u.email, u.first_name, u.last_name
       FROM subject s JOIN radar_user u ON u.id = s.user_id WHERE s.id = $1`, [subjectId]);
  const attributes = await tx.query<{ v: string | null }>('SELECT attribute_value AS v FROM subject_metadata WHERE subject_id = $1', [subjectId]);
  const history = await tx.query<{ v: string | null }>(
    `SELECT DISTINCT v FROM revision_change c, LATERAL (
        SELECT c.snapshot->>'personName' UNION ALL SELECT c.snapshot->>'dateOfBirth' UNION ALL SELECT c.snapshot->>'externalLink'
        UNION ALL SELECT c.snapshot->>'email' UNION ALL SELECT c.snapshot->>'firstName' UNION ALL SELECT c.snapshot->>'lastName'
        UNION ALL SELECT value FROM jsonb_each_text(CASE WHEN jsonb_typeof(c.snapshot->'attributes') = 'object' THEN c.snapshot->'attributes' ELSE '{}' END)
      ) x(v)
      WHERE (c.entity_kind = 'subject' AND (c.entity_id = $1 OR c.entity_key = $2)) OR (c.entity_kind = 'user' AND (c.entity_id = $3 OR c.entity_key = $2))`,
    [subjectId, login, userId]);
  const values = new Set<string>();
  for (const v of [...Object.values(now ?? {}), ...attributes.map((r) => r.v), ...history.map((r) => r.v)]) {
    if (typeof v === 'string' && v.trim() !== '') values.add(v);
  }
  return [...values];
}

/** An audit event's details with every value holding an erased one replaced by ERASED_MARK; undefined: nothing to change. */
function scrubbed(data: Record<string, unknown>, values: readonly string[]): Record<string, unknown> | undefined {
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (values.some((v) => text.includes(v))) {
      out[key] = ERASED_MARK;
      changed = true;
    } else out[key] = value;
  }
  return changed ? out : undefined;
}

/**
 * The audit details that hold an erased value. Events about the subject (its login in `subject_login` or `user`) are
 * scrubbed of every value; elsewhere only values of 4 characters or more are looked for, so a short attribute value
 * ("1", "yes") never blanks unrelated events. Erasure is rare: the scan over the audit table is acceptable.
 */
async function scrubAudit(tx: Queryable, login: string, values: readonly string[]): Promise<void> {
  if (!values.length) return;
  const long = values.filter((v) => v.length >= 4);
  const rows = await tx.query<{ id: number; data: unknown }>(
    `SELECT id, data FROM audit_event
      WHERE $1 = ANY(string_to_array(data->>'subject_login', ',')) OR data->>'user' = $1
         OR (cardinality($2::text[]) > 0 AND data::text LIKE ANY(SELECT '%' || replace(replace(replace(v, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' FROM unnest($2::text[]) v))`,
    [login, long.map((v) => JSON.stringify(v).slice(1, -1))]);
  for (const row of rows) {
    const data = jsonColumn(row.data as Record<string, unknown> | string);
    const about = data.user === login || String(data.subject_login ?? '').split(',').includes(login);
    const next = scrubbed(data, about ? values : long);
    if (next) await tx.query('UPDATE audit_event SET data = $2::text::jsonb WHERE id = $1', [row.id, JSON.stringify(next)]);
  }
}

export async function eraseSubject(ctx: RequestContext, principal: Principal, login: string, checked: EntityDetails, body: ErasureBody): Promise<Reply> {
  const author = authorOf(principal);
  const erasure = await subjectTransaction(ctx, undefined, async (tx) => {
    const found = await getSubject(tx, { login }, true);
    await requireStillAllowed(tx, principal, 'SUBJECT.DELETE', checked, { project: found.associatedProject, subject: login });
    if (await readErasure(tx, login)) throw alreadyErased(login);
    const subjectId = found.row.id;
    const userId = found.row.user_id;
    const values = await valuesToErase(tx, subjectId, login, userId);

    await tx.query('UPDATE subject SET person_name = NULL, date_of_birth = NULL, external_link = NULL WHERE id = $1', [subjectId]);
    await tx.query('DELETE FROM subject_metadata WHERE subject_id = $1', [subjectId]);
    // Its access tokens are refused from now on (the credentials rule); pairing links and every grant end.
    await tx.query(
      `UPDATE radar_user SET email = NULL, first_name = NULL, last_name = NULL, activation_key_hash = NULL, reset_key_hash = NULL,
              credentials_changed_at = ${credentialsChangedSql('$3')}, last_modified_by = $2, last_modified_date = now()
        WHERE id = $1`, [userId, author, credentialsStamp()]);
    await tx.query('DELETE FROM radar_meta_token WHERE subject_id = $1', [subjectId]);
    await tx.query('DELETE FROM oauth_refresh_token WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM oauth_code WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM http_session WHERE user_id = $1', [userId]);

    await tx.query(
      `UPDATE revision_change SET snapshot = snapshot || $3::text::jsonb
        WHERE entity_kind = 'subject' AND (entity_id = $1 OR entity_key = $2) AND jsonb_typeof(snapshot) = 'object'`,
      [subjectId, login, JSON.stringify(ERASED_SNAPSHOT_FIELDS)]);
    await tx.query(
      `UPDATE revision_change SET snapshot = snapshot || $3::text::jsonb
        WHERE entity_kind = 'user' AND (entity_id = $1 OR entity_key = $2) AND jsonb_typeof(snapshot) = 'object'`,
      [userId, login, JSON.stringify(ERASED_USER_FIELDS)]);
    await scrubAudit(tx, login, values);

    const [row] = await tx.query<TombstoneRow>(
      'INSERT INTO subject_erasure (login, erased_by, reason) VALUES ($1, $2, $3) RETURNING login, erased_by, erased_at, reason',
      [login, author, body.reason.trim()]);
    await recordRevision(tx, author, [{ kind: 'subject', id: subjectId, key: login, type: 'MOD', snapshot: await snapshotOf(tx, subjectId) }]);
    // The event names the subject and where it lived, never a value or the reason (which the tombstone keeps).
    await recordSecurityEvent(tx, principal.login ?? principal.clientId, 'SUBJECT_ERASED', { subject_login: login, project: found.associatedProject });
    return toErasure(row);
  });
  return ok(erasure);
}
