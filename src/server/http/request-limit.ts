// Fixed-window rate limits kept in table request_limit (migration 051), so every process behind a load balancer
// counts against the same numbers. Like sign-in throttling (oauth/login-throttle.ts) each count is one atomic upsert
// per key: concurrent requests on several processes each get their own, distinct count, so exactly `max` of them
// pass in a window. A refused request is counted too (it does not extend the window).
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { normalizeAddress } from './client-address';

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request against `key`. Answers 0 when it is within the limit, else the seconds until the window ends
 * (for Retry-After; at least 1).
 */
export async function countRequest(db: Queryable, key: string, limit: Limit): Promise<number> {
  // A hit after the window has ended starts a new one.
  const ended = 'request_limit.window_ends_at <= now()';
  const row = await first<{ hits: number; seconds: number }>(
    db,
    `INSERT INTO request_limit (limit_key, hits, window_ends_at)
     VALUES ($1, 1, now() + ($2::int * interval '1 second'))
     ON CONFLICT (limit_key) DO UPDATE SET
       hits = CASE WHEN ${ended} THEN 1 ELSE request_limit.hits + 1 END,
       window_ends_at = CASE WHEN ${ended} THEN now() + ($2::int * interval '1 second') ELSE request_limit.window_ends_at END
     RETURNING hits, ceil(extract(epoch FROM window_ends_at - now()))::int AS seconds`,
    [key.slice(0, 255), limit.windowSeconds],
  );
  if (!row || row.hits <= limit.max) return 0;
  return Math.max(1, row.seconds);
}

/** Drops the counters whose window has ended (oauth/housekeeping.ts). */
export async function purgeRequestLimits(db: Queryable): Promise<void> {
  await db.query('DELETE FROM request_limit WHERE window_ends_at <= now()');
}

/**
 * The part of a client address a limit counts: an IPv4 address as is, an IPv6 address by its /64 network (one
 * host usually holds a whole /64, so counting single IPv6 addresses would not limit it at all).
 */
export function addressBucket(address: string): string {
  const bare = normalizeAddress(address);
  if (!bare || !bare.includes(':')) return bare ?? address;
  // An embedded IPv4 tail (64:ff9b::192.0.2.1) stands for two groups.
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head, tail] = bare.split('::');
  const left = groupsOf(head);
  const right = groupsOf(tail ?? '');
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
