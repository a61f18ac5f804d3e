// Checks a username and password against the portal's users, for the sign-in form and the password grant: the
// login is lower-cased, only activated users get in, the password is verified with scrypt (or bcrypt, for a hash
// imported from ManagementPortal, then replaced by an scrypt hash: auth/hash-upgrade.ts). Every answer is audited
// (AUTHENTICATION_SUCCESS / _FAILURE) and failures are throttled (login-throttle.ts). The same "bad credentials"
// answer covers an unknown login, a wrong password and a user that is not activated, and an unknown login costs
// as much time as a known one, so neither reveals which logins exist. A user with a second factor (or one that
// REQUIRE_2FA asks for but that is not enrolled yet) gets 'second-factor' instead of 'ok': the failures are not
// cleared and no success is audited until the code is given too (two-factor/two-factor-sign-in.ts), so
// re-entering the password never resets the count of wrong codes.
import type { Database } from '../db/database';
import { first } from '../db/database';
import { dummyPasswordHash, verifyPassword } from '../auth/password-hash';
import { upgradeUserPasswordHash } from '../auth/hash-upgrade';
import { recordAuditEvent } from './audit';
import { clearSignInFailures, lockedForSeconds, recordSignInFailure } from './login-throttle';
import { hasTwoFactor, twoFactorRequired, type TwoFactorRequirement } from '../two-factor/two-factor-store';

export type SignInOutcome =
  | { kind: 'ok'; userId: number; login: string }
  /** The password is right; a TOTP code is due next, or (enrol) the user must first enrol one. */
  | { kind: 'second-factor'; userId: number; login: string; enrol: boolean }
  | { kind: 'bad-credentials' }
  | { kind: 'throttled'; retryAfterSeconds: number };

const MAX_PASSWORD_LENGTH = 1024; // longer input is refused before scrypt sees it

export async function authenticateUser(
  db: Database,
  username: string,
  password: string,
  remoteAddress: string,
  requirement: TwoFactorRequirement = 'none',
): Promise<SignInOutcome> {
  const login = username.toLowerCase();
  const locked = await lockedForSeconds(db, login, remoteAddress);
  if (locked > 0) return { kind: 'throttled', retryAfterSeconds: locked };

  const user = await first<{ id: number; login: string; password_hash: string | null; activated: boolean }>(
    db,
    'SELECT id, login, password_hash, activated FROM radar_user WHERE login = $1',
    [login],
  );
  const storedHash = user?.password_hash;
  // Without a stored hash, verify against a dummy anyway (same time taken) and refuse whatever it says.
  const verified =
    password.length > 0 && password.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(password, storedHash || (await dummyPasswordHash())));
  const passwordOk = verified && !!storedHash;
  if (!user || !passwordOk || !user.activated) {
    await recordSignInFailure(db, login, remoteAddress);
    await recordAuditEvent(db, login, 'AUTHENTICATION_FAILURE', {
      type: user && passwordOk ? 'DisabledException' : 'BadCredentialsException',
      message: user && passwordOk ? 'User is not activated' : 'Bad credentials',
      remoteAddress,
    });
    return { kind: 'bad-credentials' };
  }
  await upgradeUserPasswordHash(db, user.id, password, storedHash!); // an imported bcrypt hash becomes scrypt
  if (await hasTwoFactor(db, user.id)) return { kind: 'second-factor', userId: user.id, login: user.login, enrol: false };
  if (await twoFactorRequired(db, user.id, requirement)) return { kind: 'second-factor', userId: user.id, login: user.login, enrol: true };
  await clearSignInFailures(db, login);
  await recordAuditEvent(db, user.login, 'AUTHENTICATION_SUCCESS', { remoteAddress });
  return { kind: 'ok', userId: user.id, login: user.login };
}
