// The public halves of the signing keys, for anyone verifying the portal's tokens: GET oauth/token_key in
// ManagementPortal's own form and GET oauth/jwks as a standard JWK Set (RFC 7517) with the key id tokens name in
// their header.
//
// token_key (docs/oauth.md, "Public keys"): `{"keys": [{"alg", "kty", "value", "x5c", "x5t"}]}`, member for member
// as ManagementPortal 3.0 sends it (its radar-auth JsonWebKey). `value` is the header line, the base64 (one line, no
// wrapping) of the key's DER SubjectPublicKeyInfo, and the footer line, joined by "\n" without a final newline. The
// header names the key type, and it is not the standard PEM one for an EC key: radar-auth, the library the
// platform's services verify tokens with, picks its key parser by the header (`-----BEGIN EC PUBLIC KEY-----` for
// EC, `-----BEGIN PUBLIC KEY-----` for RSA), so an EC key under the plain header is read as an RSA key and every
// token is refused. `x5c` is the key's certificate chain (standard base64 of each DER certificate, its own first)
// and `x5t` the base64url SHA-1 thumbprint of its certificate, RFC 7517's members, for a key from ManagementPortal's
// key store; a key without a certificate (the generated key, SIGNING_KEY_FILE's) has `"x5c": []` and `"x5t": null`,
// which is what ManagementPortal sends for every key. Filled, radar-auth tries x5c[0] as a bare key first and, as a
// certificate is not one, goes on to `value`.
//
// The JWK Set (oauth/jwks) is standard RFC 7517: x5c and x5t only where there is a certificate (x5t must be a
// string there).
import { createHash, type KeyObject } from 'node:crypto';
import type { PublishedKey, SigningKeys } from '../auth/signing-keys';

export interface TokenKey {
  alg: 'ES256' | 'RS256';
  kty: 'EC' | 'RSA';
  value: string;
  x5c: string[];
  x5t: string | null;
}

interface CertificateMembers {
  x5c?: string[];
  x5t?: string;
}

export type Jwk = (
  | { kty: 'EC'; crv: string; x: string; y: string; kid: string; alg: 'ES256'; use: 'sig' }
  | { kty: 'RSA'; n: string; e: string; kid: string; alg: 'RS256'; use: 'sig' }
) & CertificateMembers;

/** x5c and x5t for a key with a certificate chain; nothing for one without. */
function certificateMembers(key: PublishedKey): CertificateMembers {
  const chain = key.certificates ?? [];
  if (!chain.length) return {};
  return {
    x5c: chain.map((der) => der.toString('base64')),
    x5t: createHash('sha1').update(chain[0]).digest('base64url'),
  };
}

const FORMS = {
  ec: { alg: 'ES256', kty: 'EC', label: 'EC PUBLIC KEY' },
  rsa: { alg: 'RS256', kty: 'RSA', label: 'PUBLIC KEY' },
} as const;

/** One key in ManagementPortal's form, without a certificate; undefined for a key type it has no form for. */
export function tokenKeyOf(publicKey: KeyObject): TokenKey | undefined {
  const form = FORMS[publicKey.asymmetricKeyType as keyof typeof FORMS];
  if (!form) return undefined;
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const value = `-----BEGIN ${form.label}-----\n${der.toString('base64')}\n-----END ${form.label}-----`;
  return { alg: form.alg, kty: form.kty, value, x5c: [], x5t: null };
}

export async function tokenKeySet(keys: SigningKeys): Promise<{ keys: TokenKey[] }> {
  const all = await keys.publicKeys();
  return {
    keys: all.flatMap((k) => {
      const form = tokenKeyOf(k.publicKey);
      return form ? [{ ...form, ...certificateMembers(k) }] : [];
    }),
  };
}

/** Every key, the signing key first: EC keys as ES256, RSA keys (SIGNING_KEY_FILE, a key store) as RS256. */
export async function jsonWebKeySet(keys: SigningKeys): Promise<{ keys: Jwk[] }> {
  const all = await keys.publicKeys();
  return {
    keys: all.map((k): Jwk => {
      const jwk = k.publicKey.export({ format: 'jwk' });
      return jwk.kty === 'RSA'
        ? { kty: 'RSA', n: jwk.n!, e: jwk.e!, kid: k.kid, alg: 'RS256', use: 'sig', ...certificateMembers(k) }
        : { kty: 'EC', crv: jwk.crv!, x: jwk.x!, y: jwk.y!, kid: k.kid, alg: 'ES256', use: 'sig', ...certificateMembers(k) };
    }),
  };
}
