// Refresh tokens ManagementPortal issued before a switch (docs/import-mp.md): the portal has no row for them, but
// they are signed with the key now in SIGNING_KEY_FILE. Such a token is accepted ONCE, like one of our own: when it
// verifies with that key, is unexpired, was issued to the client presenting it, and its user exists and is
// activated, its jti is recorded as used (starting a new grant chain named after it) and the grant rotates it.
// Presented again, the recorded jti makes it a replay, which revokes the chain as for any refresh token.
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import type { RedeemedRefreshToken, VerifiedRefreshToken } from './refresh-tokens';

export async function redeemImportedRefreshToken(tx: Queryable, token: VerifiedRefreshToken, clientId: string): Promise<RedeemedRefreshToken> {
  const { client_id: tokenClient, user_name: login, exp } = token.claims;
  if (!token.byFileKey || typeof login !== 'string' || typeof exp !== 'number') return { status: 'unknown' };
  if (tokenClient !== clientId) return { status: 'wrong-client' };
  const user = await first<{ id: number }>(tx, 'SELECT id FROM radar_user WHERE login = $1 AND activated', [login.toLowerCase()]);
  if (!user) return { status: 'unknown' };
  const inserted = await tx.query(
    `INSERT INTO oauth_refresh_token (jti, client_id, user_id, expires_at, used_at, grant_id)
     VALUES ($1, $2, $3, to_timestamp($4), now(), $1) ON CONFLICT (jti) DO NOTHING RETURNING jti`,
    [token.jti, clientId, user.id, exp],
  );
  if (!inserted.length) return { status: 'replayed', grantId: token.jti }; // recorded meanwhile by a concurrent grant
  return { status: 'ok', userId: Number(user.id), grantId: token.jti };
}
