// POST api/projects/{projectName}/subjects/import (docs/subjects.md, "Import"): a CSV file of subjects, checked as a
// whole and then, unless it is a dry run, written in one transaction with one revision holding a change per subject
// created or updated. A record is matched to a subject of the project by its login (when the file has that column)
// or else by its external id; a record that matches nothing creates a subject. Any error means nothing is written.
// The writes are set-based (a statement per kind of write and batch, never per record), so ten thousand records
// cost a few dozen statements.
import { randomBytes, randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { ROLE_PARTICIPANT } from '../../common/authorities';
import { MAX_SUBJECT_ATTRIBUTES } from '../../common/validation';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { PROJECT_SELECT, toProjectDTOs, type ProjectRow } from '../projects/project-dto';
import { authorOf } from '../revisions/record';
import type { ImportReport as CommonImportReport, SubjectImportRow } from '../../common/import-report';
import { importError, type ImportErrorParams, type ImportProblemCode } from '../../common/import-error';
import { ATTRIBUTE_PREFIX, readImportFileBounded, type ImportRecord, type ImportValues } from './import-file';
import { erasedLogins } from './subject-erasure';
import { projectRoleId } from './participant-roles';
import { projectIdByName } from './subject-rules';
import { subjectRowsOf, subjectRow, toSubjectDTO } from './subject-select';
import { subjectTransaction } from './subject-transaction';

type ImportReport = CommonImportReport<SubjectImportRow>;

interface Stored {
  id: number;
  login: string;
  external_id: string | null;
  external_link: string | null;
  person_name: string | null;
  date_of_birth: string | null;
  enrollment_date: Date | string | null;
  group_name: string | null;
  attributes: string | null;
}

/** The full new state of a subject the file creates or changes. */
interface Target {
  row: number;
  stored?: Stored;
  login: string;
  externalId: string | null;
  externalLink: string | null;
  personName: string | null;
  dateOfBirth: string | null;
  enrollmentDate: string | null;
  groupId: number | null;
  /** Attribute keys the file sets (null: removed). */
  attributes: Record<string, string | null>;
}

interface Plan {
  projectId: number;
  report: ImportReport;
  creates: Target[];
  updates: Target[];
}

/** Statements write at most this many subjects at once (parameter arrays stay a few megabytes). */
const BATCH = 5000;
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

const iso = (d: Date | string | null) => (d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString());
const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

async function storedSubjects(q: Queryable, projectId: number, externalIds: string[], logins: string[]): Promise<Stored[]> {
  if (!externalIds.length && !logins.length) return [];
  return q.query<Stored>(
    `SELECT s.id, s.login, s.external_id, s.external_link, s.person_name, s.date_of_birth::text AS date_of_birth, s.enrollment_date,
            g.name AS group_name,
            (SELECT json_object_agg(m.attribute_key, m.attribute_value)::text FROM subject_metadata m WHERE m.subject_id = s.id) AS attributes
       FROM subject s LEFT JOIN radar_group g ON g.id = s.group_id
      WHERE s.project_id = $1 AND (s.external_id = ANY($2::text[]) OR s.login = ANY($3::text[]))`,
    [projectId, externalIds, logins],
  );
}

/** Locks every external id the file names, in one order, as single writes do (subject-rules.ts). */
async function lockExternalIds(tx: Queryable, projectId: number, externalIds: string[]): Promise<void> {
  const sorted = [...new Set(externalIds)].sort();
  for (const batch of chunks(sorted)) {
    await tx.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('subject-external-id:' || $1::text || ':' || x, 0))
         FROM unnest($2::text[]) WITH ORDINALITY AS u(x, n) ORDER BY n`,
      [projectId, batch],
    );
  }
}

function targetOf(record: ImportRecord, stored: Stored | undefined, groupId: number | null | undefined): Target {
  const v = record.values;
  const storedAttributes = stored?.attributes ? (JSON.parse(stored.attributes) as Record<string, string>) : {};
  const pick = <T>(given: T | undefined, kept: T): T => (given === undefined ? kept : given);
  return {
    row: record.row,
    stored,
    login: stored?.login ?? randomUUID(),
    externalId: blankToNull(pick(v.externalId, stored?.external_id ?? null)),
    externalLink: pick(v.externalLink, stored?.external_link ?? null),
    personName: pick(v.personName, stored?.person_name ?? null),
    dateOfBirth: pick(v.dateOfBirth, stored?.date_of_birth ?? null),
    enrollmentDate: v.enrollmentDate ? v.enrollmentDate.toISOString() : iso(stored?.enrollment_date ?? null),
    groupId: groupId === undefined ? (null as number | null) : groupId,
    attributes: Object.fromEntries(Object.entries(v.attributes).filter(([k, value]) => value !== (storedAttributes[k] ?? null))),
  };
}

function changed(t: Target, stored: Stored, values: ImportValues, storedGroupId: number | null): boolean {
  return t.externalId !== blankToNull(stored.external_id) || t.externalLink !== stored.external_link ||
    t.personName !== stored.person_name || t.dateOfBirth !== stored.date_of_birth ||
    (values.enrollmentDate != null && t.enrollmentDate !== iso(stored.enrollment_date)) ||
    (values.group !== undefined && t.groupId !== storedGroupId) || Object.keys(t.attributes).length > 0;
}

/** The first column of the row that would give a subject a personal value again (erasure), if any. */
function refilledColumn(values: ImportValues): string | undefined {
  if (values.personName) return 'personName';
  if (values.dateOfBirth) return 'dateOfBirth';
  if (values.externalLink) return 'externalLink';
  const key = Object.keys(values.attributes).find((k) => values.attributes[k]);
  return key === undefined ? undefined : ATTRIBUTE_PREFIX + key;
}

/** How many attributes the subject would hold after the row: its stored keys, less those emptied, plus new ones. */
function heldAttributes(stored: Stored | undefined, values: ImportValues): number {
  const keys = new Set(Object.keys(stored?.attributes ? (JSON.parse(stored.attributes) as Record<string, string>) : {}));
  for (const [key, value] of Object.entries(values.attributes)) {
    if (value === null) keys.delete(key);
    else keys.add(key);
  }
  return keys.size;
}

/** Checks every record against the project (read with `q`) and decides what each does. */
async function plan(q: Queryable, projectName: string, text: string, hidden: readonly string[], maxRows: number): Promise<Plan> {
  const projectId = await projectIdByName(q, projectName);
  const file = await readImportFileBounded(text, hidden, maxRows);
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, errors: [...file.fileErrors], rows: [] };
  const creates: Target[] = [];
  const updates: Target[] = [];
  if (file.fileErrors.length) {
    report.rows = file.records.map((r) => ({ row: r.row, action: 'error', login: r.values.login ?? null, externalId: r.values.externalId ?? null }));
    return { projectId, report, creates, updates };
  }
  const groups = new Map(
    (await q.query<{ id: number; name: string }>('SELECT id, name FROM radar_group WHERE project_id = $1', [projectId])).map((g) => [g.name, Number(g.id)]),
  );
  const externalIds = file.records.flatMap((r) => (r.values.externalId ? [r.values.externalId] : []));
  const logins = file.records.flatMap((r) => (r.values.login ? [r.values.login] : []));
  const stored = await storedSubjects(q, projectId, externalIds, logins);
  const byLogin = new Map(stored.map((s) => [s.login, s]));
  const byExternalId = new Map(stored.filter((s) => s.external_id).map((s) => [s.external_id!, s]));
  const erased = await erasedLogins(q, stored.map((s) => s.login));
  const groupIdOf = new Map(stored.map((s) => [s.id, s.group_name === null ? null : groups.get(s.group_name) ?? null]));
  const rowOfExternalId = new Map<string, number>();
  const rowOfLogin = new Map<string, number>();
  for (const [i, record] of file.records.entries()) {
    if (i % 500 === 499) await setImmediate(); // other requests are answered between chunks of a large file
    const { values, row } = record;
    const errors = [...record.errors];
    const fail = (column: string, code: ImportProblemCode, params?: ImportErrorParams) => errors.push(importError(row, column, code, params));
    let match: Stored | undefined;
    if (values.login !== undefined) {
      match = byLogin.get(values.login);
      if (!match) fail('login', 'loginNotFound');
      const earlier = rowOfLogin.get(values.login);
      if (earlier !== undefined) fail('login', 'duplicateLogin', { row: earlier });
      else rowOfLogin.set(values.login, row);
    } else if (values.externalId) {
      match = byExternalId.get(values.externalId);
    }
    // An erased subject is never filled again (docs/subjects.md, "Erasure"): a row that gives it a personal value fails.
    const refill = match && erased.has(match.login) ? refilledColumn(values) : undefined;
    if (refill) fail(refill, 'subjectErased');
    const externalId = values.externalId === undefined ? match?.external_id ?? null : blankToNull(values.externalId);
    if (externalId) {
      const earlier = rowOfExternalId.get(externalId);
      if (earlier !== undefined) fail('externalId', 'duplicateExternalId', { row: earlier });
      else rowOfExternalId.set(externalId, row);
      const owner = byExternalId.get(externalId);
      if (owner && match && owner.id !== match.id) fail('externalId', 'externalIdTaken');
    }
    let groupId: number | null | undefined;
    if (values.group !== undefined && values.group !== null) {
      groupId = groups.get(values.group);
      if (groupId === undefined) fail('group', 'unknownGroup', { group: values.group });
    } else if (values.group === null) groupId = null;
    else groupId = match ? groupIdOf.get(match.id) ?? null : null;
    if (heldAttributes(match, values) > MAX_SUBJECT_ATTRIBUTES) fail('', 'tooManyAttributes', { max: MAX_SUBJECT_ATTRIBUTES });
    const base = { row, login: match?.login ?? values.login ?? null, externalId };
    if (errors.length) {
      report.errors.push(...errors);
      report.rows.push({ ...base, action: 'error' });
      continue;
    }
    const target = targetOf(record, match, groupId);
    if (!match) {
      creates.push(target);
      report.rows.push({ ...base, action: 'create' });
    } else if (changed(target, match, values, groupIdOf.get(match.id) ?? null)) {
      updates.push(target);
      report.rows.push({ ...base, action: 'update' });
    } else report.rows.push({ ...base, action: 'unchanged' });
  }
  report.created = creates.length;
  report.updated = updates.length;
  report.unchanged = report.rows.filter((r) => r.action === 'unchanged').length;
  return { projectId, report, creates, updates };
}

/** Not a scrypt hash, so no password verifies against it (as subject-create.ts). */
const unusablePassword = () => `!unusable$${randomBytes(24).toString('base64url')}`;

async function insertSubjects(tx: Queryable, projectId: number, targets: Target[], author: string): Promise<number[]> {
  const roleId = await projectRoleId(tx, ROLE_PARTICIPANT, projectId);
  const ids: number[] = [];
  for (const batch of chunks(targets)) {
    const users = await tx.query<{ id: number; login: string }>(
      `INSERT INTO radar_user (login, password_hash, activated, lang_key, created_by, last_modified_by)
       SELECT l, p, true, 'en', $3, $3 FROM unnest($1::text[], $2::text[]) AS u(l, p) RETURNING id, login`,
      [batch.map((t) => t.login), batch.map(() => unusablePassword()), author],
    );
    const userIds = new Map(users.map((u) => [u.login, Number(u.id)]));
    const userIdList = batch.map((t) => userIds.get(t.login)!);
    await tx.query('INSERT INTO role_users (role_id, user_id) SELECT $1, unnest($2::bigint[])', [roleId, userIdList]);
    const subjects = await tx.query<{ id: number; login: string }>(
      `INSERT INTO subject (user_id, login, project_id, external_link, external_id, removed, group_id, date_of_birth, person_name, enrollment_date)
       SELECT u, l, $1, el, ei, false, g, d::date, pn, coalesce(e::timestamptz, now())
         FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::text[])
           AS x(u, l, el, ei, g, d, pn, e)
       RETURNING id, login`,
      [projectId, userIdList, batch.map((t) => t.login), batch.map((t) => t.externalLink), batch.map((t) => t.externalId),
        batch.map((t) => t.groupId), batch.map((t) => t.dateOfBirth), batch.map((t) => t.personName), batch.map((t) => t.enrollmentDate)],
    );
    const subjectIds = new Map(subjects.map((s) => [s.login, Number(s.id)]));
    ids.push(...batch.map((t) => subjectIds.get(t.login)!));
  }
  return ids;
}

async function updateSubjects(tx: Queryable, targets: Target[]): Promise<void> {
  for (const batch of chunks(targets)) {
    const ids = batch.map((t) => t.stored!.id);
    await tx.query('SELECT id FROM subject WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
    await tx.query(
      `UPDATE subject s SET external_id = x.ei, external_link = x.el, person_name = x.pn, date_of_birth = x.d::date,
              enrollment_date = x.e::timestamptz, group_id = x.g
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[]) AS x(id, ei, el, pn, d, e, g)
        WHERE s.id = x.id`,
      [ids, batch.map((t) => t.externalId), batch.map((t) => t.externalLink), batch.map((t) => t.personName),
        batch.map((t) => t.dateOfBirth), batch.map((t) => t.enrollmentDate), batch.map((t) => t.groupId)],
    );
  }
}

/** Sets (or, for null, removes) the attribute keys each target names. */
async function writeAttributes(tx: Queryable, targets: Target[], subjectIds: number[]): Promise<void> {
  const ids: number[] = [];
  const keys: string[] = [];
  const values: (string | null)[] = [];
  targets.forEach((t, i) => {
    for (const [key, value] of Object.entries(t.attributes)) {
      ids.push(subjectIds[i]);
      keys.push(key);
      values.push(value);
    }
  });
  for (let start = 0; start < ids.length; start += BATCH) {
    const range = [ids.slice(start, start + BATCH), keys.slice(start, start + BATCH), values.slice(start, start + BATCH)];
    await tx.query(
      `DELETE FROM subject_metadata m USING unnest($1::bigint[], $2::text[]) AS x(id, k) WHERE m.subject_id = x.id AND m.attribute_key = x.k`,
      range.slice(0, 2),
    );
    await tx.query(
      `INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value)
       SELECT id, k, v FROM unnest($1::bigint[], $2::text[], $3::text[]) AS x(id, k, v) WHERE v IS NOT NULL`,
      range,
    );
  }
}

/** One revision with a change per subject, each snapshot the reduced-project DTO single writes record. */
async function recordImportRevision(tx: Queryable, author: string, projectId: number, changes: { id: number; type: 'ADD' | 'MOD' }[]): Promise<void> {
  if (!changes.length) return;
  const [project] = await toProjectDTOs(tx, await tx.query<ProjectRow>(`${PROJECT_SELECT} WHERE p.id = $1`, [projectId]), 'reduced');
  const [revision] = await tx.query<{ id: number }>('INSERT INTO revision (author) VALUES ($1) RETURNING id', [author]);
  for (const batch of chunks(changes)) {
    const rows = await tx.query<{ row_json: unknown }>(`SELECT d.row_json FROM ${subjectRowsOf('$1::bigint[]')} ORDER BY d.ord`, [batch.map((c) => c.id)]);
    const snapshots = rows.map((r) => ({ ...toSubjectDTO(subjectRow(r.row_json as string)), project }));
    await tx.query(
      `INSERT INTO revision_change (revision_id, entity_kind, entity_id, entity_key, change_type, snapshot)
       SELECT $1, 'subject', id, k, t, s::jsonb FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[]) AS x(id, k, t, s)`,
      [revision.id, batch.map((c) => c.id), snapshots.map((s) => s.login), batch.map((c) => c.type), snapshots.map((s) => JSON.stringify(s))],
    );
  }
}

const importInvalid = (errors: number) =>
  apiError(400, 'error.importInvalid', 'subject', `${errors} problems in the file; nothing was written`, { errors: String(errors) });

/** The import: a dry run only reports; otherwise the plan is made again inside the transaction and written. */
export async function importSubjects(ctx: RequestContext, principal: Principal, projectName: string, text: string, dryRun: boolean): Promise<Reply> {
  const hidden = ctx.app.config.hiddenSubjectFields;
  const maxRows = ctx.app.config.importMaxRows;
  if (dryRun) return ok((await plan(ctx.app.db, projectName, text, hidden, maxRows)).report);
  const author = authorOf(principal);
  const report = await subjectTransaction(ctx, undefined, async (tx) => {
    const first = await plan(tx, projectName, text, hidden, maxRows);
    if (first.report.errors.length) throw importInvalid(first.report.errors.length);
    // Locked, then checked again: a concurrent write may have taken an external id between the first look and the lock.
    const externalIds = [...first.creates, ...first.updates].flatMap((t) => (t.externalId ? [t.externalId] : []));
    if (!externalIds.length) return write(tx, first, author);
    await lockExternalIds(tx, first.projectId, externalIds);
    const checked = await plan(tx, projectName, text, hidden, maxRows);
    if (checked.report.errors.length) throw importInvalid(checked.report.errors.length);
    return write(tx, checked, author);
  });
  return ok(report);
}

async function write(tx: Queryable, p: Plan, author: string): Promise<ImportReport> {
  const createdIds = await insertSubjects(tx, p.projectId, p.creates, author);
  await updateSubjects(tx, p.updates);
  const updatedIds = p.updates.map((t) => t.stored!.id);
  await writeAttributes(tx, [...p.creates, ...p.updates], [...createdIds, ...updatedIds]);
  await recordImportRevision(tx, author, p.projectId, [
    ...createdIds.map((id) => ({ id, type: 'ADD' as const })), ...updatedIds.map((id) => ({ id, type: 'MOD' as const })),
  ]);
  // The created subjects' logins, for the report.
  const loginOfRow = new Map(p.creates.map((t) => [t.row, t.login]));
  return { ...p.report, rows: p.report.rows.map((r) => (r.action === 'create' ? { ...r, login: loginOfRow.get(r.row) ?? null } : r)) };
}
