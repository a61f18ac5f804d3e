// Single-use account keys (password reset and activation). A key is 32 random bytes sent only in the mail; the
// database keeps its SHA-256, so a copy of the database cannot be used to take over accounts. A key works once,
// within KEY_VALIDITY_HOURS of being issued: redeeming it clears it in the same UPDATE that checks it.
import { createHash, randomBytes } from 'node:crypto';
import { credentialsChangedSql, credentialsStamp } from '../auth/credentials';
import type { Queryable } from '../db/database';

/** Hours a reset or activation key stays valid. */
export const KEY_VALIDITY_HOURS = 24;

function newAccountKey(): string {
  return randomBytes(32).toString('base64url');
}

function accountKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Gives the user a new reset key (replacing any earlier one) and answers it. */
export async function issueResetKey(tx: Queryable, userId: number): Promise<string> {
  const key = newAccountKey();
  await tx.query('UPDATE radar_user SET reset_key_hash = $1, reset_date = now() WHERE id = $2', [accountKeyHash(key), userId]);
  return key;
}

/** Gives the user a new activation key (for `#/activate?key=` links) and answers it. */
export async function issueActivationKey(tx: Queryable, userId: number): Promise<string> {
  const key = newAccountKey();
  await tx.query('UPDATE radar_user SET activation_key_hash = $1, activation_date = now() WHERE id = $2', [
    accountKeyHash(key),
    userId,
  ]);
  return key;
}

/** The user a key belonged to (the change is theirs: they proved it by holding the key). */
interface RedeemedKey {
  id: number;
  login: string;
}

const FRESH = `now() - ${KEY_VALIDITY_HOURS} * interval '1 hour'`;

/**
 * Sets the password of the user holding this unexpired reset key, clears the key and activates the user (a new
 * user's first password is set this way). Answers the user, or undefined when the key is unknown, used or expired.
 */
/** Whether this reset key is held by a user and still fresh: looked up before the new password is hashed, so an
 * anonymous caller with a made-up key cannot make the server hash (the redeem below checks again, atomically). */
export async function resetKeyIsFresh(db: Queryable, key: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM radar_user WHERE reset_key_hash = $1 AND reset_date > ${FRESH}`, [accountKeyHash(key)]);
  return rows.length > 0;
}

export async function redeemResetKey(tx: Queryable, key: string, passwordHash: string): Promise<RedeemedKey | undefined> {
  const [row] = await tx.query<RedeemedKey>(
    `UPDATE radar_user
        SET password_hash = $1, reset_key_hash = NULL, reset_date = NULL, activated = true,
            last_modified_by = login, last_modified_date = now(), credentials_changed_at = ${credentialsChangedSql('$3')}
      WHERE reset_key_hash = $2 AND reset_date > ${FRESH}
      RETURNING id, login`,
    [passwordHash, accountKeyHash(key), credentialsStamp()],
  );
  return row;
}

/** Activates the user holding this unexpired activation key and clears the key; undefined when it does not work. */
export async function redeemActivationKey(tx: Queryable, key: string): Promise<RedeemedKey | undefined> {
  const [row] = await tx.query<RedeemedKey>(
    `UPDATE radar_user
        SET activated = true, activation_key_hash = NULL, activation_date = NULL,
            last_modified_by = login, last_modified_date = now()
      WHERE activation_key_hash = $1 AND activation_date > ${FRESH}
      RETURNING id, login`,
    [accountKeyHash(key)],
  );
  return row;
}
