// SIGNING_KEY_FILE: a PEM private key the portal signs tokens with instead of its generated key, so that tokens
// issued by ManagementPortal with that key keep verifying after a switch (docs/import-mp.md, "Signing key"). EC
// P-256 (ES256) or RSA of at least 2048 bits (RS256), PKCS#8 (`BEGIN PRIVATE KEY`) or the traditional form
// (`BEGIN EC PRIVATE KEY`, `BEGIN RSA PRIVATE KEY`). Its key id is the key's JWK thumbprint (RFC 7638), so every
// process reading the same file names it alike without storing it.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { keyThumbprint } from './key-thumbprint';
import { unsupportedKeyReason } from './token-key-type';

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
  const unsupported = unsupportedKeyReason(privateKey);
  if (unsupported) throw new Error(`${path} holds ${unsupported}`);
  const publicKey = createPublicKey(privateKey);
  return { kid: keyThumbprint(publicKey), privateKey, publicKey };
}
