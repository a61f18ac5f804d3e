// Erasure of a subject's personal data (GDPR art. 17; docs/privacy.md, docs/subjects.md "Erasure"):
// POST api/subjects/{login}/erasure. Unlike delete, a living subject stays: its pseudonymous login (and external id,
// the study's own pseudonym) keep the data pipeline's records linkable, and a tombstone (subject_erasure: who, when,
// why) says what happened. A deleted subject's history is erased the same way. In one transaction the personal
// fields (person name, date of birth, external link, the user's e-mail and names), the attributes and the device
// data its app registered (source attributes such as deviceName, a source name holding a personal value) are removed
// from the subject, its sources, every stored revision snapshot of them and every audit event that held one of the
// values (details, a principal that is such a value, the phone's addresses); its pairing links, refresh tokens,
// authorization codes and sessions end, and its access tokens are refused (the credentials stamp,
// auth/credentials.ts). The erasure is audited (SUBJECT_ERASED, naming the login and project only) and recorded as
// a revision whose snapshot holds nothing erased. It may be repeated: data recorded after one erasure are erased by
// the next. Everything is scoped to the subject row (subject-identity.ts): a login reused after a delete belongs to
// a new person. Imports read the tombstone (erasedLogins) and never fill an erased subject again.
import type { EntityDetails } from '../../common/permission-check';
import { recordSecurityEvent } from '../audit/security-events';
import { credentialsChangedSql, credentialsStamp } from '../auth/credentials';
import type { Principal } from '../auth/principal';
import { jsonColumn, type Queryable } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { validationFailed } from '../http/errors';
import { authorOf, recordRevision } from '../revisions/record';
import { exportsOfSubject, type ExportOfSubject } from '../privacy/export-records';
import { privacyOfProject, PRIVACY_DEFAULTS } from '../privacy/project-privacy';
import { getSubject, snapshotOf } from './load-subject';
import { requireStillAllowed } from './recheck-access';
import { eventAboutSql, type SubjectIdentity } from './subject-identity';
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

/** The latest tombstone of the subject row (not of its login: a reused login starts without one). */
export async function readErasure(q: Queryable, subjectId: number): Promise<SubjectErasure | undefined> {
  const [row] = await q.query<TombstoneRow>(
    'SELECT login, erased_by, erased_at, reason FROM subject_erasure WHERE subject_id = $1 ORDER BY erased_at DESC, id DESC LIMIT 1', [subjectId]);
  return row ? toErasure(row) : undefined;
}

/**
 * Which of these logins were erased: the imports keep their personal fields empty. A login counts when its living
 * subject was erased, or, with no living subject, when its latest holder was (an import must not refill a deleted
 * and erased person); a new person who got the login after a delete is not held back by the previous one's erasure.
 */
export async function erasedLogins(q: Queryable, logins: readonly string[]): Promise<Set<string>> {
  if (!logins.length) return new Set();
  const rows = await q.query<{ login: string }>(
    `SELECT e.login FROM subject_erasure e LEFT JOIN subject s ON s.login = e.login
      WHERE e.login = ANY($1::text[]) AND (s.id = e.subject_id OR (s.id IS NULL AND e.subject_id = (
        SELECT c.entity_id FROM revision_change c WHERE c.entity_kind = 'subject' AND c.entity_key = e.login ORDER BY c.revision_id DESC LIMIT 1)))`,
    [[...logins]]);
  return new Set(rows.map((r) => r.login));
}

/** The rows of revision_change that hold the identity's personal data: its subject, its user, its sources. */
async function historyRows(tx: Queryable, identity: SubjectIdentity, sourceRowIds: readonly number[]): Promise<{ id: number; entity_kind: string; snapshot: unknown }[]> {
  return tx.query(
    `SELECT c.id, c.entity_kind, c.snapshot FROM revision_change c JOIN revision r ON r.id = c.revision_id
      WHERE (c.entity_kind = 'subject' AND c.entity_id = $1)
         OR (c.entity_kind = 'user' AND (c.entity_id = $2 OR (c.entity_key = $3
              AND ($4::timestamptz IS NULL OR r.timestamp > $4::timestamptz) AND ($5::timestamptz IS NULL OR r.timestamp <= $5::timestamptz))))
         OR (c.entity_kind = 'source' AND c.entity_id = ANY($6::bigint[]))`,
    [identity.subjectId, identity.userId ?? -1, identity.login, identity.since ?? null, identity.until ?? null, [...sourceRowIds]]);
}

/** The subject's sources (row ids): those it holds now and those its history lists (a deleted subject's were released). */
async function sourcesOf(tx: Queryable, identity: SubjectIdentity): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `SELECT id FROM radar_source WHERE subject_id = $1
     UNION SELECT rs.id FROM revision_change c, jsonb_array_elements(CASE WHEN jsonb_typeof(c.snapshot->'sources') = 'array' THEN c.snapshot->'sources' ELSE '[]' END) src
       JOIN radar_source rs ON rs.source_id::text = lower(src->>'sourceId')
      WHERE c.entity_kind = 'subject' AND c.entity_id = $1`, [identity.subjectId]);
  return rows.map((r) => Number(r.id));
}

/** Every personal string in a snapshot: the personal fields, attributes (its own and its sources'), source names. */
function personalValues(kind: string, snapshot: Record<string, unknown>, into: Set<string>): void {
  const add = (v: unknown) => { if (typeof v === 'string' && v.trim() !== '') into.add(v); };
  const addAttributes = (a: unknown) => { if (a && typeof a === 'object') Object.values(a).forEach(add); };
  if (kind === 'subject' || kind === 'user') {
    for (const f of ['personName', 'dateOfBirth', 'externalLink', 'email', 'firstName', 'lastName']) add(snapshot[f]);
    addAttributes(snapshot.attributes);
    if (Array.isArray(snapshot.sources)) for (const s of snapshot.sources) if (s && typeof s === 'object') addAttributes((s as Record<string, unknown>).attributes);
  }
  if (kind === 'source') addAttributes(snapshot.attributes);
}

/** Every personal value the identity ever had: now, in its sources, and in any revision snapshot. */
async function valuesToErase(tx: Queryable, identity: SubjectIdentity, sourceRowIds: readonly number[], history: { entity_kind: string; snapshot: unknown }[]): Promise<string[]> {
  const values = new Set<string>();
  if (identity.living) {
    const [now] = await tx.query<Record<string, string | null>>(
      `SELECT s.person_name, to_char(s.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, s.external_link, u.email, u.first_name, u.last_name
         FROM subject s JOIN radar_user u ON u.id = s.user_id WHERE s.id = $1`, [identity.subjectId]);
    for (const v of Object.values(now ?? {})) if (typeof v === 'string' && v.trim() !== '') values.add(v);
    const attributes = await tx.query<{ v: string | null }>('SELECT attribute_value AS v FROM subject_metadata WHERE subject_id = $1', [identity.subjectId]);
    for (const { v } of attributes) if (v && v.trim() !== '') values.add(v);
  }
  const device = await tx.query<{ v: string | null }>('SELECT attribute_value AS v FROM source_metadata WHERE source_id = ANY($1::bigint[])', [[...sourceRowIds]]);
  for (const { v } of device) if (v && v.trim() !== '') values.add(v);
  for (const row of history) {
    const snapshot = jsonColumn(row.snapshot as Record<string, unknown> | string);
    if (snapshot && typeof snapshot === 'object') personalValues(row.entity_kind, snapshot, values);
  }
  return [...values];
}

/** Whether the text holds an erased value: any value in text about the subject, else one of 4 characters or more. */
const holdsValue = (text: string, values: readonly string[]) => values.some((v) => text.includes(v));

/** The JSON with every string holding an erased value replaced by ERASED_MARK; `changed` says whether any was. */
function scrubDeep(value: unknown, values: readonly string[], state: { changed: boolean }): unknown {
  if (typeof value === 'string') {
    if (holdsValue(value, values)) {
      state.changed = true;
      return ERASED_MARK;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, values, state));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, values, state)]));
  }
  return value;
}

/** A snapshot without personal data: the personal fields emptied by kind, any other string holding a value marked. */
function scrubSnapshot(kind: string, snapshot: Record<string, unknown>, values: readonly string[]): Record<string, unknown> {
  let next: Record<string, unknown> = { ...snapshot };
  if (kind === 'subject') {
    next = { ...next, ...ERASED_SNAPSHOT_FIELDS };
    if (Array.isArray(next.sources)) next.sources = next.sources.map((s) => (s && typeof s === 'object' ? { ...s, attributes: {} } : s));
  }
  if (kind === 'user') next = { ...next, ...ERASED_USER_FIELDS };
  if (kind === 'source') next = { ...next, attributes: {} };
  return scrubDeep(next, values, { changed: false }) as Record<string, unknown>;
}

async function scrubHistory(tx: Queryable, rows: { id: number; entity_kind: string; snapshot: unknown }[], values: readonly string[]): Promise<void> {
  for (const row of rows) {
    const snapshot = jsonColumn(row.snapshot as Record<string, unknown> | string);
    if (!snapshot || typeof snapshot !== 'object' || Array.isArray(snapshot)) continue;
    const next = scrubSnapshot(row.entity_kind, snapshot, values);
    if (JSON.stringify(next) !== JSON.stringify(snapshot)) {
      await tx.query('UPDATE revision_change SET snapshot = $2::text::jsonb WHERE id = $1', [row.id, JSON.stringify(next)]);
    }
  }
}

/**
 * The device data the app registered: source attributes go. A source the app registered is named
 * `<the app's text>_<model>-<first 8 of its id>` (sources/source-registration.ts): the app's free text goes, the
 * generated part stays. Any other name or expected name holding an erased value becomes a neutral one. Answers the
 * old names that changed, so the revision snapshots lose them too.
 */
async function scrubSources(tx: Queryable, sourceRowIds: readonly number[], values: readonly string[]): Promise<string[]> {
  if (!sourceRowIds.length) return [];
  await tx.query('DELETE FROM source_metadata WHERE source_id = ANY($1::bigint[])', [[...sourceRowIds]]);
  const names = await tx.query<{ id: number; source_name: string; expected_source_name: string | null; source_id: string; model: string | null }>(
    `SELECT s.id, s.source_name, s.expected_source_name, s.source_id::text AS source_id, t.model
       FROM radar_source s LEFT JOIN source_type t ON t.id = s.source_type_id WHERE s.id = ANY($1::bigint[])`, [[...sourceRowIds]]);
  const long = values.filter((v) => v.length >= 4);
  const renamed: string[] = [];
  for (const row of names) {
    const generated = row.model === null ? undefined : `${row.model}-${row.source_id.slice(0, 8)}`;
    let name = row.source_name;
    if (generated && name.endsWith(`_${generated}`)) name = generated;
    if (holdsValue(name, long)) name = `erased-${row.source_id}`;
    if (name !== row.source_name) {
      await tx.query('UPDATE radar_source SET source_name = $2 WHERE id = $1', [row.id, name]);
      renamed.push(row.source_name.slice(0, row.source_name.length - (generated && row.source_name.endsWith(`_${generated}`) ? generated.length + 1 : 0)));
    }
    if (row.expected_source_name && holdsValue(row.expected_source_name, long)) await tx.query('UPDATE radar_source SET expected_source_name = NULL WHERE id = $1', [row.id]);
  }
  return renamed.filter((n) => n.trim() !== '');
}

/** An audit event's details with every value holding an erased one replaced by ERASED_MARK; undefined: nothing to change. */
function scrubbed(data: Record<string, unknown>, values: readonly string[], dropAddress: boolean): Record<string, unknown> | undefined {
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (dropAddress && key === 'remoteAddress') {
      changed = true;
      continue;
    }
    if (holdsValue(text, values)) {
      out[key] = ERASED_MARK;
      changed = true;
    } else out[key] = value;
  }
  return changed ? out : undefined;
}

/**
 * The audit events that hold an erased value. Events about the subject (its login as `subject_login`, `user` or
 * principal, in its time: subject-identity.ts) are scrubbed of every value and lose the address they came from (the
 * phone's, when the app paired or signed in); elsewhere only values of 4 characters or more are looked for, so a
 * short attribute value ("1", "yes") never blanks unrelated events. A principal that is an erased value (a failed
 * sign-in with the person's e-mail as user name) becomes ERASED_MARK. The login_attempt counters keyed by such a
 * value go. Erasure is rare: the scan over the audit table is acceptable.
 */
async function scrubAudit(tx: Queryable, identity: SubjectIdentity, values: readonly string[]): Promise<void> {
  const long = values.filter((v) => v.length >= 4);
  const params: unknown[] = [long.map((v) => JSON.stringify(v).slice(1, -1)), long.map((v) => v.toLowerCase())];
  const about = eventAboutSql(identity, params);
  const rows = await tx.query<{ id: number; principal: string; data: unknown; about: boolean }>(
    `SELECT e.id, e.principal, e.data, ${about} AS about FROM audit_event e
      WHERE ${about}
         OR (cardinality($1::text[]) > 0 AND e.data::text LIKE ANY(SELECT '%' || replace(replace(replace(v, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' FROM unnest($1::text[]) v))
         OR lower(e.principal) = ANY($2::text[])`,
    params);
  const addresses = new Set<string>();
  for (const row of rows) {
    const data = jsonColumn(row.data as Record<string, unknown> | string);
    const principalErased = long.some((v) => v.toLowerCase() === row.principal.toLowerCase());
    // A failed sign-in typed with the person's e-mail address came from the person (or someone trying it): about it.
    const about = row.about || principalErased;
    if (about && typeof data.remoteAddress === 'string') addresses.add(data.remoteAddress);
    const next = scrubbed(data, about ? values : long, about);
    if (next || principalErased) {
      await tx.query('UPDATE audit_event SET data = $2::text::jsonb, principal = $3 WHERE id = $1',
        [row.id, JSON.stringify(next ?? data), principalErased ? ERASED_MARK : row.principal]);
    }
  }
  // The sign-in throttle's counters of those values and of the addresses the person's events came from.
  const keys = [...long.map((v) => `login:${v.toLowerCase()}`), ...[...addresses].map((a) => `address:${a}`)];
  if (keys.length) await tx.query('DELETE FROM login_attempt WHERE lower(attempt_key) = ANY($1::text[])', [keys]);
}

/** The erasure's answer: the tombstone, and where copies went (Art. 17(2)): the exports that held it, the recipients. */
export interface ErasureAnswer extends SubjectErasure {
  exports: ExportOfSubject[];
  recipients: string;
}

/**
 * Erases the identity's personal data (a living subject, or a deleted one's history). May be repeated: every erasure
 * adds a tombstone and erases whatever was recorded since.
 */
export async function eraseSubject(ctx: RequestContext, principal: Principal, target: SubjectIdentity, checked: EntityDetails, body: ErasureBody): Promise<Reply> {
  const author = authorOf(principal);
  const answer = await subjectTransaction(ctx, undefined, async (tx): Promise<ErasureAnswer> => {
    let identity = target;
    if (target.living) {
      const found = await getSubject(tx, { id: target.subjectId }, true);
      await requireStillAllowed(tx, principal, 'SUBJECT.DELETE', checked, { project: found.associatedProject, subject: found.row.login });
      identity = { ...target, living: found, project: found.associatedProject };
    }
    const { subjectId, userId, login } = identity;
    const sourceRowIds = await sourcesOf(tx, identity);
    const history = await historyRows(tx, identity, sourceRowIds);
    const values = await valuesToErase(tx, identity, sourceRowIds, history);

    if (identity.living) {
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
    }
    // The app's names of its devices are erased values too, wherever the history or the audit log holds them.
    const erased = [...values, ...(await scrubSources(tx, sourceRowIds, values))];
    await scrubHistory(tx, history, erased);
    // A source's history is keyed by its name: the current (neutral) one.
    await tx.query(
      `UPDATE revision_change c SET entity_key = s.source_name FROM radar_source s
        WHERE c.entity_kind = 'source' AND c.entity_id = s.id AND s.id = ANY($1::bigint[]) AND c.entity_key IS DISTINCT FROM s.source_name`,
      [sourceRowIds]);
    await scrubAudit(tx, identity, erased);

    const [row] = await tx.query<TombstoneRow>(
      'INSERT INTO subject_erasure (login, subject_id, erased_by, reason) VALUES ($1, $2, $3, $4) RETURNING login, erased_by, erased_at, reason',
      [login, subjectId, author, body.reason.trim()]);
    if (identity.living) {
      await recordRevision(tx, author, [{ kind: 'subject', id: subjectId, key: login, type: 'MOD', snapshot: await snapshotOf(tx, subjectId) }]);
    }
    // The event names the subject and where it lived, never a value or the reason (which the tombstone keeps).
    await recordSecurityEvent(tx, principal.login ?? principal.clientId, 'SUBJECT_ERASED', { subject_login: login, project: identity.project ?? undefined });
    const exports = await exportsOfSubject(tx, subjectId);
    const privacy = identity.project ? await privacyOfProject(tx, identity.project) : undefined;
    return { ...toErasure(row), exports, recipients: (privacy?.effective ?? PRIVACY_DEFAULTS).recipients };
  });
  return ok(answer);
}
