// The keys from outside the database the configuration names (docs/oauth.md, "Key store"): SIGNING_KEY_FILE's PEM
// key, or ManagementPortal's key store; config.ts has checked them already and settled which one applies.
import type { Config } from '../config';
import { keyStoreKeys } from './key-store-keys';
import { readSigningKeyFile } from './signing-key-file';
import type { ExternalKeys } from './signing-keys';

type KeySettings = Pick<Config, 'signingKeyFile' | 'keyStoreFile' | 'keyStorePassword' | 'signingKeyAlias' | 'checkingKeyAliases'>;

/** undefined: neither is configured, and the portal signs with its generated key. */
export function externalKeys(config: KeySettings): ExternalKeys | undefined {
  if (config.signingKeyFile) return { signing: readSigningKeyFile(config.signingKeyFile), checking: [] };
  if (config.keyStoreFile) {
    return keyStoreKeys({
      keyStoreFile: config.keyStoreFile,
      keyStorePassword: config.keyStorePassword,
      signingKeyAlias: config.signingKeyAlias,
      checkingKeyAliases: config.checkingKeyAliases,
    });
  }
  return undefined;
}
