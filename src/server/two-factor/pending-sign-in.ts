// The sign-in between its two steps (docs/users.md, "Two-factor sign-in"): after a correct password the page holds a
// random token in a hidden field, and table two_factor_pending holds only its SHA-256 with the user and an expiry.
// Any process can continue the sign-in, the token cannot be forged or pointed at another user, and it lasts five
// minutes; it is used up by the step that completes the sign-in. A user who enrolled at sign-in first reads the
// recovery codes: the token is then marked verified (and given ten minutes for the reading), and the page's Continue
// posts it back to complete the sign-in without another code.
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { randomToken, sha256Hex } from '../oauth/secrets';

const LIFETIME_SECONDS = 5 * 60;
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export interface PendingSignIn {
  userId: number;
  login: string;
  rememberMe: boolean;
  verified: boolean;
}

export async function createPendingSignIn(db: Queryable, userId: number, rememberMe: boolean): Promise<string> {
  const token = randomToken(32);
  await db.query(
    `INSERT INTO two_factor_pending (token_hash, user_id, remember_me, expires_at)
     VALUES ($1, $2, $3, now() + ($4::int * interval '1 second'))`,
    [sha256Hex(token), userId, rememberMe, LIFETIME_SECONDS],
  );
  return token;
}

export async function findPendingSignIn(db: Queryable, token: string | null): Promise<PendingSignIn | undefined> {
  if (!token || !WELL_FORMED.test(token)) return undefined;
  const row = await first<{ user_id: string | number; login: string; remember_me: boolean; verified: boolean }>(
    db,
    `SELECT p.user_id, u.login, p.remember_me, p.verified FROM two_factor_pending p JOIN radar_user u ON u.id = p.user_id
      WHERE p.token_hash = $1 AND p.expires_at > now() AND u.activated`,
    [sha256Hex(token)],
  );
  return row ? { userId: Number(row.user_id), login: row.login, rememberMe: row.remember_me, verified: row.verified } : undefined;
}

/** Uses the token up; false when another request already did. */
export async function endPendingSignIn(db: Queryable, token: string): Promise<boolean> {
  return !!(await first(db, 'DELETE FROM two_factor_pending WHERE token_hash = $1 RETURNING user_id', [sha256Hex(token)]));
}

const VERIFIED_LIFETIME_SECONDS = 10 * 60;

/** The code is given: the token now only continues the sign-in (after the recovery codes are read). */
export async function verifyPendingSignIn(db: Queryable, token: string): Promise<void> {
  await db.query(
    `UPDATE two_factor_pending SET verified = true, expires_at = now() + ($2::int * interval '1 second') WHERE token_hash = $1`,
    [sha256Hex(token), VERIFIED_LIFETIME_SECONDS],
  );
}

export async function purgePendingSignIns(db: Queryable): Promise<void> {
  await db.query('DELETE FROM two_factor_pending WHERE expires_at < now()');
}
