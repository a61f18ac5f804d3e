// Checking an ID token (ID token validation of OpenID Connect Core) with node:crypto alone: a compact JWS signed
// RS256 or ES256 by a key of the provider's JWKS, then the claims: iss, aud, azp, exp / iat / nbf with a little clock
// skew, nonce and sub. `alg: none`, HMAC and every other algorithm are refused before any key is looked at.
import { verify } from 'node:crypto';
import { safeEqual } from '../oauth/secrets';
import { SIGNATURE_ALGORITHMS, type SignatureAlgorithm, type SigningKey } from './jwks';
import { isObject, OidcFailure } from './provider-fetch';

const CLOCK_SKEW_SECONDS = 60;

export type IdTokenClaims = Record<string, unknown> & { sub: string; iss: string };

export interface DecodedJws {
  alg: SignatureAlgorithm;
  kid?: string;
  claims: Record<string, unknown>;
  signingInput: string;
  signature: Buffer;
}

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  nonce: string;
  /** Seconds since the epoch; now unless a test says otherwise. */
  now?: number;
}

const fail = (problem: string): never => {
  throw new OidcFailure(`ID token ${problem}`);
};

function jsonPart(part: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (isObject(value)) return value;
  } catch {
    // answered below
  }
  return fail(`has a malformed ${what}`);
}

/** Splits a compact JWS and reads its header and claims; verifies nothing yet. */
export function decodeJws(token: string): DecodedJws {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) fail('is not a compact JWS');
  const header = jsonPart(parts[0], 'header');
  if (typeof header.alg !== 'string' || !SIGNATURE_ALGORITHMS.includes(header.alg)) fail(`uses algorithm ${JSON.stringify(header.alg)}, not RS256 or ES256`);
  if (header.crit !== undefined) fail('has critical header parameters');
  return {
    alg: header.alg as SignatureAlgorithm,
    kid: typeof header.kid === 'string' ? header.kid : undefined,
    claims: jsonPart(parts[1], 'payload'),
    signingInput: `${parts[0]}.${parts[1]}`,
    signature: Buffer.from(parts[2], 'base64url'),
  };
}

export function signatureMatches(jws: DecodedJws, key: SigningKey): boolean {
  if (key.alg !== jws.alg) return false;
  const data = Buffer.from(jws.signingInput, 'ascii');
  try {
    if (jws.alg === 'ES256') {
      return jws.signature.length === 64 && verify('sha256', data, { key: key.key, dsaEncoding: 'ieee-p1363' }, jws.signature);
    }
    return verify('sha256', data, key.key, jws.signature);
  } catch {
    return false; // a signature of the wrong shape is simply not a match
  }
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The claim checks of ID token validation (issuer, audience, azp, times) once the signature is known to be good. */
export function checkIdTokenClaims(claims: Record<string, unknown>, expected: IdTokenExpectations): IdTokenClaims {
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  if (claims.iss !== expected.issuer) fail(`was issued by ${JSON.stringify(claims.iss)}, not ${expected.issuer}`);
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!audiences.includes(expected.clientId)) fail(`is for audience ${JSON.stringify(claims.aud)}, not ${expected.clientId}`);
  if (claims.azp !== undefined && claims.azp !== expected.clientId) fail(`was requested by ${JSON.stringify(claims.azp)}, not ${expected.clientId}`);
  if (audiences.length > 1 && claims.azp === undefined) fail('names several audiences and no azp');
  if (!isTime(claims.exp)) fail('has no exp');
  if ((claims.exp as number) <= now - CLOCK_SKEW_SECONDS) fail('has expired');
  if (!isTime(claims.iat)) fail('has no iat');
  if ((claims.iat as number) > now + CLOCK_SKEW_SECONDS) fail('was issued in the future');
  if (claims.nbf !== undefined && (!isTime(claims.nbf) || claims.nbf > now + CLOCK_SKEW_SECONDS)) fail('is not valid yet');
  if (typeof claims.nonce !== 'string' || !safeEqual(claims.nonce, expected.nonce)) fail('carries another nonce than this sign-in sent');
  if (typeof claims.sub !== 'string' || claims.sub === '') fail('has no sub');
  return claims as IdTokenClaims;
}

/**
 * Verifies an ID token: `keysFor` answers the provider's keys that may have signed it (see JwksCache.candidates,
 * which reads the JWKS again when the kid is new to it).
 */
export async function verifyIdToken(
  token: string,
  keysFor: (alg: SignatureAlgorithm, kid: string | undefined) => Promise<SigningKey[]>,
  expected: IdTokenExpectations,
): Promise<IdTokenClaims> {
  const jws = decodeJws(token);
  const keys = await keysFor(jws.alg, jws.kid);
  if (keys.length === 0) fail(`is signed with a key the provider does not publish (kid ${JSON.stringify(jws.kid)}, ${jws.alg})`);
  if (!keys.some((key) => signatureMatches(jws, key))) fail('has a bad signature');
  return checkIdTokenClaims(jws.claims, expected);
}
