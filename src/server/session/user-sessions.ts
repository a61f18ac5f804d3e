// The signed-in user's browser sessions (docs/users.md, Sessions): list them, end one, end all others; and a system
// admin ending every session of a user. Sessions are named by their public id only (migration 052), never by the
// hash that identifies them to the server. Another user's id matches nothing and is answered as unknown (404), so
// the API never tells whether it exists. Every ending is audited in the same transaction.
import type { Principal } from '../auth/principal';
import { noContent, ok, type Reply, type RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { writeTransaction } from '../db/write-transaction';
import { currentSessionIdHash } from '../account/end-sessions';
import { accountUser } from '../account/account-handlers';
import { recordSecurityEvent } from '../audit/security-events';
import { endSessionByPublicId, endSessionsOfUser, listSessionsOfUser } from './session-store';

const sessionNotFound = (id: string) => apiError(404, 'error.entityNotFound', 'session', 'Session not found', { id });

export async function listOwnSessions(ctx: RequestContext, principal: Principal): Promise<Reply> {
  const user = accountUser(principal);
  return ok(await listSessionsOfUser(ctx.app.db, user.userId, currentSessionIdHash(ctx)));
}

export async function endOwnSession(ctx: RequestContext, principal: Principal, id: string): Promise<Reply> {
  const user = accountUser(principal);
  const ended = await writeTransaction(ctx, async (tx) => {
    if (!(await endSessionByPublicId(tx, user.userId, id))) return false;
    await recordSecurityEvent(tx, user.login, 'SESSION_ENDED', { user: user.login, session: id, remoteAddress: ctx.remoteAddress });
    return true;
  });
  if (!ended) throw sessionNotFound(id);
  return noContent();
}

/** Every session of the caller but the one this request came with (a bearer-token caller has none, so all end). */
export async function endOtherSessions(ctx: RequestContext, principal: Principal): Promise<Reply> {
  const user = accountUser(principal);
  await writeTransaction(ctx, async (tx) => {
    const count = await endSessionsOfUser(tx, user.userId, currentSessionIdHash(ctx));
    await recordSecurityEvent(tx, user.login, 'SESSIONS_ENDED', { user: user.login, count, scope: 'others', remoteAddress: ctx.remoteAddress });
  });
  return noContent();
}

export async function endSessionsOfLogin(ctx: RequestContext, principal: Principal, login: string): Promise<Reply> {
  const rows = await ctx.app.db.query<{ id: number }>('SELECT id FROM radar_user WHERE login = $1', [login]);
  if (!rows[0]) throw apiError(404, 'error.entityNotFound', 'userManagement', 'User not found', { user: login });
  await writeTransaction(ctx, async (tx) => {
    const count = await endSessionsOfUser(tx, rows[0].id);
    await recordSecurityEvent(tx, principal.login, 'SESSIONS_ENDED', { user: login, count, scope: 'all', remoteAddress: ctx.remoteAddress });
  });
  return noContent();
}
