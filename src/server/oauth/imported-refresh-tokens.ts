// Refresh tokens ManagementPortal issued before a switch (docs/import-mp.md): the portal has no row for them, but
// they are signed with a key the portal now has from outside its database (SIGNING_KEY_FILE's, or one of the
// aliases of ManagementPortal's key store, docs/oauth.md). Such a token is accepted ONCE, like one of our own: when
// it verifies with such a key, is unexpired, was issued to the client presenting it, and its user exists and is
// activated, and it was issued after the user's last credentials change in the portal (a password changed or reset
// in the portal ends ManagementPortal's tokens too, auth/credentials.ts) and after its client was last deleted (a
// client created again under the same id does not revive them, auth/client-revocation.ts), its jti is recorded as used (starting a
// new grant chain named after it) and the grant rotates it. Presented again, the recorded jti makes it a replay,
// which revokes the chain as for any refresh token.
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { issuedBeforeCredentialsChange } from '../auth/credentials';
import type { RedeemedRefreshToken, VerifiedRefreshToken } from './refresh-tokens';

export async function redeemImportedRefreshToken(tx: Queryable, token: VerifiedRefreshToken, clientId: string): Promise<RedeemedRefreshToken> {
  const { client_id: tokenClient, user_name: login, exp } = token.claims;
  if (!token.byExternalKey || typeof login !== 'string' || typeof exp !== 'number') return { status: 'unknown' };
  if (tokenClient !== clientId) return { status: 'wrong-client' };
  const user = await first<{ id: number; changed: number | null; client_deleted: number | null }>(
    tx,
    `SELECT id, floor(extract(epoch FROM credentials_changed_at))::int8 AS changed,
            (SELECT floor(extract(epoch FROM revoked_at))::int8 FROM oauth_client_revocation WHERE client_id = $2) AS client_deleted
       FROM radar_user WHERE login = $1 AND activated`,
    [login.toLowerCase(), clientId],
  );
  const second = (value: number | string | null) => (value === null ? null : Number(value));
  if (!user || issuedBeforeCredentialsChange(token.claims.iat, second(user.changed))) return { status: 'unknown' };
  if (issuedBeforeCredentialsChange(token.claims.iat, second(user.client_deleted))) return { status: 'unknown' };
  const inserted = await tx.query(
    `INSERT INTO oauth_refresh_token (jti, client_id, user_id, expires_at, used_at, grant_id)
     VALUES ($1, $2, $3, to_timestamp($4), now(), $1) ON CONFLICT (jti) DO NOTHING RETURNING jti`,
    [token.jti, clientId, user.id, exp],
  );
  if (!inserted.length) return { status: 'replayed', grantId: token.jti }; // recorded meanwhile by a concurrent grant
  return { status: 'ok', userId: Number(user.id), grantId: token.jti };
}
