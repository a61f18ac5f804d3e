// OAuth clients as the authorization server sees them (table oauth_client). Secrets are stored as scrypt hashes
// (auth/password-hash.ts); a client without a secret is a public client (an app on a phone), which must use PKCE
// in the authorization-code flow and authenticates with its id alone.
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { hashPassword } from '../auth/password-hash';

/** Spring Security OAuth's defaults when a client names no validity. */
const DEFAULT_ACCESS_TOKEN_VALIDITY = 43200;
const DEFAULT_REFRESH_TOKEN_VALIDITY = 2592000;

export interface OAuthClient {
  clientId: string;
  /** scrypt hash of the secret; null for a public client. */
  secretHash: string | null;
  scopes: string[];
  resourceIds: string[];
  grantTypes: string[];
  redirectUris: string[];
  authorities: string[];
  autoApproveScopes: string[];
  accessTokenValidity: number | null;
  refreshTokenValidity: number | null;
  additionalInformation: Record<string, unknown>;
}

/** What a caller writes: the secret in clear (hashed here), or null / '' for a public client. */
export type ClientSpec = Omit<OAuthClient, 'secretHash'> & { secret: string | null };

interface ClientRow {
  client_id: string;
  client_secret_hash: string | null;
  scope: string[];
  resource_ids: string[];
  authorized_grant_types: string[];
  registered_redirect_uri: string[];
  authorities: string[];
  auto_approve_scopes: string[];
  access_token_validity: number | null;
  refresh_token_validity: number | null;
  additional_information: Record<string, unknown>;
}

function fromRow(row: ClientRow): OAuthClient {
  return {
    clientId: row.client_id,
    secretHash: row.client_secret_hash || null,
    scopes: row.scope ?? [],
    resourceIds: row.resource_ids ?? [],
    grantTypes: row.authorized_grant_types ?? [],
    redirectUris: row.registered_redirect_uri ?? [],
    authorities: row.authorities ?? [],
    autoApproveScopes: row.auto_approve_scopes ?? [],
    accessTokenValidity: row.access_token_validity,
    refreshTokenValidity: row.refresh_token_validity,
    additionalInformation: row.additional_information ?? {},
  };
}

export async function findClient(db: Queryable, clientId: string): Promise<OAuthClient | undefined> {
  const row = await first<ClientRow>(db, 'SELECT * FROM oauth_client WHERE client_id = $1', [clientId]);
  return row && fromRow(row);
}

/** Inserts or rewrites a client in one statement, so processes starting together cannot trip over each other. */
export async function upsertClient(db: Queryable, spec: ClientSpec): Promise<void> {
  const secretHash = spec.secret ? await hashPassword(spec.secret) : null;
  const json = (value: unknown) => JSON.stringify(value);
  await db.query(
    `INSERT INTO oauth_client (client_id, client_secret_hash, scope, resource_ids, authorized_grant_types,
       registered_redirect_uri, authorities, auto_approve_scopes, access_token_validity, refresh_token_validity,
       additional_information)
     VALUES ($1, $2, $3::text::jsonb, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb, $7::text::jsonb, $8::text::jsonb, $9, $10, $11::text::jsonb)
     ON CONFLICT (client_id) DO UPDATE SET
       client_secret_hash = EXCLUDED.client_secret_hash, scope = EXCLUDED.scope, resource_ids = EXCLUDED.resource_ids,
       authorized_grant_types = EXCLUDED.authorized_grant_types, registered_redirect_uri = EXCLUDED.registered_redirect_uri,
       authorities = EXCLUDED.authorities, auto_approve_scopes = EXCLUDED.auto_approve_scopes,
       access_token_validity = EXCLUDED.access_token_validity, refresh_token_validity = EXCLUDED.refresh_token_validity,
       additional_information = EXCLUDED.additional_information`,
    [
      spec.clientId, secretHash, json(spec.scopes), json(spec.resourceIds), json(spec.grantTypes), json(spec.redirectUris),
      json(spec.authorities), json(spec.autoApproveScopes), spec.accessTokenValidity, spec.refreshTokenValidity,
      json(spec.additionalInformation),
    ],
  );
}

export const isPublicClient = (client: OAuthClient) => !client.secretHash;

/** Spring's rule: `autoapprove` holding "true" approves every scope, otherwise each scope must be listed. */
export function autoApproves(client: OAuthClient, scopes: string[]): boolean {
  if (client.autoApproveScopes.includes('true')) return true;
  return scopes.every((s) => client.autoApproveScopes.includes(s));
}

/** A client's lifetime, or the default when it names none. 0 and below (in ManagementPortal: no expiry, which the
 * portal never issues; see import-mp/oauth-clients.ts) are the default too, never a token expired when issued. */
const lifetime = (seconds: number | null, fallback: number) => (seconds !== null && seconds > 0 ? seconds : fallback);
export const accessValidity = (client: OAuthClient) => lifetime(client.accessTokenValidity, DEFAULT_ACCESS_TOKEN_VALIDITY);
export const refreshValidity = (client: OAuthClient) => lifetime(client.refreshTokenValidity, DEFAULT_REFRESH_TOKEN_VALIDITY);
