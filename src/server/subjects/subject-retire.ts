// Ending a subject (docs/subjects.md). The route has checked the permission on the subject where it lived before the
// transaction; recheck-access.ts repeats it if the subject moved meanwhile.
// Discontinue (PUT api/subjects/discontinue): its sources are unassigned and flagged deleted, the subject is removed
// and its user deactivated (status DISCONTINUED, so it can no longer sign in or refresh tokens), and an audit event
// SUBJECT_DISCONTINUE is written. Delete (DELETE api/subjects/{login}): the same for the sources, then the user row
// goes and takes the subject, its metadata, roles and meta-tokens with it; the revision keeps the last snapshot so
// the history stays readable by login.
import type { EntityDetails } from '../../common/permission-check';
import { credentialsStamp, stampOnDeactivation } from '../auth/credentials';
import type { Principal } from '../auth/principal';
import { entityAlert } from '../http/alerts';
import { ok, type Reply, type RequestContext } from '../http/context';
import { authorOf, recordRevision } from '../revisions/record';
import { getSubject, snapshotOf } from './load-subject';
import { loadProvenance } from './provenance';
import { requireStillAllowed } from './recheck-access';
import { releaseSources } from './subject-sources';
import { subjectTransaction } from './subject-transaction';

export async function discontinueSubject(ctx: RequestContext, principal: Principal, subjectId: number, checked: EntityDetails): Promise<Reply> {
  const author = authorOf(principal);
  const dto = await subjectTransaction(ctx, undefined, async (tx) => {
    const found = await getSubject(tx, { id: subjectId }, true);
    const login = found.row.login;
    await requireStillAllowed(tx, principal, 'SUBJECT.UPDATE', checked, { project: found.associatedProject, subject: login });
    await releaseSources(tx, subjectId);
    await tx.query('UPDATE subject SET removed = true WHERE id = $1', [subjectId]);
    await tx.query(
      `UPDATE radar_user SET activated = false, last_modified_by = $2, last_modified_date = now(), ${stampOnDeactivation('false', '$3')}
        WHERE id = $1`,
      [found.row.user_id, author, credentialsStamp()],
    );
    await tx.query("INSERT INTO audit_event (principal, event_type, data) VALUES ($1, 'SUBJECT_DISCONTINUE', $2::text::jsonb)",
      [author, JSON.stringify({ subject_login: login })]);
    const snapshot = await snapshotOf(tx, subjectId);
    await recordRevision(tx, author, [{ kind: 'subject', id: subjectId, key: login, type: 'MOD', snapshot }]);
    return { ...snapshot, ...(await loadProvenance(tx, subjectId)) };
  });
  return ok(dto, entityAlert('subject', 'updated', dto.login));
}

export async function deleteSubject(ctx: RequestContext, principal: Principal, login: string, checked: EntityDetails): Promise<Reply> {
  const author = authorOf(principal);
  await subjectTransaction(ctx, undefined, async (tx) => {
    const found = await getSubject(tx, { login }, true);
    await requireStillAllowed(tx, principal, 'SUBJECT.DELETE', checked, { project: found.associatedProject, subject: login });
    const snapshot = await snapshotOf(tx, found.row.id);
    await releaseSources(tx, found.row.id);
    await tx.query('DELETE FROM radar_user WHERE id = $1', [found.row.user_id]);
    await recordRevision(tx, author, [{ kind: 'subject', id: found.row.id, key: login, type: 'DEL', snapshot }]);
  });
  return { status: 200, headers: entityAlert('subject', 'deleted', login) };
}
