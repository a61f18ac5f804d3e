// A password change ends the user's other browser sessions (docs/users.md); a password reset ends all of them.
// Both also revoke the user's refresh tokens (revokeUserRefreshTokens), so no app keeps a grant the old password gave.
// The session layer (src/server/session) owns the table and the delete (endSessionsOfUser); when a request was
// authenticated by a session it keeps that session's id hash in ctx.state under SESSION_ID_HASH_STATE, so the
// session a password was changed from survives the change.
import type { RequestContext } from '../http/context';

export { endSessionsOfUser } from '../session/session-store';
export { revokeUserRefreshTokens } from '../oauth/refresh-tokens';

export const SESSION_ID_HASH_STATE = 'sessionIdHash';

/** The id hash of the session that authenticated this request, if one did (a bearer-token request has none). */
export function currentSessionIdHash(ctx: RequestContext): string | undefined {
  const value = ctx.state.get(SESSION_ID_HASH_STATE);
  return typeof value === 'string' && value ? value : undefined;
}
