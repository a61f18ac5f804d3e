// Removes what has expired (codes, refresh tokens, sessions, sign-in failure counters, used or expired meta-tokens,
// ended request-limit windows, empty hours of the activity counter, stamps of deleted clients whose tokens have all
// expired). Runs after a sign-in or a request for a mailed key, at most every ten minutes per
// process: no timers to stop, and any process may do it, since each delete is idempotent.
import type { Queryable } from '../db/database';
import { purgeSessions } from '../session/session-store';
import { purgeClientRevocations } from '../auth/client-revocation';
import { purgeCodes } from './authorization-code';
import { purgeSignInFailures } from './login-throttle';
import { purgeRefreshTokens } from './refresh-tokens';
import { purgeMetaTokens } from '../meta-tokens/meta-token-store';
import { purgeRequestLimits } from '../http/request-limit';
import { purgePendingSignIns } from '../two-factor/pending-sign-in';
import { purgeEmptySeenHours } from '../subjects/last-seen';

const INTERVAL_MS = 10 * 60 * 1000;
let lastRun = 0;

export async function housekeeping(db: Queryable, now = Date.now()): Promise<void> {
  if (now - lastRun < INTERVAL_MS) return;
  lastRun = now;
  await purgeCodes(db);
  await purgeRefreshTokens(db);
  await purgeSessions(db);
  await purgeSignInFailures(db);
  await purgeMetaTokens(db);
  await purgeRequestLimits(db);
  await purgePendingSignIns(db);
  await purgeEmptySeenHours(db);
  await purgeClientRevocations(db);
}
