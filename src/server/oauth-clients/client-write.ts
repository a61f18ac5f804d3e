// Writes of api/oauth-clients. The secret is hashed (scrypt, auth/password-hash.ts) before the transaction opens,
// so the slow hash never holds a connection; each write then checks and changes the row under a lock, so a
// concurrent update cannot slip past the protected check or a duplicate id past the existence check.
import { hashPassword } from '../auth/password-hash';
import type { Queryable } from '../db/database';
import { revokeClientTokens } from '../auth/client-revocation';
import { accessValidity, findClient, refreshValidity, type OAuthClient } from '../oauth/client-store';
import { clientIdExists, clientNotFound, clientProtected, isProtected } from './client-dto';
import type { ClientInput } from './client-input';

const json = (value: unknown) => JSON.stringify(value);

function columns(input: ClientInput): unknown[] {
  return [
    json(input.scopes), json(input.resourceIds), json(input.grantTypes), json(input.redirectUris), json(input.authorities),
    json(input.autoApproveScopes), input.accessTokenValidity, input.refreshTokenValidity, json(input.additionalInformation),
  ];
}

/** The hash to store: undefined when the secret stays as it is, null for a public client. */
export async function secretHashOf(secret: string | null | undefined, creating: boolean): Promise<string | null | undefined> {
  if (secret) return hashPassword(secret);
  return creating ? null : undefined;
}

async function lockedClient(tx: Queryable, clientId: string): Promise<OAuthClient> {
  await tx.query('SELECT client_id FROM oauth_client WHERE client_id = $1 FOR UPDATE', [clientId]);
  const client = await findClient(tx, clientId);
  if (!client) throw clientNotFound(clientId);
  return client;
}

export async function insertClient(tx: Queryable, input: ClientInput, secretHash: string | null): Promise<OAuthClient> {
  const rows = await tx.query(
    `INSERT INTO oauth_client (client_id, client_secret_hash, scope, resource_ids, authorized_grant_types,
       registered_redirect_uri, authorities, auto_approve_scopes, access_token_validity, refresh_token_validity, additional_information)
     VALUES ($1, $2, $3::text::jsonb, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb, $7::text::jsonb, $8::text::jsonb, $9, $10, $11::text::jsonb)
     ON CONFLICT (client_id) DO NOTHING RETURNING client_id`,
    [input.clientId, secretHash, ...columns(input)],
  );
  if (!rows.length) throw clientIdExists(input.clientId);
  return (await findClient(tx, input.clientId))!;
}

/** Replaces every field; the secret only when a new one was given. */
export async function updateClient(tx: Queryable, input: ClientInput, secretHash: string | null | undefined): Promise<OAuthClient> {
  const current = await lockedClient(tx, input.clientId);
  if (isProtected(current)) throw clientProtected(input.clientId);
  await tx.query(
    `UPDATE oauth_client SET scope = $2::text::jsonb, resource_ids = $3::text::jsonb, authorized_grant_types = $4::text::jsonb,
       registered_redirect_uri = $5::text::jsonb, authorities = $6::text::jsonb, auto_approve_scopes = $7::text::jsonb,
       access_token_validity = $8, refresh_token_validity = $9, additional_information = $10::text::jsonb,
       client_secret_hash = CASE WHEN $11::boolean THEN $12 ELSE client_secret_hash END
     WHERE client_id = $1`,
    [input.clientId, ...columns(input), secretHash !== undefined, secretHash ?? null],
  );
  return (await findClient(tx, input.clientId))!;
}

/**
 * Deletes the client with its pending meta-tokens and refresh tokens, which could only fail from now on, and stamps
 * the deletion so that its access tokens (and sessions made from them) are refused at once (auth/client-revocation.ts).
 */
export async function deleteClient(tx: Queryable, clientId: string): Promise<void> {
  const current = await lockedClient(tx, clientId);
  if (isProtected(current)) throw clientProtected(clientId);
  await tx.query('DELETE FROM radar_meta_token WHERE client_id = $1', [clientId]);
  await tx.query('DELETE FROM oauth_refresh_token WHERE client_id = $1', [clientId]);
  await tx.query('DELETE FROM oauth_code WHERE client_id = $1', [clientId]);
  await tx.query('DELETE FROM oauth_client WHERE client_id = $1', [clientId]);
  // As long as its tokens could live: ManagementPortal's refresh tokens have no row here and are checked by the stamp.
  await revokeClientTokens(tx, clientId, Math.max(accessValidity(current), refreshValidity(current)));
}
