// PKCE (RFC 7636), S256 only: `plain` gives no protection against a stolen code, so it is refused.
import { randomToken, safeEqual, sha256Base64Url } from './secrets';

/** Verifiers and challenges: 43-128 characters of the unreserved set. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

export const isPkceValue = (value: string) => PKCE_VALUE.test(value);

export const newCodeVerifier = () => randomToken(32); // 43 characters

export const codeChallengeOf = (verifier: string) => sha256Base64Url(verifier);

export function verifierMatches(verifier: string | null | undefined, challenge: string): boolean {
  if (!verifier || !isPkceValue(verifier)) return false;
  return safeEqual(codeChallengeOf(verifier), challenge);
}
