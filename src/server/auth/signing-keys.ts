// The EC P-256 key pair tokens are signed with: created once, kept in the database, shared by every process.
// Creation runs under an advisory lock so processes starting together agree on one key. With SIGNING_KEY_FILE the
// key of that file (EC P-256 or RSA, e.g. ManagementPortal's) signs instead and is published first; the keys in the
// database still verify the tokens they signed, and none is created.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import type { Database } from '../db/database';
import { CacheStats } from '../cache-stats';
import type { FileSigningKey } from './signing-key-file';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
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
  private all = new Map<string, SigningKey>();
  /** Key lookups by kid: a hit is answered from memory, a miss reads the table again. */
  readonly cacheStats = new CacheStats(() => this.all.size);
  constructor(private readonly db: Database, private readonly fileKey?: FileSigningKey) {
    if (fileKey) this.all.set(fileKey.kid, fileKey);
  }

  /** The key id of SIGNING_KEY_FILE's key, if one is configured. */
  get fileKeyId(): string | undefined {
    return this.fileKey?.kid;
  }

  /** Whether `publicKey` (as answered by verificationKeys) is SIGNING_KEY_FILE's key. */
  async isFileKey(publicKey: KeyObject): Promise<boolean> {
    return this.fileKey !== undefined && this.all.get(this.fileKey.kid)?.publicKey === publicKey;
  }

  /** The key new tokens are signed with. */
  signingKey(): Promise<SigningKey> {
    const fileKey = this.fileKey;
    this.current ??= (fileKey ? this.reload().then(() => fileKey) : this.loadOrCreate()).catch((error) => {
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

  async publicKeys(): Promise<SigningKey[]> {
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
    return this.all.get(row.kid) ?? fromRow(row);
  }
}
