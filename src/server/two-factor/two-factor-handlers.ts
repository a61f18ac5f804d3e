// The account's second factor (docs/users.md, "Two-factor sign-in"): status, enrolment (secret and otpauth:// URI,
// answered only while unconfirmed), confirmation (ten recovery codes answered once), disabling with a current code,
// and a system admin's reset of another user's factor (audited). A wrong code counts towards the sign-in lockout
// (oauth/login-throttle.ts), so these endpoints are no way around it. Confirming a factor ends the user's earlier
// tokens and other sessions (account/end-sessions.ts), which the password alone gave.
import { currentSessionIdHash, endEarlierGrants } from '../account/end-sessions';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { noContent, ok, type Reply, type RequestContext } from '../http/context';
import { apiError, tooManyRequests } from '../http/errors';
import { recordAuditEvent } from '../oauth/audit';
import { lockedForSeconds, recordSignInFailure } from '../oauth/login-throttle';
import { confirmEnrolment, removeTwoFactor, startEnrolment, twoFactorStatus, verifySecondFactor } from './two-factor-store';

const ENTITY = 'twoFactor';
type Holder = { userId: number; login: string };

const wrongCode = () => apiError(400, 'twoFactor.error.invalidCode', ENTITY, 'The code is not right (or was used already)');

async function refuseWhenLocked(ctx: RequestContext, login: string): Promise<void> {
  const locked = await lockedForSeconds(ctx.app.db, login, ctx.remoteAddress);
  if (locked > 0) throw tooManyRequests(locked, 'Too many wrong codes; try again later');
}

async function countWrongCode(ctx: RequestContext, login: string): Promise<never> {
  await recordSignInFailure(ctx.app.db, login, ctx.remoteAddress);
  await recordAuditEvent(ctx.app.db, login, 'AUTHENTICATION_FAILURE', { type: 'BadCredentialsException', message: 'Wrong second-factor code', remoteAddress: ctx.remoteAddress });
  throw wrongCode();
}

export async function getTwoFactor(ctx: RequestContext, user: Holder): Promise<Reply> {
  return ok(await twoFactorStatus(ctx.app.db, user.userId));
}

export async function enrolTwoFactor(ctx: RequestContext, user: Holder): Promise<Reply> {
  const enrolment = await startEnrolment(ctx.app.db, user.userId, user.login);
  if (!enrolment) throw apiError(409, 'twoFactor.error.active', ENTITY, 'A second factor is active already; disable it first');
  return ok(enrolment);
}

export async function confirmTwoFactor(ctx: RequestContext, user: Holder, code: string): Promise<Reply> {
  await refuseWhenLocked(ctx, user.login);
  const codes = await ctx.app.db.transaction(async (tx) => {
    const confirmed = await confirmEnrolment(tx, user.userId, code);
    if (confirmed) await endEarlierGrants(tx, user.userId, currentSessionIdHash(ctx));
    return confirmed;
  });
  if (!codes) return countWrongCode(ctx, user.login);
  await recordAuditEvent(ctx.app.db, user.login, 'TWO_FACTOR_ENABLED', { remoteAddress: ctx.remoteAddress });
  return ok({ recoveryCodes: codes });
}

export async function disableTwoFactor(ctx: RequestContext, user: Holder, code: string): Promise<Reply> {
  await refuseWhenLocked(ctx, user.login);
  if (!(await twoFactorStatus(ctx.app.db, user.userId)).enabled) {
    await removeTwoFactor(ctx.app.db, user.userId); // an unconfirmed enrolment needs no code
    return noContent();
  }
  if (!(await verifySecondFactor(ctx.app.db, user.userId, code))) return countWrongCode(ctx, user.login);
  await ctx.app.db.transaction((tx) => removeTwoFactor(tx, user.userId));
  await recordAuditEvent(ctx.app.db, user.login, 'TWO_FACTOR_DISABLED', { remoteAddress: ctx.remoteAddress });
  return noContent();
}

/** DELETE api/users/{login}/two-factor: a system admin removes a user's factor (the user may enrol again). */
export async function resetTwoFactor(ctx: RequestContext, principal: Principal, login: string): Promise<Reply> {
  const user = await first<{ id: number | string; login: string }>(ctx.app.db, 'SELECT id, login FROM radar_user WHERE login = $1', [login.toLowerCase()]);
  if (!user) throw apiError(404, 'error.entityNotFound', 'userManagement', 'User not found', { user: login });
  await ctx.app.db.transaction((tx) => removeTwoFactor(tx, Number(user.id)));
  await recordAuditEvent(ctx.app.db, principal.login ?? principal.clientId ?? 'anonymous', 'TWO_FACTOR_RESET', { user: user.login, remoteAddress: ctx.remoteAddress });
  return noContent();
}
