// Settings of ManagementPortal's key store (docs/oauth.md, "Key store"): where it is, its password, and which of
// its aliases sign and verify tokens. The store is read from KEY_STORE_FILE, else from
// /mp-includes/config/keystore.p12 when that file exists (where ManagementPortal's image and its Helm chart put
// it), so the portal dropped into ManagementPortal's slot signs with ManagementPortal's key without any setting.
// The store is opened here once, so a store that is missing, unreadable, opened with a wrong password or lacking an
// alias stops the start with a message naming the setting (start.ts reads it again for the keys).
//
// SIGNING_KEY_FILE (a PEM key) and KEY_STORE_FILE both set is a contradiction and stops the start; SIGNING_KEY_FILE
// set with a store at the default path means the file signs and the store is not read: what is named beats what
// merely lies there.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { KeyStoreError } from './key-store';
import { keyStoreKeys } from './key-store-keys';

/** Where ManagementPortal's image and its Helm chart mount the key store. */
export const MP_KEY_STORE_PATH = '/mp-includes/config/keystore.p12';

export interface KeyStoreConfig {
  /** The PKCS#12 key store tokens are signed with (absolute path); undefined = none (SIGNING_KEY_FILE or the generated key). */
  keyStoreFile?: string;
  /** KEY_STORE_PASSWORD, default `radarbase` (ManagementPortal's). */
  keyStorePassword: string;
  /** SIGNING_KEY_ALIAS, default `radarbase-managementportal-ec` (ManagementPortal's). */
  signingKeyAlias: string;
  /** CHECKING_KEY_ALIASES (comma separated): aliases that verify besides the signing one; undefined = every key entry. */
  checkingKeyAliases?: string[];
}

const VARIABLES = {
  file: 'KEY_STORE_FILE',
  password: 'KEY_STORE_PASSWORD',
  signingAlias: 'SIGNING_KEY_ALIAS',
  checkingAliases: 'CHECKING_KEY_ALIASES',
} as const;

/** Reads and checks the settings; `fail` throws the caller's error for a variable (config.ts: ConfigError). */
export function readKeyStoreConfig(
  env: Record<string, string | undefined>,
  fail: (variable: string, problem: string) => never,
  defaultPath = MP_KEY_STORE_PATH,
): KeyStoreConfig {
  const named = env.KEY_STORE_FILE?.trim();
  const signingKeyFile = env.SIGNING_KEY_FILE?.trim();
  if (named && signingKeyFile) {
    fail('KEY_STORE_FILE', 'and SIGNING_KEY_FILE are both set; set one: the key store (with SIGNING_KEY_ALIAS) or a PEM key file');
  }
  const keyStoreFile = named ? resolve(named) : !signingKeyFile && existsSync(defaultPath) ? defaultPath : undefined;
  const checking = env.CHECKING_KEY_ALIASES?.split(',').map((alias) => alias.trim()).filter(Boolean);
  const config: KeyStoreConfig = {
    keyStoreFile,
    // The password is taken as given: spaces may be part of it.
    keyStorePassword: env.KEY_STORE_PASSWORD ?? 'radarbase',
    signingKeyAlias: env.SIGNING_KEY_ALIAS?.trim() || 'radarbase-managementportal-ec',
    checkingKeyAliases: checking?.length ? checking : undefined,
  };
  if (keyStoreFile) {
    try {
      keyStoreKeys({ ...config, keyStoreFile });
    } catch (error) {
      if (!(error instanceof KeyStoreError)) throw error;
      // A store found at the default path was asked for by being there; its message names the path.
      const variable = error.setting === 'file' && !named ? `key store ${defaultPath} (found at ManagementPortal's path; KEY_STORE_FILE unset)` : VARIABLES[error.setting];
      fail(variable, error.message);
    }
  }
  return config;
}
