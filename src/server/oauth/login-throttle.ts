// Throttling of failed sign-ins, shared by every process through table login_attempt: after 5 failures for one
// login, or 20 from one address, within 15 minutes, sign-in is refused for 15 minutes (the caller answers 429 with
// Retry-After). Counting is one atomic upsert per key, so concurrent attempts on several processes all count. Client
// authentication at the token endpoint is throttled with the same table and counters, under keys of its own
// (client-auth-throttle.ts).
import type { Queryable } from '../db/database';
import { first } from '../db/database';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
const MAX_FAILURES_PER_LOGIN = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

const loginKey = (login: string) => `login:${login}`.slice(0, 255);
const addressKey = (address: string) => `address:${address}`.slice(0, 255);

/** Seconds until sign-in is allowed again for this login or address; 0 when it is allowed now. */
export async function lockedForSeconds(db: Queryable, login: string, address: string): Promise<number> {
  return lockedForKeys(db, [loginKey(login), addressKey(address)]);
}

/** Seconds until the longest lock of these keys passes; 0 when none is locked. */
export async function lockedForKeys(db: Queryable, keys: string[]): Promise<number> {
  const row = await first<{ seconds: number | null }>(
    db,
    `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS seconds
       FROM login_attempt WHERE attempt_key = ANY($1::text[]) AND locked_until > now()`,
    [keys.map((key) => key.slice(0, 255))],
  );
  return Math.max(0, row?.seconds ?? 0);
}

/** Counts a failure for `key`; the `max`th within the window locks the key for the window's length. */
export async function countFailure(db: Queryable, key: string, max: number): Promise<void> {
  // A failure after the window has passed starts a new window.
  const fresh = `login_attempt.first_failure_at < now() - ($3::int * interval '1 second')`;
  await db.query(
    `INSERT INTO login_attempt (attempt_key, failures, first_failure_at, locked_until)
     VALUES ($1, 1, now(), CASE WHEN $2::int <= 1 THEN now() + ($3::int * interval '1 second') END)
     ON CONFLICT (attempt_key) DO UPDATE SET
       failures = CASE WHEN ${fresh} THEN 1 ELSE login_attempt.failures + 1 END,
       first_failure_at = CASE WHEN ${fresh} THEN now() ELSE login_attempt.first_failure_at END,
       locked_until = CASE WHEN (CASE WHEN ${fresh} THEN 1 ELSE login_attempt.failures + 1 END) >= $2::int
                           THEN now() + ($3::int * interval '1 second') ELSE login_attempt.locked_until END`,
    [key.slice(0, 255), max, THROTTLE_WINDOW_SECONDS],
  );
}

export async function recordSignInFailure(db: Queryable, login: string, address: string): Promise<void> {
  await countFailure(db, loginKey(login), MAX_FAILURES_PER_LOGIN);
  await countFailure(db, addressKey(address), MAX_FAILURES_PER_ADDRESS);
}

/** A successful sign-in forgets the login's failures (not the address's: one valid account must not reset it). */
export async function clearSignInFailures(db: Queryable, login: string): Promise<void> {
  await db.query('DELETE FROM login_attempt WHERE attempt_key = $1', [loginKey(login)]);
}

/** Drops counters whose window and lock have both passed. */
export async function purgeSignInFailures(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM login_attempt WHERE first_failure_at < now() - ($1::int * interval '1 second')
        AND (locked_until IS NULL OR locked_until < now())`,
    [THROTTLE_WINDOW_SECONDS],
  );
}
