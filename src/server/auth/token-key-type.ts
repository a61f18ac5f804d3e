// The keys tokens can be signed and verified with (auth/jwt.ts): EC P-256 for ES256, RSA of at least 2048 bits for
// RS256, the two kinds ManagementPortal signs with. Shared by SIGNING_KEY_FILE and the key store so both refuse
// the same keys with the same words.
import type { KeyObject } from 'node:crypto';

/** Why the key cannot sign or verify tokens (to follow "<where> holds ..."), or undefined when it can. */
export function unsupportedKeyReason(key: KeyObject): string | undefined {
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'ec') {
    return details.namedCurve === 'prime256v1' ? undefined : `an EC key on ${details.namedCurve}; only P-256 is supported`;
  }
  if (key.asymmetricKeyType === 'rsa') {
    return (details.modulusLength ?? 0) >= 2048 ? undefined : `an RSA key of ${details.modulusLength} bits; at least 2048 are needed`;
  }
  return `a ${key.asymmetricKeyType} key; only EC P-256 and RSA are supported`;
}
