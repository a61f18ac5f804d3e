// POST api/subjects (and PUT without an id): a new participant (docs/subjects.md). The route has checked the body and
// SUBJECT.CREATE on the named project. The user row gets the login (given, else a random UUID; lower-cased), is
// activated and has an unusable password: no password verifies against it until one is set through the account
// flows. The PARTICIPANT role of the project, the subject row (project mirrored), attributes and sources are written
// with the revision in one transaction.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { created, type Reply, type RequestContext } from '../http/context';
import { entityAlert } from '../http/alerts';
import { authorOf, recordRevision } from '../revisions/record';
import { snapshotOf } from './load-subject';
import { grantFirstParticipantRole } from './participant-roles';
import { loadProvenance } from './provenance';
import { statusFlags } from './subject-select';
import type { SubjectInput } from './subject-input';
import { groupIdByName, projectIdByName, replaceAttributes, requireFreeExternalId } from './subject-rules';
import { resolveSources, setSubjectSources } from './subject-sources';
import { loginTaken, subjectTransaction } from './subject-transaction';

/** Not a scrypt hash, so verifyPassword never accepts any password for it. */
const unusablePassword = () => `!unusable$${randomBytes(24).toString('base64url')}`;

async function insertSubject(tx: Queryable, input: SubjectInput, login: string, author: string, projectId: number): Promise<number> {
  if (await tx.query('SELECT 1 FROM radar_user WHERE login = $1', [login]).then((r) => r.length)) throw loginTaken(login);
  await requireFreeExternalId(tx, projectId, input.externalId ?? null);
  const groupId = await groupIdByName(tx, projectId, input.group ?? null);
  const sources = await resolveSources(tx, input.sourceIds ?? []);
  const [user] = await tx.query<{ id: number }>(
    `INSERT INTO radar_user (login, password_hash, activated, lang_key, created_by, last_modified_by)
     VALUES ($1, $2, true, 'en', $3, $3) RETURNING id`,
    [login, unusablePassword(), author],
  );
  await grantFirstParticipantRole(tx, user.id, projectId); // a new user: no other role to drop
  // API-created subjects are always activated; the DTO status only decides `removed` (docs/subjects.md).
  const removed = input.status ? statusFlags(input.status).removed : false;
  const [subject] = await tx.query<{ id: number }>(
    `INSERT INTO subject (user_id, login, project_id, external_link, external_id, removed, group_id, date_of_birth, person_name, enrollment_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, coalesce($10::timestamptz, now())) RETURNING id`,
    [user.id, login, projectId, input.externalLink ?? null, input.externalId ?? null, removed, groupId,
      input.dateOfBirth ?? null, input.personName ?? null, input.enrollmentDate?.toISOString() ?? null],
  );
  await replaceAttributes(tx, subject.id, input.attributes ?? {});
  if (sources.length) await setSubjectSources(tx, subject.id, projectId, sources); // none to release on a new subject
  return subject.id;
}

/** Creates the subject in `projectName`; the caller has checked SUBJECT.CREATE there. */
export async function createSubject(ctx: RequestContext, principal: Principal, input: SubjectInput, projectName: string): Promise<Reply> {
  const login = input.login ?? randomUUID();
  const author = authorOf(principal);
  const dto = await subjectTransaction(ctx, login, async (tx) => {
    const projectId = await projectIdByName(tx, projectName);
    const id = await insertSubject(tx, input, login, author, projectId);
    const snapshot = await snapshotOf(tx, id);
    await recordRevision(tx, author, [{ kind: 'subject', id, key: login, type: 'ADD', snapshot }]);
    return { ...snapshot, ...(await loadProvenance(tx, id)) };
  });
  return created(dto, `/api/subjects/${encodeURIComponent(login)}`, entityAlert('subject', 'created', login));
}
