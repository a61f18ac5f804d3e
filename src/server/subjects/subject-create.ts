// POST api/subjects (and PUT without an id): a new participant (docs/subjects.md). The route has checked the body and
// SUBJECT.CREATE on the named project. The user row gets the login (given, else a random UUID; lower-cased), is
// activated and has an unusable password: no password verifies against it until one is set through the account
// flows. The PARTICIPANT role of the project, the subject row (project mirrored), attributes and sources are written
// with the revision in one transaction, in three round trips: the checks (sent together, answered in the order of
// their errors), then the writes in one statement sent with the reads of the new subject's DTO, then the revision
// sent with the read of the provenance it makes.
import { randomBytes, randomUUID } from 'node:crypto';
import { ROLE_PARTICIPANT } from '../../common/authorities';
import type { SubjectDTO } from '../../common/dto';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { allInOrder, valueOf } from '../db/pipeline';
import { created, type Reply, type RequestContext } from '../http/context';
import { entityAlert } from '../http/alerts';
import { projectNotFound } from '../http/not-found';
import { authorOf, recordRevision } from '../revisions/record';
import { snapshotIn } from './load-subject';
import { grantParticipantRoleAgain } from './participant-roles';
import { loadProvenance } from './provenance';
import { statusFlags } from './subject-select';
import type { SubjectInput } from './subject-input';
import { externalIdLockSql, externalIdTaken, groupNotFound } from './subject-rules';
import { resolveSources } from './subject-sources';
import { loginTaken, subjectTransaction } from './subject-transaction';

/** Not a scrypt hash, so verifyPassword never accepts any password for it. */
const unusablePassword = () => `!unusable$${randomBytes(24).toString('base64url')}`;

interface Checked {
  projectId: number;
  groupId: number | null;
  sources: number[];
}

const rows = (tx: Queryable, sql: string, params: unknown[]) => tx.query<{ id: number }>(sql, params);
const none = Promise.resolve([] as { id: number }[]);

/**
 * Everything a create checks before it writes, sent together and judged in the order the errors take precedence:
 * the project exists, the login is free, the external id is free in the project (under its transaction lock, taken
 * by the statement before the look-up), the group exists in the project, the sources exist and are free.
 */
async function check(tx: Queryable, input: SubjectInput, login: string, projectName: string): Promise<Checked> {
  const externalId = input.externalId ?? null;
  const group = input.group ?? null;
  const withExternalId = externalId !== null && externalId !== '';
  const withGroup = group !== null && group.trim() !== '';
  const results = await Promise.allSettled([
    rows(tx, 'SELECT id FROM project WHERE project_name = $1', [projectName]),
    rows(tx, 'SELECT 1 AS id FROM radar_user WHERE login = $1', [login]),
    withExternalId ? tx.query(`SELECT ${externalIdLockSql('p.id', '$2')} FROM project p WHERE p.project_name = $1`, [projectName, externalId]) : none,
    withExternalId
      ? rows(tx, 'SELECT s.id FROM subject s JOIN project p ON p.id = s.project_id WHERE p.project_name = $1 AND s.external_id = $2 LIMIT 1', [projectName, externalId])
      : none,
    withGroup ? rows(tx, 'SELECT g.id FROM radar_group g JOIN project p ON p.id = g.project_id WHERE p.project_name = $1 AND g.name = $2', [projectName, group]) : none,
    resolveSources(tx, input.sourceIds ?? []),
  ] as const);
  const [project] = valueOf(results[0]);
  if (!project) throw projectNotFound(projectName);
  if (valueOf(results[1]).length) throw loginTaken(login);
  valueOf(results[2]);
  if (valueOf(results[3]).length) throw externalIdTaken(externalId!);
  const groupRows = valueOf(results[4]);
  if (withGroup && !groupRows.length) throw groupNotFound(group!);
  return { projectId: project.id, groupId: groupRows[0]?.id ?? null, sources: valueOf(results[5]) };
}

// The user, its PARTICIPANT role (the role row created when missing), the subject, its attributes and sources. A
// role row another transaction is creating at this moment is not visible to this statement's snapshot: then no role
// is granted here (`granted` is 0) and grantParticipantRoleAgain does it with a fresh snapshot.
const INSERT_SUBJECT = `WITH
  u AS (INSERT INTO radar_user (login, password_hash, activated, lang_key, created_by, last_modified_by)
        VALUES ($1, $2, true, 'en', $3, $3) RETURNING id),
  made AS (INSERT INTO radar_role (authority_name, project_id) VALUES ($4::text, $5::bigint) ON CONFLICT DO NOTHING RETURNING id),
  role AS (SELECT id FROM made UNION ALL
           SELECT id FROM radar_role WHERE authority_name = $4::text AND project_id = $5::bigint AND organization_id IS NULL LIMIT 1),
  granted AS (INSERT INTO role_users (role_id, user_id) SELECT role.id, u.id FROM role, u ON CONFLICT DO NOTHING RETURNING role_id),
  s AS (INSERT INTO subject (user_id, login, project_id, external_link, external_id, removed, group_id, date_of_birth, person_name, enrollment_date)
        SELECT u.id, $1, $5::bigint, $6, $7, $8, $9::bigint, $10::date, $11, coalesce($12::timestamptz, now()) FROM u RETURNING id),
  attributes AS (INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value)
                 SELECT s.id, a.k, a.v FROM s, unnest($13::text[], $14::text[]) AS a(k, v)),
  sources AS (UPDATE radar_source SET assigned = true, subject_id = s.id, project_id = $5::bigint FROM s WHERE radar_source.id = ANY($15::bigint[]))
SELECT s.id, u.id AS user_id, (SELECT count(*) FROM granted)::int AS granted FROM s, u`;

async function insertSubject(tx: Queryable, input: SubjectInput, login: string, author: string, checked: Checked): Promise<SubjectDTO> {
  const attributes = input.attributes ?? {};
  const keys = Object.keys(attributes);
  // API-created subjects are always activated; the DTO status only decides `removed` (docs/subjects.md).
  const removed = input.status ? statusFlags(input.status).removed : false;
  const readDto = () => snapshotIn(tx, { login }, checked.projectId);
  const [[inserted], snapshot] = await allInOrder([
    tx.query<{ id: number; user_id: number; granted: number }>(INSERT_SUBJECT, [
      login, unusablePassword(), author, ROLE_PARTICIPANT, checked.projectId, input.externalLink ?? null, input.externalId ?? null,
      removed, checked.groupId, input.dateOfBirth ?? null, input.personName ?? null, input.enrollmentDate?.toISOString() ?? null,
      keys, keys.map((k) => attributes[k]), checked.sources,
    ]),
    readDto(), // sent behind the write: it reads the new subject
  ] as const);
  if (inserted.granted) return snapshot;
  await grantParticipantRoleAgain(tx, inserted.user_id, checked.projectId);
  return readDto();
}

/** Creates the subject in `projectName`; the caller has checked SUBJECT.CREATE there. */
export async function createSubject(ctx: RequestContext, principal: Principal, input: SubjectInput, projectName: string): Promise<Reply> {
  const login = input.login ?? randomUUID();
  const author = authorOf(principal);
  const dto = await subjectTransaction(ctx, login, async (tx) => {
    const snapshot = await insertSubject(tx, input, login, author, await check(tx, input, login, projectName));
    const [, provenance] = await allInOrder([
      recordRevision(tx, author, [{ kind: 'subject', id: snapshot.id!, key: login, type: 'ADD', snapshot }]),
      loadProvenance(tx, snapshot.id!), // sent behind the revision: it reads it
    ] as const);
    return { ...snapshot, ...provenance };
  });
  return created(dto, `/api/subjects/${encodeURIComponent(login)}`, entityAlert('subject', 'created', login));
}
