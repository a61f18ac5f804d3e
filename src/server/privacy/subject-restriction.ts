// Restriction of processing (GDPR Art. 18; docs/privacy.md, "Restriction"): a subject state set and lifted by the
// staff who may erase it (PUT and DELETE api/subjects/{login}/restriction). While restricted, its data stay stored
// but the participant's app is stopped: no token is issued for its user (oauth/token-issuer.ts, so the refresh the
// phone needs before its next upload is refused), its current access tokens are refused by the portal from the
// moment of the restriction (the credentials stamp, auth/credentials.ts), and pairing links cannot be exchanged.
// Staff still read the data (to settle the claim). Set and lift are audited (SUBJECT_RESTRICTED,
// SUBJECT_RESTRICTION_LIFTED).
import { recordSecurityEvent } from '../audit/security-events';
import { credentialsChangedSql, credentialsStamp } from '../auth/credentials';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { noContent, ok, type Reply, type RequestContext } from '../http/context';
import { authorOf } from '../revisions/record';
import { getSubject } from '../subjects/load-subject';
import { requireStillAllowed } from '../subjects/recheck-access';
import { subjectTransaction } from '../subjects/subject-transaction';
import type { EntityDetails } from '../../common/permission-check';

export interface SubjectRestriction {
  login: string;
  restrictedBy: string;
  restrictedAt: string;
  reason: string;
}

export interface RestrictionBody {
  reason: string;
}

interface Row {
  login: string;
  restricted_by: string;
  restricted_at: Date | string;
  reason: string;
}

const toRestriction = (r: Row): SubjectRestriction => ({
  login: r.login, restrictedBy: r.restricted_by, restrictedAt: new Date(r.restricted_at).toISOString(), reason: r.reason,
});

export async function readRestriction(q: Queryable, subjectId: number): Promise<SubjectRestriction | undefined> {
  const [row] = await q.query<Row>(
    `SELECT s.login, r.restricted_by, r.restricted_at, r.reason FROM subject_restriction r JOIN subject s ON s.id = r.subject_id
      WHERE r.subject_id = $1`, [subjectId]);
  return row ? toRestriction(row) : undefined;
}

/** SQL: the user `userIdSql` belongs to a restricted subject. */
export const restrictedUserSql = (userIdSql: string) =>
  `EXISTS (SELECT 1 FROM subject_restriction sr JOIN subject rs ON rs.id = sr.subject_id WHERE rs.user_id = ${userIdSql})`;

export async function restrictSubject(ctx: RequestContext, principal: Principal, login: string, checked: EntityDetails, body: RestrictionBody): Promise<Reply> {
  const author = authorOf(principal);
  const restriction = await subjectTransaction(ctx, undefined, async (tx) => {
    const found = await getSubject(tx, { login }, true);
    await requireStillAllowed(tx, principal, 'SUBJECT.DELETE', checked, { project: found.associatedProject, subject: login });
    const [row] = await tx.query<Row>(
      `INSERT INTO subject_restriction (subject_id, restricted_by, reason) VALUES ($1, $2, $3)
       ON CONFLICT (subject_id) DO UPDATE SET reason = excluded.reason
       RETURNING $4::text AS login, restricted_by, restricted_at, reason`,
      [found.row.id, author, body.reason.trim(), found.row.login]);
    // Its access tokens issued so far are refused (a restriction stops the app at once, not when they expire).
    await tx.query(`UPDATE radar_user SET credentials_changed_at = ${credentialsChangedSql('$2')} WHERE id = $1`, [found.row.user_id, credentialsStamp()]);
    await recordSecurityEvent(tx, principal.login ?? principal.clientId, 'SUBJECT_RESTRICTED', { subject_login: login, project: found.associatedProject ?? undefined });
    return toRestriction(row);
  });
  return ok(restriction);
}

export async function liftRestriction(ctx: RequestContext, principal: Principal, login: string, checked: EntityDetails): Promise<Reply> {
  await subjectTransaction(ctx, undefined, async (tx) => {
    const found = await getSubject(tx, { login }, true);
    await requireStillAllowed(tx, principal, 'SUBJECT.DELETE', checked, { project: found.associatedProject, subject: login });
    const gone = await tx.query('DELETE FROM subject_restriction WHERE subject_id = $1 RETURNING subject_id', [found.row.id]);
    if (gone.length) await recordSecurityEvent(tx, principal.login ?? principal.clientId, 'SUBJECT_RESTRICTION_LIFTED', { subject_login: login, project: found.associatedProject ?? undefined });
  });
  return noContent();
}
