// A small per-process memo of client secrets that already verified against their stored hash. Every token refresh
// of every app authenticates its client, and the scrypt hash (auth/password-hash.ts) costs tens of milliseconds of
// CPU on purpose: verified on every refresh, it was the cost of a refresh and bounded what one server serves. The
// memo holds, per stored hash, a keyed digest (HMAC with a key made at start and never stored) of the secret that
// matched it: a changed secret has another hash and misses; a wrong secret digests otherwise and misses (and goes to
// scrypt, so a guess costs as before); the digests are worthless outside this process.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { processCache } from '../cache-stats';

const MAX_ENTRIES = 1000;
const key = randomBytes(32);
const memo = new Map<string, Buffer>();
const stats = processCache('verifiedClientSecrets', () => memo.size);

const digest = (secret: string) => createHmac('sha256', key).update(secret, 'utf8').digest();

/** The secret verified against exactly this stored hash before, in this process. */
export function isRememberedSecret(storedHash: string, secret: string): boolean {
  const known = memo.get(storedHash);
  const hit = known !== undefined && timingSafeEqual(known, digest(secret));
  if (hit) stats.hits++;
  else stats.misses++;
  return hit;
}

export function rememberSecret(storedHash: string, secret: string): void {
  if (memo.size >= MAX_ENTRIES && !memo.has(storedHash)) {
    memo.delete(memo.keys().next().value as string); // oldest first
    stats.evictions++;
  }
  memo.set(storedHash, digest(secret));
  stats.puts++;
}
