// Ending a subject (api.md §5.9.2). Discontinue (PUT api/subjects/discontinue): its sources are unassigned and
// flagged deleted, the subject is removed and its user deactivated (status DISCONTINUED, so it can no longer sign
// in or refresh tokens), and an audit event SUBJECT_DISCONTINUE is written. Delete (DELETE api/subjects/{login}):
// the same for the sources, then the user row goes and takes the subject, its metadata, roles and meta-tokens with
// it; the revision keeps the last snapshot so the history stays readable by login.
import type { Principal } from '../auth/principal';
import { ok, type Reply, type RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { authorOf, recordRevision } from '../revisions/record';
import { requireAllowed } from './access';
import { getSubject, snapshotOf } from './load-subject';
import { loadProvenance } from './provenance';
import type { SubjectInput } from './subject-input';
import { requireProjectRef, subjectAlert } from './subject-rules';
import { releaseSources } from './subject-sources';
import { subjectTransaction } from './subject-transaction';

export async function discontinueSubject(ctx: RequestContext, principal: Principal, input: SubjectInput): Promise<Reply> {
  if (input.id === undefined) throw apiError(400, 'subjectNotAvailable', 'subject', 'No subject found with the given id');
  requireProjectRef(input);
  const subjectId = input.id;
  const author = authorOf(principal);
  const dto = await subjectTransaction(ctx, undefined, async (tx) => {
    const found = await getSubject(tx, { id: subjectId }, true);
    const login = found.row.login;
    await requireAllowed(tx, principal, 'SUBJECT.UPDATE', { project: found.associatedProject, subject: login });
    await releaseSources(tx, subjectId);
    await tx.query('UPDATE subject SET removed = true WHERE id = $1', [subjectId]);
    await tx.query('UPDATE radar_user SET activated = false, last_modified_by = $2, last_modified_date = now() WHERE id = $1',
      [found.row.user_id, author]);
    await tx.query("INSERT INTO audit_event (principal, event_type, data) VALUES ($1, 'SUBJECT_DISCONTINUE', $2::text::jsonb)",
      [author, JSON.stringify({ subject_login: login })]);
    const snapshot = await snapshotOf(tx, subjectId);
    await recordRevision(tx, author, [{ kind: 'subject', id: subjectId, key: login, type: 'MOD', snapshot }]);
    return { ...snapshot, ...(await loadProvenance(tx, subjectId)) };
  });
  return ok(dto, subjectAlert('updated', dto.login));
}

export async function deleteSubject(ctx: RequestContext, principal: Principal, login: string): Promise<Reply> {
  const author = authorOf(principal);
  await subjectTransaction(ctx, undefined, async (tx) => {
    const found = await getSubject(tx, { login }, true);
    await requireAllowed(tx, principal, 'SUBJECT.DELETE', { project: found.associatedProject, subject: login });
    const snapshot = await snapshotOf(tx, found.row.id);
    await releaseSources(tx, found.row.id);
    await tx.query('DELETE FROM radar_user WHERE id = $1', [found.row.user_id]);
    await recordRevision(tx, author, [{ kind: 'subject', id: found.row.id, key: login, type: 'DEL', snapshot }]);
  });
  return { status: 200, headers: subjectAlert('deleted', login) };
}
