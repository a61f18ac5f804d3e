// Replacing an imported hash (bcrypt, from ManagementPortal) by the portal's own scrypt hash, at the first successful
// use of the password or client secret, when the clear text is at hand. The update only applies while the stored
// hash is still the one that was verified, so a password changed meanwhile is never overwritten. It leaves
// credentials_changed_at alone: the password is the same, so no token is revoked.
import type { Queryable } from '../db/database';
import { hashPassword, needsRehash } from './password-hash';

export async function upgradeUserPasswordHash(db: Queryable, userId: number, password: string, stored: string): Promise<void> {
  if (!needsRehash(stored)) return;
  const hash = await hashPassword(password);
  await db.query('UPDATE radar_user SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [hash, userId, stored]);
}

export async function upgradeClientSecretHash(db: Queryable, clientId: string, secret: string, stored: string): Promise<void> {
  if (!needsRehash(stored)) return;
  const hash = await hashPassword(secret);
  await db.query('UPDATE oauth_client SET client_secret_hash = $1 WHERE client_id = $2 AND client_secret_hash = $3', [hash, clientId, stored]);
}
