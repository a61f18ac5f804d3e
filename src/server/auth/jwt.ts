// Compact JWS (ES256) with node:crypto: sign and verify. Only what the portal needs: one algorithm, our own keys.
import { createSign, createVerify, type KeyObject } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { exp?: number; iat?: number };

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export function signJwt(claims: JwtClaims, privateKey: KeyObject, kid: string): string {
  const header = b64(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid }));
  const payload = b64(JSON.stringify(claims));
  const signer = createSign('SHA256');
  signer.update(`${header}.${payload}`);
  const signature = signer.sign({ key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${payload}.${b64(signature)}`;
}

export type VerifyResult = { ok: true; claims: JwtClaims; kid?: string } | { ok: false; reason: string };

/** Verifies the signature with the key named by `kid` (or any key) and the expiry. */
export function verifyJwt(token: string, keys: (kid?: string) => KeyObject[], now = Date.now() / 1000): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'Malformed token' };
  let header: { alg?: string; kid?: string };
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'Malformed token' };
  }
  if (header.alg !== 'ES256') return { ok: false, reason: 'Unsupported algorithm' };
  const signature = Buffer.from(parts[2], 'base64url');
  const valid = keys(header.kid).some((key) => {
    const verifier = createVerify('SHA256');
    verifier.update(`${parts[0]}.${parts[1]}`);
    return verifier.verify({ key, dsaEncoding: 'ieee-p1363' }, signature);
  });
  if (!valid) return { ok: false, reason: 'Invalid token signature' };
  if (typeof claims.exp !== 'number' || claims.exp <= now) return { ok: false, reason: 'Token expired' };
  return { ok: true, claims, kid: header.kid };
}

/** The `kid` of a token's header, without verifying anything. */
export function jwtKid(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'));
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}
