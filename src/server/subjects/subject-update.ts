// PUT api/subjects with an id (docs/subjects.md; without one it creates, subject-create.ts). The caller needs
// SUBJECT.UPDATE on the subject where it lives (the route checks it, recheck-access.ts repeats it if the subject moved
// meanwhile), and on the project it moves to. A move makes the
// new project the only PARTICIPANT role (the old one becomes INACTIVE_PARTICIPANT) and the mirrored project_id
// follows in the same transaction. Fields absent from the body keep their stored value; `sources`, when given, is
// the complete new set. The login never changes.
import type { SubjectDTO } from '../../common/dto';
import type { EntityDetails } from '../../common/permission-check';
import { credentialsStamp, stampOnDeactivation } from '../auth/credentials';
import { requireAccess } from '../auth/guards';
import type { Principal } from '../auth/principal';
import { jsonColumn, type Queryable } from '../db/database';
import { entityAlert } from '../http/alerts';
import { ok, type Reply, type RequestContext } from '../http/context';
import { authorOf } from '../revisions/record';
import { getSubject, snapshotIn, snapshotOf, type FoundSubject } from './load-subject';
import { setActiveProject } from './participant-roles';
import { recordSubjectChange } from './provenance';
import { requireStillAllowed } from './recheck-access';
import type { SubjectInput } from './subject-input';
import { externalIdLockSql, externalIdTaken, groupNotFound, hasExternalIdSql, projectIdByName, replaceAttributes } from './subject-rules';
import { statusFlags, subjectStatus } from './subject-select';
import { assignSources, moveSubjectSources, resolveSources } from './subject-sources';
import { subjectTransaction } from './subject-transaction';
import { allInOrder, valueOf } from '../db/pipeline';

const isoOrNull = (d: Date | string | null) => (d instanceof Date ? d.toISOString() : d);
const keep = <T>(given: T | undefined, stored: T): T => (given === undefined ? stored : given);

/** The group id the UPDATE writes: the named group of the project, none, or (no group given, not moved) the stored one. */
function groupSql(input: SubjectInput, moved: boolean): { sql: string; name: string | null } {
  if (input.group === undefined) return { sql: moved ? 'NULL' : 'group_id', name: null };
  if (input.group === null || input.group.trim() === '') return { sql: 'NULL', name: null };
  return { sql: '(SELECT g.id FROM radar_group g WHERE g.project_id = $8 AND g.name = $13::text)', name: input.group };
}

/**
 * The checks (the external id free under its lock, the group, the sources) and the writes, sent together: a check
 * that fails is thrown in the order of the errors and the transaction rolls the writes back. A move's role changes
 * follow in further steps.
 */
async function applyUpdate(tx: Queryable, found: FoundSubject, input: SubjectInput, projectId: number, author: string): Promise<void> {
  const { row } = found;
  const moved = projectId !== row.project_id;
  const externalId = keep(input.externalId, row.external_id);
  const checkExternalId = (moved || externalId !== row.external_id) && externalId !== null && externalId !== '';
  const group = groupSql(input, moved);
  const flags = statusFlags(input.status ?? subjectStatus(row.activated, row.removed));
  const none = Promise.resolve([] as unknown[]);
  const results = await Promise.allSettled([
    checkExternalId ? tx.query(`SELECT ${externalIdLockSql('$1', '$2')}`, [projectId, externalId]) : none,
    checkExternalId ? tx.query(`SELECT s.id FROM subject s WHERE s.project_id = $1 AND ${hasExternalIdSql('$2')} AND s.id <> $3 LIMIT 1`, [projectId, externalId, row.id]) : none,
    group.name !== null ? tx.query('SELECT id FROM radar_group WHERE project_id = $1 AND name = $2', [projectId, group.name]) : none,
    input.sourceIds ? resolveSources(tx, input.sourceIds, row.id) : Promise.resolve([]),
    // The subject and its user in one statement (their triggers run at its end).
    tx.query(
      `WITH updated AS (UPDATE subject SET external_link = $2, external_id = $3, person_name = $4, date_of_birth = $5::date,
         enrollment_date = $6::timestamptz, removed = $7, group_id = ${group.sql}, project_id = $8 WHERE id = $1)
       UPDATE radar_user SET activated = $9, last_modified_by = $10, last_modified_date = now(), ${stampOnDeactivation('$9', '$11')}
        WHERE id = $12`,
      [row.id, keep(input.externalLink, row.external_link), externalId, keep(input.personName, row.person_name),
        keep(input.dateOfBirth, row.date_of_birth),
        input.enrollmentDate === undefined ? isoOrNull(row.enrollment_date) : input.enrollmentDate?.toISOString() ?? null,
        flags.removed, projectId, flags.activated, author, credentialsStamp(), row.user_id, ...(group.name !== null ? [group.name] : [])],
    ),
    input.attributes !== undefined ? replaceAttributes(tx, row.id, input.attributes ?? {}) : none,
    input.sourceIds !== undefined ? assignSources(tx, row.id, projectId, input.sourceIds ?? []) : moved ? moveSubjectSources(tx, row.id, projectId) : none,
  ] as const);
  valueOf(results[0]);
  if (valueOf(results[1]).length) throw externalIdTaken(externalId!);
  if (group.name !== null && !valueOf(results[2]).length) throw groupNotFound(group.name);
  for (const result of results.slice(3)) valueOf(result);
  if (moved) await setActiveProject(tx, row.user_id, row.project_id, projectId);
}

/** The subject changed between the route's read and the transaction's lock: the optimistic update is rolled back. */
class ChangedMeanwhile extends Error {}

/** The revision and the provenance it makes, in one statement; answers the DTO with its provenance. */
async function recordUpdate(tx: Queryable, author: string, dto: SubjectDTO): Promise<SubjectDTO> {
  const provenance = await recordSubjectChange(tx, author, { kind: 'subject', id: dto.id!, key: dto.login, type: 'MOD', snapshot: dto });
  return { ...dto, ...provenance };
}

// What the optimistic update takes from the route's read: the subject's own columns (a field the body leaves out keeps
// its value; the project is where the permission was checked) and its user's activated flag (the status the body may
// leave out). Attributes, sources and the group are written as the body says or left alone, and the answer reads them
// afresh, so a change of theirs meanwhile changes nothing here. Built as subject_rows (migration 060) builds them, so
// the two reads compare as JSON.
const KEPT = ['id', 'login', 'user_id', 'project_id', 'external_link', 'external_id', 'removed', 'date_of_birth', 'person_name',
  'enrollment_date', 'activated'] as const;
// The subject and its user locked (EvalPlanQual answers the newest version of each locked row, so the lock and the
// read are one statement) in the order the writes lock them: the subject, then its user.
const LOCK_KEPT = `SELECT json_build_object(${KEPT.map((k) => `'${k}', ${k === 'activated' ? 'u' : 's'}.${k}`).join(', ')}) AS kept
  FROM subject s JOIN radar_user u ON u.id = s.user_id WHERE s.id = $1 FOR UPDATE OF s FOR NO KEY UPDATE OF u`;

/** Locks the subject and its user; true when what the update takes from `seen` (KEPT) is still so. */
async function lockUnchanged(tx: Queryable, seen: FoundSubject): Promise<boolean> {
  const [locked] = await tx.query<{ kept: Record<string, unknown> | string }>(LOCK_KEPT, [seen.row.id]);
  if (!locked) return false;
  const now = jsonColumn(locked.kept);
  const before = seen.row as unknown as Record<string, unknown>;
  return KEPT.every((k) => JSON.stringify(now[k]) === JSON.stringify(before[k]));
}

/**
 * The update as the route's read of the subject (`seen`) implies it, sent together with the lock and the re-read it
 * checks that read against: when the subject is still as seen (KEPT), this is what the careful path below would do
 * (no move, no second permission check), in one round trip; otherwise ChangedMeanwhile.
 */
async function optimisticUpdate(tx: Queryable, seen: FoundSubject, input: SubjectInput, author: string): Promise<SubjectDTO> {
  const { id, project_id: projectId } = seen.row;
  const [unchanged, applied, snapshot] = await Promise.allSettled([
    lockUnchanged(tx, seen),
    applyUpdate(tx, seen, input, projectId!, author),
    snapshotIn(tx, { id }, projectId!), // sent behind the writes
  ]);
  if (!valueOf(unchanged)) throw new ChangedMeanwhile();
  valueOf(applied);
  return recordUpdate(tx, author, valueOf(snapshot));
}

/** The subject locked and re-read first, its permission checked again if it moved, then the update. */
async function carefulUpdate(tx: Queryable, principal: Principal, input: SubjectInput, subjectId: number, projectName: string, checked: EntityDetails, author: string): Promise<SubjectDTO> {
  const found = await getSubject(tx, { id: subjectId }, true);
  const login = found.row.login;
  await requireStillAllowed(tx, principal, 'SUBJECT.UPDATE', checked, { project: found.associatedProject, subject: login });
  if (projectName !== found.projectName) await requireAccess(tx, principal, 'SUBJECT.UPDATE', { project: projectName, subject: login });
  const projectId = projectName === found.projectName && found.row.project_id !== null
    ? found.row.project_id : await projectIdByName(tx, projectName);
  const [, snapshot] = await allInOrder([
    applyUpdate(tx, found, input, projectId, author),
    projectId === found.row.project_id ? snapshotIn(tx, { id: subjectId }, projectId) : Promise.resolve(undefined), // sent behind the writes
  ] as const);
  return recordUpdate(tx, author, snapshot ?? await snapshotOf(tx, subjectId)); // a move's role changes came after the writes
}

/**
 * Updates subject `subjectId` into `projectName`; `checked` is where the route checked SUBJECT.UPDATE, on `seen`, the
 * subject as the route read it. An update within the subject's project first runs optimistically on `seen`; if the
 * subject changed meanwhile, that is rolled back and the careful path runs.
 */
export async function updateSubject(ctx: RequestContext, principal: Principal, input: SubjectInput, subjectId: number, projectName: string, checked: EntityDetails, seen?: FoundSubject): Promise<Reply> {
  const author = authorOf(principal);
  let dto: SubjectDTO | undefined;
  if (seen && seen.row.id === subjectId && seen.row.project_id !== null && projectName === seen.projectName) {
    try {
      dto = await subjectTransaction(ctx, undefined, (tx) => optimisticUpdate(tx, seen, input, author));
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile)) throw error;
    }
  }
  dto ??= await subjectTransaction(ctx, undefined, (tx) => carefulUpdate(tx, principal, input, subjectId, projectName, checked, author));
  return ok(dto, entityAlert('subject', 'updated', dto.login));
}
