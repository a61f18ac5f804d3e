// The mailed-key flows (docs/users.md): request a password reset by e-mail, finish it with the key, activate with an
// activation key, and (for an admin) mail a user a fresh "account created" link. Keys are single-use and expire
// after KEY_VALIDITY_HOURS; an unknown, used or expired key is a 400 error.invalidKey (the original answered 500).
// The two requests that mail a key are rate-limited per client address and per account (mail-limits.ts).
import { hashPassword } from '../auth/password-hash';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { noContent, type RequestContext, type Reply } from '../http/context';
import { apiError, badRequest, HttpError } from '../http/errors';
import { findUserRow, recordUserChange, USER_COLUMNS, type UserRow } from '../users/user-dto';
import { USER_ENTITY } from '../users/user-http';
import { rolesOfUser } from '../users/user-roles';
import { coversUser } from '../users/user-scope';
import { issueResetKey, redeemActivationKey, redeemResetKey, resetKeyIsFresh } from './account-keys';
import { sendAccountMail } from './account-mail';
import { limitAccount, limitAddress } from './mail-limits';
import { passwordError } from './account-handlers';
import { recordSecurityEvent } from '../audit/security-events';
import { endSessionsOfUser, revokeUserRefreshTokens } from './end-sessions';

const notRegistered = () => apiError(400, 'error.emailNotRegistered', USER_ENTITY, 'E-mail address is not registered');
const invalidKey = () => apiError(400, 'error.invalidKey', USER_ENTITY, 'The key is unknown, used or expired');

/**
 * Public. `text` is the e-mail address of an activated user, who is mailed a reset link. An unknown address stays a
 * 400 (the client tells the user so), but counts against the caller's address like any other request.
 */
export async function requestPasswordReset(ctx: RequestContext, text: string): Promise<Reply> {
  await limitAddress(ctx, 'reset');
  const email = text.trim();
  const user = email
    ? await first<UserRow>(ctx.app.db, `SELECT ${USER_COLUMNS} FROM radar_user u WHERE lower(u.email) = lower($1) AND u.activated`, [email])
    : undefined;
  if (!user) throw notRegistered();
  await limitAccount(ctx, 'reset', user.id);
  const key = await ctx.app.db.transaction((tx) => issueResetKey(tx, user.id));
  await sendAccountMail(ctx.app, 'reset', user, key);
  return noContent();
}

/** Public. `{key, newPassword}` (strings when present): sets the password, clears the key, activates the user, ends its sessions. */
export async function finishPasswordReset(ctx: RequestContext, { key, newPassword }: { key?: string | null; newPassword?: string | null }): Promise<Reply> {
  if (typeof newPassword !== 'string') throw apiError(400, 'error.weakPassword', USER_ENTITY, 'A new password is required');
  const refused = passwordError(newPassword);
  if (refused) throw refused;
  if (typeof key !== 'string' || !key || !(await resetKeyIsFresh(ctx.app.db, key))) throw invalidKey();
  const hash = await hashPassword(newPassword);
  await ctx.app.db.transaction(async (tx) => {
    const user = await redeemResetKey(tx, key, hash);
    if (!user) throw invalidKey();
    await endSessionsOfUser(tx, user.id);
    await revokeUserRefreshTokens(tx, user.id);
    await recordUserChange(tx, user.login, user.id, 'MOD');
    await recordSecurityEvent(tx, user.login, 'PASSWORD_RESET', { user: user.login, remoteAddress: ctx.remoteAddress });
  });
  return noContent();
}

/** Public. Activates the user holding this activation key; 404 with an empty body when it does not work. */
export async function activate(ctx: RequestContext, key: string | undefined): Promise<Reply> {
  if (!key) throw badRequest('Required parameter key is missing');
  await ctx.app.db.transaction(async (tx) => {
    const user = await redeemActivationKey(tx, key);
    if (!user) throw new HttpError(404, undefined);
    await recordUserChange(tx, user.login, user.id, 'MOD');
  });
  return { status: 200 };
}

/**
 * The "send activation e-mail" button. `text` is a login; a system admin, or an admin whose USER.UPDATE scope holds
 * the user, mails the user a new key with the "account created" text. A user outside the caller's scope is answered
 * exactly like an unknown login (400 error.emailNotRegistered), so the answer does not tell which logins exist.
 */
export async function resendActivation(ctx: RequestContext, principal: Principal, text: string): Promise<Reply> {
  await limitAddress(ctx, 'activation');
  const login = text.trim().toLowerCase();
  const user = login ? await findUserRow(ctx.app.db, { login }) : undefined;
  if (!user || !coversUser(principal.token, 'USER.UPDATE', await rolesOfUser(ctx.app.db, user.id)) || !user.email) {
    throw notRegistered();
  }
  await limitAccount(ctx, 'activation', user.id);
  const key = await ctx.app.db.transaction((tx) => issueResetKey(tx, user.id));
  // The key is not part of the user's DTO, so issuing one records no revision.
  await sendAccountMail(ctx.app, 'creation', user, key);
  return noContent();
}
