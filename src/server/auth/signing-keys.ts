// The EC P-256 key pair tokens are signed with: created once, kept in the database, shared by every process.
// Creation runs under an advisory lock so processes starting together agree on one key. With external keys (from
// SIGNING_KEY_FILE or ManagementPortal's key store: EC P-256 or RSA) their signing key signs instead and they are
// published first, the store's checking keys verify too; the keys in the database still verify the tokens they
// signed, and none is created.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import type { Database } from '../db/database';
import { CacheStats } from '../cache-stats';

/** A key that verifies tokens and is published by oauth/token_key and oauth/jwks. */
export interface PublishedKey {
  kid: string;
  publicKey: KeyObject;
  /** DER X.509 chain, the key's own certificate first: only keys from a key store have one. */
  certificates?: Buffer[];
}

export interface SigningKey extends PublishedKey {
  privateKey: KeyObject;
}

/** Keys from outside the database: the one that signs, and others that only verify (a key store's checking aliases). */
export interface ExternalKeys {
  signing: SigningKey;
  checking: PublishedKey[];
}

interface KeyRow {
  kid: string;
  private_key_pem: string;
  public_key_pem: string;
}

function fromRow(row: KeyRow): SigningKey {
  return {
    kid: row.kid,
    privateKey: createPrivateKey(row.private_key_pem),
    publicKey: createPublicKey(row.public_key_pem),
  };
}

export class SigningKeys {
  private current?: Promise<SigningKey>;
  private all = new Map<string, PublishedKey | SigningKey>();
  /** The public halves of the external keys, as verificationKeys answers them. */
  private readonly externalPublicKeys = new Set<KeyObject>();
  /** Key lookups by kid: a hit is answered from memory, a miss reads the table again. */
  readonly cacheStats = new CacheStats(() => this.all.size);
  constructor(private readonly db: Database, private readonly external?: ExternalKeys) {
    for (const key of external ? [external.signing, ...external.checking] : []) {
      if (this.all.has(key.kid)) continue;
      this.all.set(key.kid, key);
      this.externalPublicKeys.add(key.publicKey);
    }
  }

  /** Whether `publicKey` (as answered by verificationKeys) is an external key: a token it verifies may have been
   * issued by ManagementPortal before the switch (oauth/imported-refresh-tokens.ts). */
  isExternalKey(publicKey: KeyObject): boolean {
    return this.externalPublicKeys.has(publicKey);
  }

  /** The key new tokens are signed with. */
  signingKey(): Promise<SigningKey> {
    const signing = this.external?.signing;
    this.current ??= (signing ? this.reload().then(() => signing) : this.loadOrCreate()).catch((error) => {
      this.current = undefined;
      throw error;
    });
    return this.current;
  }

  /** Keys that may verify a token with this `kid` (every known key when the kid is unknown or absent). */
  async verificationKeys(kid?: string): Promise<KeyObject[]> {
    await this.signingKey();
    if (kid && !this.all.has(kid)) {
      this.cacheStats.misses++;
      await this.reload(); // another process may have rotated
    } else {
      this.cacheStats.hits++;
    }
    const keys = kid && this.all.has(kid) ? [this.all.get(kid)!] : [...this.all.values()];
    return keys.map((k) => k.publicKey);
  }

  /** Every key that verifies, the signing key first when it is an external one. */
  async publicKeys(): Promise<PublishedKey[]> {
    await this.signingKey();
    return [...this.all.values()];
  }

  private async reload(): Promise<void> {
    const rows = await this.db.query<KeyRow>('SELECT kid, private_key_pem, public_key_pem FROM signing_key ORDER BY id');
    for (const row of rows) {
      if (this.all.has(row.kid)) continue;
      this.all.set(row.kid, fromRow(row));
      this.cacheStats.puts++;
    }
  }

  private async loadOrCreate(): Promise<SigningKey> {
    const row = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(727000003)');
      const existing = await tx.query<KeyRow>('SELECT kid, private_key_pem, public_key_pem FROM signing_key ORDER BY id DESC LIMIT 1');
      if (existing.length) return existing[0];
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const created: KeyRow = {
        kid: randomUUID(),
        private_key_pem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        public_key_pem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      };
      await tx.query("INSERT INTO signing_key (kid, algorithm, private_key_pem, public_key_pem) VALUES ($1, 'ES256', $2, $3)", [
        created.kid,
        created.private_key_pem,
        created.public_key_pem,
      ]);
      return created;
    });
    await this.reload();
    const loaded = this.all.get(row.kid);
    return loaded && 'privateKey' in loaded ? loaded : fromRow(row);
  }
}
