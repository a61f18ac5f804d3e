// A password change ends the user's other browser sessions (docs/users.md); a password reset ends all of them.
// Both also revoke the user's refresh tokens (revokeUserRefreshTokens), so no app keeps a grant the old password gave.
// The session layer (src/server/session) owns the table and the delete (endSessionsOfUser); when a request was
// authenticated by a session it keeps that session's id hash in ctx.state under SESSION_ID_HASH_STATE, so the
// session a password was changed from survives the change.
// Enabling a second factor ends the same (endEarlierGrants): what the password alone gave must not outlive it.
import { credentialsChangedSql, credentialsStamp } from '../auth/credentials';
import type { Queryable } from '../db/database';
import type { RequestContext } from '../http/context';
import { revokeUserRefreshTokens } from '../oauth/refresh-tokens';
import { endSessionsOfUser } from '../session/session-store';

export { endSessionsOfUser, revokeUserRefreshTokens };

/**
 * Ends everything the user's credentials gave so far, in the caller's transaction: refresh tokens, access tokens (the
 * credentials stamp, auth/credentials.ts) and sessions, except optionally the caller's own session (by id hash).
 */
export async function endEarlierGrants(tx: Queryable, userId: number, exceptSessionIdHash?: string): Promise<void> {
  await tx.query(`UPDATE radar_user SET credentials_changed_at = ${credentialsChangedSql('$2')} WHERE id = $1`, [userId, credentialsStamp()]);
  await endSessionsOfUser(tx, userId, exceptSessionIdHash);
  await revokeUserRefreshTokens(tx, userId);
}

export const SESSION_ID_HASH_STATE = 'sessionIdHash';

/** The id hash of the session that authenticated this request, if one did (a bearer-token request has none). */
export function currentSessionIdHash(ctx: RequestContext): string | undefined {
  const value = ctx.state.get(SESSION_ID_HASH_STATE);
  return typeof value === 'string' && value ? value : undefined;
}
