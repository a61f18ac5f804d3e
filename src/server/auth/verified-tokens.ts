// A small per-process memo of access tokens whose signature already verified. A token is immutable and our keys are
// never revoked, so a verified signature stays verified; only the expiry is checked again on every use. The memo
// saves the ECDSA verification (the largest fixed cost of an API call); the user and roles are still read from the
// database on every request, so a role change or deactivation takes effect at once.
import type { JwtClaims } from './jwt';

const MAX_ENTRIES = 1000;
const memo = new Map<string, JwtClaims>();

export function rememberedClaims(token: string, nowSeconds = Date.now() / 1000): JwtClaims | undefined {
  const claims = memo.get(token);
  if (!claims) return undefined;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) {
    memo.delete(token);
    return undefined;
  }
  return claims;
}

export function rememberClaims(token: string, claims: JwtClaims): void {
  if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value as string); // oldest first
  memo.set(token, claims);
}
