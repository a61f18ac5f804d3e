// SIGNING_KEY_FILE: a PEM private key the portal signs tokens with instead of its generated key, so that tokens
// issued by ManagementPortal with that key keep verifying after a switch (docs/import-mp.md, "Signing key"). EC
// P-256 (ES256) or RSA of at least 2048 bits (RS256), PKCS#8 (`BEGIN PRIVATE KEY`) or the traditional form
// (`BEGIN EC PRIVATE KEY`, `BEGIN RSA PRIVATE KEY`). Its key id is the key's JWK thumbprint (RFC 7638), so every
// process reading the same file names it alike without storing it.
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface FileSigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** Reads and checks the key; throws an Error whose message says what is wrong (config.ts names the variable). */
export function readSigningKeyFile(path: string): FileSigningKey {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new Error(`${path} holds no unencrypted PEM private key`);
  }
  const details = privateKey.asymmetricKeyDetails ?? {};
  if (privateKey.asymmetricKeyType === 'ec') {
    if (details.namedCurve !== 'prime256v1') throw new Error(`${path} holds an EC key on ${details.namedCurve}; only P-256 is supported`);
  } else if (privateKey.asymmetricKeyType === 'rsa') {
    if ((details.modulusLength ?? 0) < 2048) throw new Error(`${path} holds an RSA key of ${details.modulusLength} bits; at least 2048 are needed`);
  } else {
    throw new Error(`${path} holds a ${privateKey.asymmetricKeyType} key; only EC P-256 and RSA are supported`);
  }
  const publicKey = createPublicKey(privateKey);
  return { kid: thumbprint(publicKey), privateKey, publicKey };
}

/** RFC 7638: SHA-256 over the required members of the JWK, in lexical order, base64url. */
function thumbprint(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  const members = jwk.kty === 'EC' ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y } : { e: jwk.e, kty: jwk.kty, n: jwk.n };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}
