// Compact JWS with node:crypto: sign and verify. Only what the portal needs: ES256 with its own EC P-256 keys, and
// RS256 for an RSA key from SIGNING_KEY_FILE or ManagementPortal's key store (keys ManagementPortal signed with,
// docs/oauth.md, "Signing keys"). An ECDSA signature verifies in its high-S and low-S forms alike: nothing keys
// anything on a token's signature bytes (revocation goes by user, client, `iat` and `jti`; docs/security.md).
import { createSign, createVerify, type KeyObject } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { exp?: number; iat?: number };
export type JwtAlgorithm = 'ES256' | 'RS256';

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The algorithm a key signs with: ES256 for EC P-256, RS256 for RSA. */
export function algorithmOf(key: KeyObject): JwtAlgorithm {
  return key.asymmetricKeyType === 'rsa' ? 'RS256' : 'ES256';
}

const KEY_TYPE: Record<JwtAlgorithm, string> = { ES256: 'ec', RS256: 'rsa' };
const ES256_SIGNATURE_BYTES = 64;

export function signJwt(claims: JwtClaims, privateKey: KeyObject, kid: string): string {
  const alg = algorithmOf(privateKey);
  const header = b64(JSON.stringify({ alg, typ: 'JWT', kid }));
  const payload = b64(JSON.stringify(claims));
  const signer = createSign('SHA256');
  signer.update(`${header}.${payload}`);
  const signature = alg === 'ES256' ? signer.sign({ key: privateKey, dsaEncoding: 'ieee-p1363' }) : signer.sign(privateKey);
  return `${header}.${payload}.${b64(signature)}`;
}

export type VerifyResult = { ok: true; claims: JwtClaims; kid?: string; key: KeyObject } | { ok: false; reason: string };

/** Verifies the signature with the key named by `kid` (or any key of the header's algorithm) and the expiry. */
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
  if (header.alg !== 'ES256' && header.alg !== 'RS256') return { ok: false, reason: 'Unsupported algorithm' };
  const alg = header.alg;
  const signature = Buffer.from(parts[2], 'base64url');
  // An ES256 signature is r and s of 32 bytes each; node:crypto throws on another length rather than answering false.
  if (alg === 'ES256' && signature.length !== ES256_SIGNATURE_BYTES) return { ok: false, reason: 'Invalid token signature' };
  // Only keys of the header's type: a token never chooses how an EC key is used, nor an RSA key.
  const key = keys(header.kid).find((candidate) => {
    if (candidate.asymmetricKeyType !== KEY_TYPE[alg]) return false;
    const verifier = createVerify('SHA256');
    verifier.update(`${parts[0]}.${parts[1]}`);
    try {
      return alg === 'ES256' ? verifier.verify({ key: candidate, dsaEncoding: 'ieee-p1363' }, signature) : verifier.verify(candidate, signature);
    } catch {
      return false; // a signature the key cannot even read is no signature of it
    }
  });
  if (!key) return { ok: false, reason: 'Invalid token signature' };
  if (typeof claims.exp !== 'number' || claims.exp <= now) return { ok: false, reason: 'Token expired' };
  return { ok: true, claims, kid: header.kid, key };
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
