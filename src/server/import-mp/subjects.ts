// Subjects, in bulk, after their users: the subject row (external id and link, person name, date of birth,
// enrollment date, removed, group) with its project taken from the user's PARTICIPANT role, as the portal keeps
// it, and its attributes. A subject counts as created, updated or unchanged by its user row, roles, subject row
// and attributes together. Its status follows from its user's `activated` and its `removed` (DISCONTINUED: removed
// and deactivated), exactly as in ManagementPortal. Who created a subject and when, and who changed it last, come
// from MP's history as revisions (subject-history.ts): for the subjects created here, and for subjects imported
// before that was done, which have no revision yet.
import { erasedLogins } from '../subjects/subject-erasure';
import { CHUNK, inChunks, recordset } from './bulk';
import { sameRows, sortedEntries, type ImportContext } from './context';
import type { MpSubject, MpUser } from './mp-model';
import type { Outcome } from './report';
import type { UserOutcome } from './users';
import { recordSubjectHistory } from './subject-history';
import { jsonColumn } from '../db/database';

interface SubjectRow {
  user_id: number;
  login: string;
  project_id: number | null;
  external_link: string | null;
  external_id: string | null;
  removed: boolean;
  group_id: number | null;
  date_of_birth: string | null;
  person_name: string | null;
  enrollment_date: string | null;
}

const COLUMNS: [keyof SubjectRow, string][] = [
  ['user_id', 'bigint'], ['login', 'text'], ['project_id', 'bigint'], ['external_link', 'text'], ['external_id', 'text'], ['removed', 'boolean'],
  ['group_id', 'bigint'], ['date_of_birth', 'date'], ['person_name', 'text'], ['enrollment_date', 'timestamptz'],
];
const ATTRIBUTE_COLUMNS: [string, string][] = [['subject_id', 'bigint'], ['attribute_key', 'text'], ['attribute_value', 'text']];

type Current = SubjectRow & { id: number; attributes: [string, string | null][] };

export async function importSubjects(ctx: ImportContext, subjects: MpSubject[], users: MpUser[], userOutcomes: Map<number, UserOutcome>): Promise<void> {
  const { tx, report, map } = ctx;
  const loginOf = new Map(users.map((u) => [u.id, u.login]));
  const userIds = subjects.map((s) => map.numericId('user', s.userId)).filter((id): id is number => id !== undefined);
  const rows = await tx.query<Current>(
    `SELECT s.id, s.user_id, s.login, s.project_id, s.external_link, s.external_id, s.removed, s.group_id,
            to_char(s.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, s.person_name,
            to_char(s.enrollment_date, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS enrollment_date,
            coalesce((SELECT json_agg(json_build_array(m.attribute_key, m.attribute_value) ORDER BY m.attribute_key COLLATE "C")
                        FROM subject_metadata m WHERE m.subject_id = s.id), '[]') AS attributes
       FROM subject s WHERE s.user_id = ANY($1::bigint[])`,
    [userIds],
  );
  const current = new Map<number, Current>();
  for (const r of rows) {
    const n = (v: unknown) => (v === null ? null : Number(v));
    current.set(Number(r.user_id), {
      ...r, id: Number(r.id), user_id: Number(r.user_id), project_id: n(r.project_id), group_id: n(r.group_id),
      attributes: jsonColumn(r.attributes),
    });
  }

  // An erased subject (docs/subjects.md, "Erasure") keeps its personal fields and attributes empty on every re-run.
  const erased = await erasedLogins(tx, subjects.map((s) => loginOf.get(s.userId)).filter((l): l is string => l !== undefined));
  const inserts: (SubjectRow & { mp_id: number; attributes: [string, string | null][] })[] = [];
  const updates: (SubjectRow & { id: number; attributes: [string, string | null][]; attributes_changed: boolean })[] = [];
  const outcomes = new Map<number, Outcome>();
  for (const s of subjects) {
    report.read('subjects');
    const user = userOutcomes.get(s.userId);
    if (!user || user.conflict) {
      if (!user) report.skip('subjects', 'its user does not exist');
      continue; // the conflict is reported already
    }
    if (user.portalId === undefined) {
      report.skip('subjects', user.skip ?? 'its user was not imported');
      continue;
    }
    const groupId = s.groupId === null ? null : map.numericId('group', s.groupId) ?? null;
    if (s.groupId !== null && groupId === null) report.note('a subject lost its group, which was not imported');
    const row: SubjectRow = {
      user_id: user.portalId, login: loginOf.get(s.userId)!, project_id: user.participantProjectId, external_link: s.externalLink,
      external_id: s.externalId, removed: s.removed, group_id: groupId, date_of_birth: s.dateOfBirth, person_name: s.personName,
      enrollment_date: s.enrollmentDate,
    };
    const wipe = erased.has(row.login);
    if (wipe) Object.assign(row, { external_link: null, date_of_birth: null, person_name: null });
    const attributes = wipe ? [] : sortedEntries(s.attributes);
    const existing = current.get(user.portalId);
    if (!existing) {
      inserts.push({ ...row, mp_id: s.id, attributes });
      outcomes.set(s.id, 'created');
      continue;
    }
    ctx.subjectIds.set(s.id, existing.id);
    const { id, attributes: currentAttributes, ...currentRow } = existing;
    const attributesChanged = !sameRows(currentAttributes, attributes);
    if (sameRows(row, currentRow) && !attributesChanged) {
      outcomes.set(s.id, user.outcome === 'updated' ? 'updated' : 'unchanged');
    } else {
      updates.push({ ...row, id, attributes, attributes_changed: attributesChanged });
      outcomes.set(s.id, 'updated');
    }
  }

  const names = COLUMNS.map(([n]) => n).join(', ');
  const created = await inChunks<{ id: number; user_id: number }>(
    tx,
    `INSERT INTO subject (${names}) SELECT ${names} FROM ${recordset(COLUMNS)} RETURNING id, user_id`,
    inserts.map(({ mp_id: _m, attributes: _a, ...row }) => row),
    CHUNK,
    (done, total) => ctx.progress(`subjects: ${done} of ${total} written`),
  );
  const idByUser = new Map(created.map((r) => [Number(r.user_id), Number(r.id)]));
  for (const s of inserts) ctx.subjectIds.set(s.mp_id, idByUser.get(s.user_id)!);
  await inChunks(
    tx,
    `UPDATE subject s SET ${COLUMNS.map(([n]) => `${n} = x.${n}`).join(', ')} FROM ${recordset([['id', 'bigint'], ...COLUMNS])} WHERE s.id = x.id`,
    updates.map(({ attributes: _a, attributes_changed: _c, ...row }) => row),
  );
  const renewed = updates.filter((u) => u.attributes_changed);
  await tx.query('DELETE FROM subject_metadata WHERE subject_id = ANY($1::bigint[])', [renewed.map((u) => u.id)]);
  const attributeRows = [
    ...inserts.flatMap((s) => s.attributes.map(([k, v]) => ({ subject_id: idByUser.get(s.user_id)!, attribute_key: k, attribute_value: v }))),
    ...renewed.flatMap((s) => s.attributes.map(([k, v]) => ({ subject_id: s.id, attribute_key: k, attribute_value: v }))),
  ];
  await inChunks(tx, `INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value) SELECT * FROM ${recordset(ATTRIBUTE_COLUMNS)}`, attributeRows, 20_000);
  const existingIds = [...current.values()].map((c) => c.id);
  const withoutRevision = new Set((await tx.query<{ id: number }>(
    `SELECT s.id FROM subject s WHERE s.id = ANY($1::bigint[])
        AND NOT EXISTS (SELECT 1 FROM revision_change c WHERE c.entity_kind = 'subject' AND c.entity_id = s.id)`,
    [existingIds],
  )).map((r) => Number(r.id)));
  const historyOf = new Map(subjects.map((s) => [s.id, s.history]));
  const inserted = new Set(inserts.map((s) => s.mp_id));
  const historied = [...ctx.subjectIds].flatMap(([mpId, id]) => {
    const history = historyOf.get(mpId);
    const fresh = inserted.has(mpId) || withoutRevision.has(id);
    return history && fresh ? [{ id, history }] : [];
  });
  await recordSubjectHistory(tx, historied);
  for (const o of outcomes.values()) report.count('subjects', o);
  // Users with a subject row in the portal but none in ManagementPortal do not occur: every subject user has one.
}
