// OAuth clients by client id, with their settings. Secrets: ManagementPortal stores bcrypt hashes, kept as they are
// (verified with bcrypt and upgraded to scrypt at the client's next successful authentication); a secret stored
// in clear is hashed now; an empty one makes a public client, and so does the bcrypt hash of the empty secret,
// which is how ManagementPortal's client store keeps the apps' clients (it accepts them with their id alone).
// Once the portal holds its own (scrypt) hash, a later run leaves it: the client has already proven the secret.
// A token validity of 0 or less, which ManagementPortal turns into tokens without expiry, is read as none (the
// defaults). Each such change is counted in the report. The portal's own client, ManagementPortalapp, is not
// imported: the portal writes it from its own configuration at every start.
import { first } from '../db/database';
import { hashesEmptySecret, hashPassword, isBcryptHash, verifyPassword } from '../auth/password-hash';
import { FRONTEND_CLIENT_ID } from '../oauth/frontend-client';
import { sameValues, type ImportContext } from './context';
import type { MpClient } from './mp-model';
import { importNamed } from './named-import';

/** A client as the import writes it; `secret` is a bcrypt hash, clear text (from a database that kept it so), or
 * null for a public client. */
type Client = MpClient;

export const MADE_PUBLIC = 'made public: ManagementPortal stored the hash of an empty secret';
export const VALIDITY_DEFAULTED = 'token validity of 0 or less (no expiry in ManagementPortal) read as the default';

/** A validity ManagementPortal would use as it is; 0 and below (no expiry there) and none become null. */
const validity = (seconds: number | null) => (seconds !== null && seconds > 0 ? seconds : null);

/** The client as the portal keeps it, with the changes counted in the report. */
async function desiredClient(ctx: ImportContext, m: MpClient): Promise<Client> {
  let secret = m.secret;
  if (isBcryptHash(secret) && (await hashesEmptySecret(secret))) {
    secret = null;
    ctx.report.adjust('oauth clients', MADE_PUBLIC);
  }
  const accessTokenValidity = validity(m.accessTokenValidity);
  const refreshTokenValidity = validity(m.refreshTokenValidity);
  if (accessTokenValidity !== m.accessTokenValidity || refreshTokenValidity !== m.refreshTokenValidity) {
    ctx.report.adjust('oauth clients', VALIDITY_DEFAULTED);
  }
  return { ...m, secret, accessTokenValidity, refreshTokenValidity };
}

const storedSecret = async (secret: string | null) => (secret === null || isBcryptHash(secret) ? secret : hashPassword(secret));

async function secretsMatch(wanted: string | null, stored: string | null): Promise<boolean> {
  if (wanted === null || stored === null) return wanted === stored;
  if (isBcryptHash(wanted)) return wanted === stored || !isBcryptHash(stored); // an upgraded hash is kept
  return verifyPassword(wanted, stored);
}

async function write(ctx: ImportContext, v: Client, secretHash: string | null | undefined): Promise<void> {
  const json = (x: unknown) => JSON.stringify(x);
  await ctx.tx.query(
    `INSERT INTO oauth_client (client_id, client_secret_hash, scope, resource_ids, authorized_grant_types, registered_redirect_uri,
       authorities, auto_approve_scopes, access_token_validity, refresh_token_validity, additional_information)
     VALUES ($1, $2, $3::text::jsonb, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb, $7::text::jsonb, $8::text::jsonb, $9, $10, $11::text::jsonb)
     ON CONFLICT (client_id) DO UPDATE SET
       client_secret_hash = CASE WHEN $12 THEN EXCLUDED.client_secret_hash ELSE oauth_client.client_secret_hash END,
       scope = EXCLUDED.scope, resource_ids = EXCLUDED.resource_ids, authorized_grant_types = EXCLUDED.authorized_grant_types,
       registered_redirect_uri = EXCLUDED.registered_redirect_uri, authorities = EXCLUDED.authorities,
       auto_approve_scopes = EXCLUDED.auto_approve_scopes, access_token_validity = EXCLUDED.access_token_validity,
       refresh_token_validity = EXCLUDED.refresh_token_validity, additional_information = EXCLUDED.additional_information`,
    [v.clientId, secretHash ?? null, json(v.scopes), json(v.resourceIds), json(v.grantTypes), json(v.redirectUris), json(v.authorities),
      json(v.autoApprove), v.accessTokenValidity, v.refreshTokenValidity, json(v.additionalInformation), secretHash !== undefined],
  );
}

export function importOAuthClients(ctx: ImportContext, rows: MpClient[]): Promise<void> {
  return importNamed<MpClient, Client>(ctx, rows, {
    entity: 'oauth clients',
    kind: 'client',
    mpId: (m) => m.clientId,
    label: (m) => m.clientId,
    desired: (c, m) =>
      m.clientId === FRONTEND_CLIENT_ID
        ? { skip: "the portal's own client (written from the portal's configuration at every start)" }
        : desiredClient(c, m),
    findByName: async ({ tx }, v) => (await first<{ client_id: string }>(tx, 'SELECT client_id FROM oauth_client WHERE client_id = $1', [v.clientId]))?.client_id,
    current: async ({ tx }, id) => {
      const r = await first<Client>(
        tx,
        `SELECT client_id AS "clientId", nullif(client_secret_hash, '') AS secret, scope AS scopes, resource_ids AS "resourceIds",
                authorized_grant_types AS "grantTypes", registered_redirect_uri AS "redirectUris", authorities,
                auto_approve_scopes AS "autoApprove", access_token_validity AS "accessTokenValidity",
                refresh_token_validity AS "refreshTokenValidity", additional_information AS "additionalInformation"
           FROM oauth_client WHERE client_id = $1`,
        [id],
      );
      return r;
    },
    same: async (v, cur) => (await secretsMatch(v.secret, cur.secret)) && sameValues({ ...v, secret: null }, { ...cur, secret: null }),
    insert: async (c, v) => {
      await write(c, v, await storedSecret(v.secret));
      return v.clientId;
    },
    update: async (c, id, v) => {
      const [cur] = await c.tx.query<{ client_secret_hash: string | null }>('SELECT client_secret_hash FROM oauth_client WHERE client_id = $1', [id]);
      const keep = await secretsMatch(v.secret, cur?.client_secret_hash || null);
      await write(c, v, keep ? undefined : await storedSecret(v.secret));
    },
  });
}
