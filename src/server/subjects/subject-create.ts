// POST api/subjects (and PUT without an id): a new participant (docs/subjects.md). The route has checked the body and
// SUBJECT.CREATE on the named project. The user row gets the login (given, else a random UUID; lower-cased), is
// activated and has an unusable password: no password verifies against it until one is set through the account
// flows. The PARTICIPANT role of the project, the subject row (project mirrored), attributes and sources are written
// with the revision in one transaction, in two round trips: the checks (judged in the order of their errors), the
// writes in one statement and the reads of the new subject's DTO, all sent together; then the revision sent with the
// read of the provenance it makes.
import { randomBytes, randomUUID } from 'node:crypto';
import { ROLE_PARTICIPANT } from '../../common/authorities';
import type { SubjectDTO } from '../../common/dto';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { valueOf } from '../db/pipeline';
import { created, type Reply, type RequestContext } from '../http/context';
import { entityAlert } from '../http/alerts';
import { projectNotFound } from '../http/not-found';
import { authorOf } from '../revisions/record';
import { snapshotIn } from './load-subject';
import { grantParticipantRoleAgain } from './participant-roles';
import { recordSubjectChange } from './provenance';
import { statusFlags } from './subject-select';
import type { SubjectInput } from './subject-input';
import { externalIdLockSql, externalIdTaken, groupNotFound, hasExternalIdSql } from './subject-rules';
import { resolveSources } from './subject-sources';
import { loginTaken, subjectTransaction } from './subject-transaction';

/** Not a scrypt hash, so verifyPassword never accepts any password for it. */
const unusablePassword = () => `!unusable$${randomBytes(24).toString('base64url')}`;

const rows = (tx: Queryable, sql: string, params: unknown[]) => tx.query<{ id: number }>(sql, params);
const none = Promise.resolve([] as { id: number }[]);

/**
 * Sends everything a create checks before it writes: the project exists, the login is free, the external id is free
 * in the project (under its transaction lock, taken by the statement before the look-up), the group exists in the
 * project, the sources exist and are free. Answers the judgement, which throws the first failure in that order.
 */
function sendChecks(tx: Queryable, input: SubjectInput, login: string, projectName: string): Promise<() => number> {
  const externalId = input.externalId ?? null;
  const group = groupName(input);
  const withExternalId = externalId !== null && externalId !== '';
  const sent = Promise.allSettled([
    rows(tx, 'SELECT id FROM project WHERE project_name = $1', [projectName]),
    rows(tx, 'SELECT 1 AS id FROM radar_user WHERE login = $1', [login]),
    withExternalId ? tx.query(`SELECT ${externalIdLockSql('p.id', '$2')} FROM project p WHERE p.project_name = $1`, [projectName, externalId]) : none,
    withExternalId
      ? rows(tx, `SELECT s.id FROM subject s WHERE s.project_id = (SELECT id FROM project WHERE project_name = $1) AND ${hasExternalIdSql('$2')} LIMIT 1`, [projectName, externalId])
      : none,
    group !== null ? rows(tx, 'SELECT g.id FROM radar_group g JOIN project p ON p.id = g.project_id WHERE p.project_name = $1 AND g.name = $2', [projectName, group]) : none,
    resolveSources(tx, input.sourceIds ?? []),
  ] as const);
  return sent.then((results) => () => {
    const [project] = valueOf(results[0]);
    if (!project) throw projectNotFound(projectName);
    if (valueOf(results[1]).length) throw loginTaken(login);
    valueOf(results[2]);
    if (valueOf(results[3]).length) throw externalIdTaken(externalId!);
    if (group !== null && !valueOf(results[4]).length) throw groupNotFound(group);
    valueOf(results[5]);
    return project.id;
  });
}

/** The group the body names; null for none (absent, null or blank). */
function groupName(input: SubjectInput): string | null {
  const group = input.group ?? null;
  return group !== null && group.trim() !== '' ? group : null;
}

// The user, its PARTICIPANT role (the role row created when missing), the subject, its attributes and sources, in the
// project named $5 (none written when there is no such project; the checks sent before then fail). A role row another
// transaction is creating at this moment is not visible to this statement's snapshot: then no role is granted here
// (`granted` is 0) and grantParticipantRoleAgain does it with a fresh snapshot.
const INSERT_SUBJECT = `WITH
  p AS (SELECT id FROM project WHERE project_name = $5::text),
  u AS (INSERT INTO radar_user (login, password_hash, activated, lang_key, created_by, last_modified_by)
        SELECT $1, $2, true, 'en', $3, $3 FROM p RETURNING id),
  made AS (INSERT INTO radar_role (authority_name, project_id) SELECT $4::text, p.id FROM p ON CONFLICT DO NOTHING RETURNING id),
  role AS (SELECT id FROM made UNION ALL
           SELECT r.id FROM radar_role r, p WHERE r.authority_name = $4::text AND r.project_id = p.id AND r.organization_id IS NULL LIMIT 1),
  granted AS (INSERT INTO role_users (role_id, user_id) SELECT role.id, u.id FROM role, u ON CONFLICT DO NOTHING RETURNING role_id),
  s AS (INSERT INTO subject (user_id, login, project_id, external_link, external_id, removed, group_id, date_of_birth, person_name, enrollment_date)
        SELECT u.id, $1, p.id, $6, $7, $8, (SELECT g.id FROM radar_group g WHERE g.project_id = p.id AND g.name = $9::text),
               $10::date, $11, coalesce($12::timestamptz, now()) FROM u, p RETURNING id, project_id),
  attributes AS (INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value)
                 SELECT s.id, a.k, a.v FROM s, unnest($13::text[], $14::text[]) AS a(k, v)),
  sources AS (UPDATE radar_source SET assigned = true, subject_id = s.id, project_id = s.project_id FROM s
               WHERE radar_source.source_id = ANY($15::uuid[]))
SELECT s.id, u.id AS user_id, (SELECT count(*) FROM granted)::int AS granted FROM s, u`;

/**
 * The checks, the write and the reads of the new subject's DTO, each sent behind the one before: one round trip. A
 * failed check is thrown before anything the write answered (the transaction rolls the write back).
 */
async function insertSubject(tx: Queryable, input: SubjectInput, login: string, author: string, projectName: string): Promise<SubjectDTO> {
  const attributes = input.attributes ?? {};
  const keys = Object.keys(attributes);
  // API-created subjects are always activated; the DTO status only decides `removed` (docs/subjects.md).
  const removed = input.status ? statusFlags(input.status).removed : false;
  const byName = { sql: '(SELECT id FROM project WHERE project_name = $1::text)', params: [projectName] };
  const [judged, written, snapshot] = await Promise.allSettled([
    sendChecks(tx, input, login, projectName),
    tx.query<{ id: number; user_id: number; granted: number }>(INSERT_SUBJECT, [
      login, unusablePassword(), author, ROLE_PARTICIPANT, projectName, input.externalLink ?? null, input.externalId ?? null,
      removed, groupName(input), input.dateOfBirth ?? null, input.personName ?? null, input.enrollmentDate?.toISOString() ?? null,
      keys, keys.map((k) => attributes[k]), input.sourceIds ?? [],
    ]),
    snapshotIn(tx, { login }, byName),
  ]);
  const projectId = valueOf(judged)();
  const [inserted] = valueOf(written);
  if (!inserted) throw projectNotFound(projectName); // deleted between the check and the write
  if (inserted.granted) return valueOf(snapshot);
  await grantParticipantRoleAgain(tx, inserted.user_id, projectId);
  return snapshotIn(tx, { login }, projectId);
}

/** Creates the subject in `projectName`; the caller has checked SUBJECT.CREATE there. */
export async function createSubject(ctx: RequestContext, principal: Principal, input: SubjectInput, projectName: string): Promise<Reply> {
  const login = input.login ?? randomUUID();
  const author = authorOf(principal);
  const dto = await subjectTransaction(ctx, login, async (tx) => {
    const snapshot = await insertSubject(tx, input, login, author, projectName);
    const provenance = await recordSubjectChange(tx, author, { kind: 'subject', id: snapshot.id!, key: login, type: 'ADD', snapshot });
    return { ...snapshot, ...provenance };
  });
  return created(dto, `/api/subjects/${encodeURIComponent(login)}`, entityAlert('subject', 'created', login));
}
