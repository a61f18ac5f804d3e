// Throttling of the public GET api/meta-token/{tokenName} (docs/oauth.md, Pairing): the name is the credential, so
// guessing names is what must be slow. Only failed exchanges count (a name that is unknown, used, expired or whose
// user is gone), per client address (IPv6 by /64, http/request-limit.ts), in table request_limit so every process
// counts against the same number. A paired app fetches its link once, so a clinic's network pairing many
// participants stays far below the limit; an address over it gets 429 with Retry-After until the window ends, for
// every name, also a valid one (the attacker must not learn which guess was right by the answer changing).
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { tooManyRequests } from '../http/errors';
import { addressBucket, countRequest, type Limit } from '../http/request-limit';

export const PAIRING_FAILURE_LIMIT: Limit = { max: 20, windowSeconds: 15 * 60 };

const keyOf = (address: string) => `pairing:address:${addressBucket(address)}`;
const refused = (seconds: number) => tooManyRequests(seconds, 'Too many unusable pairing links from this address; try again later');

/** Throws the 429 when the address has used up its failures in the current window (nothing is counted). */
export async function checkPairingThrottle(db: Queryable, address: string, limit = PAIRING_FAILURE_LIMIT): Promise<void> {
  const row = await first<{ seconds: number }>(
    db,
    `SELECT ceil(extract(epoch FROM window_ends_at - now()))::int AS seconds
       FROM request_limit WHERE limit_key = $1 AND window_ends_at > now() AND hits >= $2`,
    [keyOf(address).slice(0, 255), limit.max],
  );
  if (row) throw refused(Math.max(1, row.seconds));
}

/** Counts one failed exchange; throws the 429 when this failure is beyond the limit. */
export async function countPairingFailure(db: Queryable, address: string, limit = PAIRING_FAILURE_LIMIT): Promise<void> {
  const wait = await countRequest(db, keyOf(address), limit);
  if (wait) throw refused(wait);
}
