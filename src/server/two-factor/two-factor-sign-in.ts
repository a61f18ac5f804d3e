// The second step of the built-in sign-in (docs/users.md, "Two-factor sign-in"), called by oauth/authorize-endpoint.ts.
// After a correct password the user gets a pending sign-in (pending-sign-in.ts) and either the code form or, when
// REQUIRE_2FA asks for a factor the user lacks, the enrolment form. A wrong code counts as a failed sign-in towards
// the same lockout as a wrong password (oauth/login-throttle.ts) and is audited alike; the sign-in completes (failures
// cleared, AUTHENTICATION_SUCCESS audited) only with a right code.
import { endEarlierGrants } from '../account/end-sessions';
import type { Database } from '../db/database';
import { recordSecurityEvent } from '../audit/security-events';
import { recordAuditEvent } from '../oauth/audit';
import { clearSignInFailures, lockedForSeconds, recordSignInFailure } from '../oauth/login-throttle';
import { createPendingSignIn, endPendingSignIn, findPendingSignIn, verifyPendingSignIn } from './pending-sign-in';
import type { TwoFactorStep } from './two-factor-page';
import { confirmEnrolment, hasTwoFactor, pendingEnrolment, startEnrolment, verifySecondFactor } from './two-factor-store';

export const TWO_FACTOR_FIELD = 'two-factor';
export const TWO_FACTOR_CODE_FIELD = 'two-factor-code';

export type SecondStepOutcome =
  | { kind: 'expired' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'wrong'; step: TwoFactorStep }
  | { kind: 'done'; userId: number; rememberMe: boolean }
  /** Enrolled at sign-in: show the recovery codes once; the page's Continue posts `token` back to finish. */
  | { kind: 'recovery-codes'; codes: string[]; token: string };

/** The step after a correct password: the code form, or the enrolment of a user who must have a factor. */
export async function beginSecondStep(db: Database, user: { userId: number; login: string; enrol: boolean }, rememberMe: boolean): Promise<TwoFactorStep> {
  const token = await createPendingSignIn(db, user.userId, rememberMe);
  if (!user.enrol) return { kind: 'code', token };
  const enrolment = (await pendingEnrolment(db, user.userId, user.login)) ?? (await startEnrolment(db, user.userId, user.login));
  if (!enrolment) return { kind: 'code', token }; // confirmed meanwhile by another request
  return { kind: 'enrol', token, ...enrolment };
}

/** Handles a post of the second step (the form has the pending token and the code). */
export async function secondStep(db: Database, form: URLSearchParams, remoteAddress: string, nowMs = Date.now()): Promise<SecondStepOutcome> {
  const token = form.get(TWO_FACTOR_FIELD);
  const pending = await findPendingSignIn(db, token);
  if (!token || !pending) return { kind: 'expired' };
  if (pending.verified) {
    if (!(await endPendingSignIn(db, token))) return { kind: 'expired' };
    return { kind: 'done', userId: pending.userId, rememberMe: pending.rememberMe };
  }
  const locked = await lockedForSeconds(db, pending.login, remoteAddress);
  if (locked > 0) return { kind: 'throttled', retryAfterSeconds: locked };
  const code = (form.get(TWO_FACTOR_CODE_FIELD) ?? '').trim();
  let recoveryCodes: string[] | undefined;
  let accepted = false;
  let method: string | undefined;
  let step: TwoFactorStep = { kind: 'code', token };
  if (await hasTwoFactor(db, pending.userId)) {
    method = await verifySecondFactor(db, pending.userId, code, nowMs);
    accepted = method !== undefined;
  } else {
    const enrolment = await pendingEnrolment(db, pending.userId, pending.login);
    if (!enrolment) return { kind: 'expired' }; // the factor was reset meanwhile: start again
    step = { kind: 'enrol', token, ...enrolment };
    recoveryCodes = await db.transaction(async (tx) => {
      const confirmed = await confirmEnrolment(tx, pending.userId, code, nowMs);
      if (confirmed) await endEarlierGrants(tx, pending.userId); // what the password alone gave ends (there is no session yet)
      return confirmed;
    });
    accepted = recoveryCodes !== undefined;
  }
  if (!accepted) {
    await recordSignInFailure(db, pending.login, remoteAddress);
    await recordAuditEvent(db, pending.login, 'AUTHENTICATION_FAILURE', { type: 'BadCredentialsException', message: 'Wrong second-factor code', remoteAddress });
    return { kind: 'wrong', step };
  }
  await clearSignInFailures(db, pending.login);
  // The second factor's own event: which kind was used (a recovery code is worth noticing), or the enrolment that
  // the sign-in itself required.
  if (method) await recordSecurityEvent(db, pending.login, 'TWO_FACTOR_USED', { user: pending.login, method, remoteAddress });
  else await recordSecurityEvent(db, pending.login, 'TWO_FACTOR_ENABLED', { user: pending.login, via: 'sign-in', remoteAddress });
  await recordAuditEvent(db, pending.login, 'AUTHENTICATION_SUCCESS', { remoteAddress, secondFactor: true });
  if (recoveryCodes) {
    await verifyPendingSignIn(db, token);
    return { kind: 'recovery-codes', codes: recoveryCodes, token };
  }
  if (!(await endPendingSignIn(db, token))) return { kind: 'expired' };
  return { kind: 'done', userId: pending.userId, rememberMe: pending.rememberMe };
}
