// The deletion of an OAuth client ends its tokens at once (docs/oauth.md, "Revocation"). The deletion is stamped in
// table oauth_client_revocation (migration 085), so every process sees it; an access token naming that client in
// `client_id` whose `iat` (whole seconds) is at or before the stamp's second is refused, as the credentials rule
// does for a user (credentials.ts). A user's token learns the stamps with the user's roles (REVOKED_CLIENTS_JSON
// rides in the same statement, user-roles.ts); a client-credentials token, which reads no user, reads them alone; a
// refresh token ManagementPortal issued (oauth/imported-refresh-tokens.ts) is checked against it too. The table holds
// a row only while the deleted client's tokens could still be alive, so it stays tiny.
import { first, type Queryable } from '../db/database';
import { credentialsChangedSql, credentialsStamp, issuedBeforeCredentialsChange } from './credentials';

/** Client id -> second of its deletion, for the clients deleted while their tokens could still live. */
export type RevokedClients = Record<string, number>;

/** SQL of a JSON object of RevokedClients (a scalar subquery a caller's statement can carry). */
export const REVOKED_CLIENTS_JSON = `(SELECT coalesce(json_object_agg(r.client_id, floor(extract(epoch FROM r.revoked_at))), '{}'::json)
     FROM oauth_client_revocation r WHERE r.expires_at > now())`;

export async function loadRevokedClients(db: Queryable): Promise<RevokedClients> {
  const row = await first<{ revoked: unknown }>(db, `SELECT ${REVOKED_CLIENTS_JSON} AS revoked`);
  return revokedClientsOf(row?.revoked);
}

export function revokedClientsOf(json: unknown): RevokedClients {
  const value = typeof json === 'string' ? JSON.parse(json) : json;
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([id, second]) => [id, Number(second)]));
}

/** Whether a token of `clientId` issued at `iat` was issued before its client was deleted. */
export function issuedBeforeClientDeleted(clientId: unknown, iat: unknown, revoked: RevokedClients | undefined): boolean {
  if (typeof clientId !== 'string' || !revoked || !Object.hasOwn(revoked, clientId)) return false;
  return issuedBeforeCredentialsChange(iat, revoked[clientId]);
}

/**
 * Stamps the deletion of a client, in the deleting transaction: its tokens so far are refused until the longest
 * they could live (`tokenSeconds`, the longer of the client's access and refresh token validities) has passed.
 */
export async function revokeClientTokens(tx: Queryable, clientId: string, tokenSeconds: number): Promise<void> {
  await tx.query(
    `INSERT INTO oauth_client_revocation (client_id, revoked_at, expires_at)
     VALUES ($1, ${credentialsChangedSql('$2')}, now() + ($3::int * interval '1 second'))
     ON CONFLICT (client_id) DO UPDATE SET revoked_at = EXCLUDED.revoked_at,
       expires_at = GREATEST(oauth_client_revocation.expires_at, EXCLUDED.expires_at)`,
    [clientId, credentialsStamp(), tokenSeconds],
  );
}

/** Drops stamps no token they refuse can outlive (oauth/housekeeping.ts). */
export async function purgeClientRevocations(db: Queryable): Promise<void> {
  await db.query('DELETE FROM oauth_client_revocation WHERE expires_at <= now()');
}
