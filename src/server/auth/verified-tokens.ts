// A small per-process memo of access tokens whose signature already verified. A token is immutable and our keys are
// never revoked, so a verified signature stays verified; only the expiry is checked again on every use. The memo
// saves the ECDSA verification (the largest fixed cost of an API call); the user and roles are still read from the
// database on every request, so a role change or deactivation takes effect at once.
import { processCache } from '../cache-stats';
import type { JwtClaims } from './jwt';

const MAX_ENTRIES = 1000;
const memo = new Map<string, JwtClaims>();
const stats = processCache('verifiedTokens', () => memo.size);

export function rememberedClaims(token: string, nowSeconds = Date.now() / 1000): JwtClaims | undefined {
  const claims = memo.get(token);
  if (!claims) {
    stats.misses++;
    return undefined;
  }
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) {
    memo.delete(token);
    stats.evictions++;
    stats.misses++;
    return undefined;
  }
  stats.hits++;
  return claims;
}

export function rememberClaims(token: string, claims: JwtClaims): void {
  if (memo.size >= MAX_ENTRIES && !memo.has(token)) {
    memo.delete(memo.keys().next().value as string); // oldest first
    stats.evictions++;
  }
  memo.set(token, claims);
  stats.puts++;
}
