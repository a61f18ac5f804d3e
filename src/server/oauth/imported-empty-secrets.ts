// ManagementPortal's client store writes a client's empty secret as the bcrypt hash of the empty string, and accepts
// that client with its id alone: the apps' clients (pRMT, aRMT, ...) are public clients in all but the stored form.
// The import makes them public (no secret); clients an earlier import left with such a hash are mended here at
// start-up, so a portal whose ManagementPortal database is gone needs no new import. Only bcrypt hashes are looked
// at: they come from ManagementPortal alone (the portal writes scrypt) and are replaced at a client's first
// successful authentication, so after the first start there is little or nothing left to check.
import type { Database } from '../db/database';
import { hashesEmptySecret, isBcryptHash } from '../auth/password-hash';

/** Makes every client whose stored (bcrypt) hash verifies the empty secret public; answers their ids. */
export async function mendImportedEmptySecrets(db: Database): Promise<string[]> {
  const rows = await db.query<{ client_id: string; client_secret_hash: string }>(
    "SELECT client_id, client_secret_hash FROM oauth_client WHERE client_secret_hash LIKE '$2%'",
  );
  const mended: string[] = [];
  for (const row of rows) {
    if (!isBcryptHash(row.client_secret_hash) || !(await hashesEmptySecret(row.client_secret_hash))) continue;
    // Only the hash that was checked: a secret set meanwhile (another process, an admin) is left alone.
    const changed = await db.query('UPDATE oauth_client SET client_secret_hash = NULL WHERE client_id = $1 AND client_secret_hash = $2 RETURNING 1',
      [row.client_id, row.client_secret_hash]);
    if (changed.length) mended.push(row.client_id);
  }
  return mended;
}
