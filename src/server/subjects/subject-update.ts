// PUT api/subjects with an id (docs/subjects.md; without one it creates, subject-create.ts). The caller needs
// SUBJECT.UPDATE on the subject where it lives (the route checks it, recheck-access.ts repeats it if the subject moved
// meanwhile), and on the project it moves to. A move makes the
// new project the only PARTICIPANT role (the old one becomes INACTIVE_PARTICIPANT) and the mirrored project_id
// follows in the same transaction. Fields absent from the body keep their stored value; `sources`, when given, is
// the complete new set. The login never changes.
import type { EntityDetails } from '../../common/permission-check';
import { credentialsStamp, stampOnDeactivation } from '../auth/credentials';
import { requireAccess } from '../auth/guards';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { entityAlert } from '../http/alerts';
import { ok, type Reply, type RequestContext } from '../http/context';
import { authorOf, recordRevision } from '../revisions/record';
import { getSubject, snapshotOf, type FoundSubject } from './load-subject';
import { setActiveProject } from './participant-roles';
import { loadProvenance } from './provenance';
import { requireStillAllowed } from './recheck-access';
import type { SubjectInput } from './subject-input';
import { groupIdByName, projectIdByName, replaceAttributes, requireFreeExternalId } from './subject-rules';
import { statusFlags, subjectStatus } from './subject-select';
import { moveSubjectSources, resolveSources, setSubjectSources } from './subject-sources';
import { subjectTransaction } from './subject-transaction';

const isoOrNull = (d: Date | string | null) => (d instanceof Date ? d.toISOString() : d);
const keep = <T>(given: T | undefined, stored: T): T => (given === undefined ? stored : given);

async function currentGroupId(tx: Queryable, subjectId: number): Promise<number | null> {
  const [row] = await tx.query<{ group_id: number | null }>('SELECT group_id FROM subject WHERE id = $1', [subjectId]);
  return row.group_id;
}

async function applyUpdate(tx: Queryable, found: FoundSubject, input: SubjectInput, projectId: number, author: string): Promise<void> {
  const { row } = found;
  const moved = projectId !== row.project_id;
  const externalId = keep(input.externalId, row.external_id);
  if (moved || externalId !== row.external_id) await requireFreeExternalId(tx, projectId, externalId, row.id);
  const groupId = input.group !== undefined ? await groupIdByName(tx, projectId, input.group)
    : moved ? null : await currentGroupId(tx, row.id);
  const sources = input.sourceIds ? await resolveSources(tx, input.sourceIds, row.id) : undefined;
  const flags = statusFlags(input.status ?? subjectStatus(row.activated, row.removed));
  await tx.query(
    `UPDATE subject SET external_link = $2, external_id = $3, person_name = $4, date_of_birth = $5::date,
       enrollment_date = $6::timestamptz, removed = $7, group_id = $8, project_id = $9 WHERE id = $1`,
    [row.id, keep(input.externalLink, row.external_link), externalId, keep(input.personName, row.person_name),
      keep(input.dateOfBirth, row.date_of_birth),
      input.enrollmentDate === undefined ? isoOrNull(row.enrollment_date) : input.enrollmentDate?.toISOString() ?? null,
      flags.removed, groupId, projectId],
  );
  await tx.query(
    `UPDATE radar_user SET activated = $2, last_modified_by = $3, last_modified_date = now(), ${stampOnDeactivation('$2', '$4')}
      WHERE id = $1`,
    [row.user_id, flags.activated, author, credentialsStamp()],
  );
  if (moved) await setActiveProject(tx, row.user_id, row.project_id, projectId);
  if (input.attributes !== undefined) await replaceAttributes(tx, row.id, input.attributes ?? {});
  if (sources) await setSubjectSources(tx, row.id, projectId, sources);
  else if (input.sourceIds === null) await setSubjectSources(tx, row.id, projectId, []);
  else if (moved) await moveSubjectSources(tx, row.id, projectId);
}

/** Updates subject `subjectId` into `projectName`; `checked` is where the route checked SUBJECT.UPDATE. */
export async function updateSubject(ctx: RequestContext, principal: Principal, input: SubjectInput, subjectId: number, projectName: string, checked: EntityDetails): Promise<Reply> {
  const author = authorOf(principal);
  const dto = await subjectTransaction(ctx, undefined, async (tx) => {
    const found = await getSubject(tx, { id: subjectId }, true);
    const login = found.row.login;
    await requireStillAllowed(tx, principal, 'SUBJECT.UPDATE', checked, { project: found.associatedProject, subject: login });
    if (projectName !== found.projectName) await requireAccess(tx, principal, 'SUBJECT.UPDATE', { project: projectName, subject: login });
    const projectId = projectName === found.projectName && found.row.project_id !== null
      ? found.row.project_id : await projectIdByName(tx, projectName);
    await applyUpdate(tx, found, input, projectId, author);
    const snapshot = await snapshotOf(tx, subjectId);
    await recordRevision(tx, author, [{ kind: 'subject', id: subjectId, key: login, type: 'MOD', snapshot }]);
    return { ...snapshot, ...(await loadProvenance(tx, subjectId)) };
  });
  return ok(dto, entityAlert('subject', 'updated', dto.login));
}
