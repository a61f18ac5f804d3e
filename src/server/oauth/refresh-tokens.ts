// Refresh tokens: JWTs with the access token's claims plus `ati` (the access token's id), recorded in
// oauth_refresh_token by their own `jti`. Each is usable once: a refresh grant marks it used and issues a new one in
// the same grant chain (`grant_id`). Presenting a used one again means it was copied, so the whole chain is revoked
// (refresh token rotation with reuse detection, as the OAuth 2.0 security best current practice advises).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { jwtKid, signJwt, verifyJwt } from '../auth/jwt';
import type { SigningKeys } from '../auth/signing-keys';
import type { MintedToken } from '../auth/tokens';
import { refreshValidity, type OAuthClient } from './client-store';

export interface VerifiedRefreshToken {
  jti: string;
  scopes: string[];
  claims: Record<string, unknown>;
  /** Verified by an external key (SIGNING_KEY_FILE's, or one of the key store's): possibly issued by
   * ManagementPortal before the switch (imported-refresh-tokens.ts). */
  byExternalKey: boolean;
}

export type RedeemedRefreshToken =
  | { status: 'ok'; userId: number; grantId: string }
  | { status: 'unknown' | 'expired' | 'wrong-client' }
  | { status: 'replayed'; grantId: string | null };

export async function mintRefreshToken(
  tx: Queryable,
  keys: SigningKeys,
  access: MintedToken,
  client: OAuthClient,
  userId: number,
  grantId: string,
): Promise<string> {
  const ttl = refreshValidity(client);
  const now = Math.floor(Date.now() / 1000);
  const jti = randomUUID();
  await tx.query(
    `INSERT INTO oauth_refresh_token (jti, client_id, user_id, expires_at, grant_id)
     VALUES ($1, $2, $3, now() + ($4::int * interval '1 second'), $5)`,
    [jti, client.clientId, userId, ttl, grantId],
  );
  const key = await keys.signingKey();
  return signJwt({ ...access.claims, jti, ati: access.claims.jti, iat: now, exp: now + ttl }, key.privateKey, key.kid);
}

/** Signature, expiry and shape; undefined when the token is not one of our refresh tokens. Call outside transactions. */
export async function verifyRefreshToken(keys: SigningKeys, raw: string): Promise<VerifiedRefreshToken | undefined> {
  const verificationKeys = await keys.verificationKeys(jwtKid(raw));
  const result = verifyJwt(raw, () => verificationKeys);
  if (!result.ok) return undefined;
  const { jti, ati, scope } = result.claims;
  const byExternalKey = keys.isExternalKey(result.key);
  if (typeof jti !== 'string' || jti.length > 64 || (typeof ati !== 'string' && !byExternalKey)) return undefined;
  const scopes = Array.isArray(scope) ? scope.filter((s): s is string => typeof s === 'string') : [];
  return { jti, scopes, claims: result.claims, byExternalKey };
}

/** Marks the token used, in the caller's transaction, if it may be used by this client now. */
export async function redeemRefreshToken(tx: Queryable, jti: string, clientId: string): Promise<RedeemedRefreshToken> {
  const row = await first<{ client_id: string; user_id: number | null; grant_id: string | null; used: boolean; expired: boolean }>(
    tx,
    `SELECT client_id, user_id, grant_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired
       FROM oauth_refresh_token WHERE jti = $1 FOR UPDATE`,
    [jti],
  );
  if (!row || row.user_id === null) return { status: 'unknown' };
  if (row.client_id !== clientId) return { status: 'wrong-client' };
  if (row.used) return { status: 'replayed', grantId: row.grant_id };
  if (row.expired) return { status: 'expired' };
  await tx.query('UPDATE oauth_refresh_token SET used_at = now() WHERE jti = $1', [jti]);
  return { status: 'ok', userId: row.user_id, grantId: row.grant_id ?? jti };
}

/** Ends every refresh token of a grant chain (a replayed code or refresh token). */
export async function revokeGrant(db: Queryable, grantId: string): Promise<void> {
  await db.query('UPDATE oauth_refresh_token SET used_at = now() WHERE grant_id = $1 AND used_at IS NULL', [grantId]);
}

export async function purgeRefreshTokens(db: Queryable): Promise<void> {
  await db.query("DELETE FROM oauth_refresh_token WHERE expires_at < now() - interval '1 day'");
}

/** Ends every unused refresh token of a user: a changed or reset password signs the user's apps and scripts out
 * (they must sign in again with the new password). Access tokens already issued are refused by the credentials rule
 * (auth/credentials.ts). */
export async function revokeUserRefreshTokens(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE oauth_refresh_token SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
