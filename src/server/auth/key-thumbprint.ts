// A key id every process derives alike from the key itself, so keys read from files (SIGNING_KEY_FILE, the key
// store) are named without being stored: the JWK thumbprint of RFC 7638, SHA-256 over the key's required JWK
// members in lexical order, base64url.
import { createHash, type KeyObject } from 'node:crypto';

export function keyThumbprint(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  const members = jwk.kty === 'EC' ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y } : { e: jwk.e, kty: jwk.kty, n: jwk.n };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}
