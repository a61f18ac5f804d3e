// The public halves of the signing keys, for anyone verifying the portal's tokens: GET oauth/token_key in
// ManagementPortal's own form (PEM in `value`, which radar-auth and the platform's services read) and GET
// oauth/jwks as a standard JWK Set (RFC 7517) with the key id tokens name in their header.
import type { SigningKeys } from '../auth/signing-keys';

export interface LegacyKey {
  alg: 'ES256';
  kty: 'EC';
  value: string;
  x5c: string[];
  x5t: null;
}

export interface EcJwk {
  kty: 'EC';
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

export async function tokenKeySet(keys: SigningKeys): Promise<{ keys: LegacyKey[] }> {
  const all = await keys.publicKeys();
  return { keys: all.map((k) => ({ alg: 'ES256', kty: 'EC', value: k.publicPem.trim(), x5c: [], x5t: null })) };
}

export async function jsonWebKeySet(keys: SigningKeys): Promise<{ keys: EcJwk[] }> {
  const all = await keys.publicKeys();
  return {
    keys: all.map((k) => {
      const jwk = k.publicKey.export({ format: 'jwk' });
      return { kty: 'EC', crv: jwk.crv!, x: jwk.x!, y: jwk.y!, kid: k.kid, alg: 'ES256', use: 'sig' };
    }),
  };
}
