// The token keys a ManagementPortal key store provides, chosen as ManagementPortal chooses them: the signing alias
// signs (ES256 for an EC P-256 key, RS256 for RSA) and also verifies; the checking aliases only verify. Every key
// is published by oauth/token_key and oauth/jwks with its certificate chain, the signing key first. Keys are named
// by their RFC 7638 thumbprint, so every process names them alike.
import { statSync } from 'node:fs';
import { keyThumbprint } from './key-thumbprint';
import { KeyStoreError, readKeyStore, type KeyStoreEntry } from './key-store';
import type { ExternalKeys, PublishedKey, SigningKey } from './signing-keys';
import { unsupportedKeyReason } from './token-key-type';

export interface KeyStoreSettings {
  keyStoreFile: string;
  keyStorePassword: string;
  signingKeyAlias: string;
  /** Aliases that verify besides the signing one; undefined = every key entry of the store. */
  checkingKeyAliases?: string[];
}

const published = (entry: KeyStoreEntry): SigningKey => ({
  kid: keyThumbprint(entry.publicKey),
  privateKey: entry.privateKey,
  publicKey: entry.publicKey,
  certificates: entry.certificates,
});

// Opening a store takes node-forge's pure-JavaScript key derivation a second or more (JDK 8's stores: 100000 MAC
// iterations), and a start opens it twice (config.ts checks it, start.ts takes the keys): the last result is kept
// for the same settings and the same file (size and modification time).
let last: { id: string; keys: ExternalKeys } | undefined;

/** Reads the store and picks the keys; throws KeyStoreError naming what is wrong. */
export function keyStoreKeys(settings: KeyStoreSettings): ExternalKeys {
  let id: string | undefined;
  try {
    const stat = statSync(settings.keyStoreFile);
    id = JSON.stringify([settings, stat.size, stat.mtimeMs]);
  } catch {
    id = undefined; // readKeyStore says what is wrong with the file
  }
  if (id !== undefined && last?.id === id) return last.keys;
  const keys = readKeys(settings);
  if (id !== undefined) last = { id, keys };
  return keys;
}

function readKeys(settings: KeyStoreSettings): ExternalKeys {
  const file = settings.keyStoreFile;
  const entries = readKeyStore(file, settings.keyStorePassword);
  // Aliases compare as Java's PKCS12 key store compares them: without regard to case.
  const find = (alias: string) => entries.find((entry) => entry.alias.toLowerCase() === alias.toLowerCase());
  const known = entries.map((entry) => entry.alias).join(', ') || 'none';
  const signingEntry = find(settings.signingKeyAlias);
  if (!signingEntry) {
    throw new KeyStoreError(`names no key entry of ${file} ("${settings.signingKeyAlias}"; its aliases: ${known})`, 'signingAlias');
  }
  const signingProblem = unsupportedKeyReason(signingEntry.privateKey);
  if (signingProblem) throw new KeyStoreError(`names alias ${signingEntry.alias} of ${file}, which holds ${signingProblem}`, 'signingAlias');

  const checking: PublishedKey[] = [];
  for (const alias of settings.checkingKeyAliases ?? entries.map((entry) => entry.alias)) {
    const entry = find(alias);
    if (!entry) throw new KeyStoreError(`names "${alias}", which is no key entry of ${file} (its aliases: ${known})`, 'checkingAliases');
    if (entry === signingEntry || checking.some((key) => key.publicKey.equals(entry.publicKey))) continue;
    const problem = unsupportedKeyReason(entry.publicKey);
    if (problem && settings.checkingKeyAliases) throw new KeyStoreError(`names alias ${entry.alias} of ${file}, which holds ${problem}`, 'checkingAliases');
    if (problem) continue; // by default only the keys that can verify tokens
    const { privateKey: _unused, ...key } = published(entry); // a checking key never signs: its private half is not kept
    checking.push(key);
  }
  return { signing: published(signingEntry), checking };
}
