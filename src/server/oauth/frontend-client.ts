// The portal's own OAuth client, `ManagementPortalapp` (docs/oauth.md, OAuth clients), rewritten at every start so
// its redirect URIs follow PUBLIC_URL. Its secret is only used server side (the browser sign-in exchanges codes in
// process), so when FRONTEND_CLIENT_SECRET is unset a random one is stored, hashed, and never shown to anyone.
import { randomBytes } from 'node:crypto';
import { PERMISSIONS } from '../../common/permission-matrix';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { upsertClient, type OAuthClient } from './client-store';

export const FRONTEND_CLIENT_ID = 'ManagementPortalapp';
const FRONTEND_RESOURCE_IDS = ['res_ManagementPortal', 'res_appconfig', 'res_upload', 'res_restAuthorizer'];
const FRONTEND_ACCESS_TOKEN_VALIDITY = 14400;
const FRONTEND_REFRESH_TOKEN_VALIDITY = 259200;

export const loginRedirectUri = (config: Config) => `${config.publicUrl}/api/redirect/login`;

function frontendRedirectUris(config: Config): string[] {
  return [loginRedirectUri(config), `${config.publicUrl}/api/redirect/account`];
}

export async function ensureFrontendClient(db: Queryable, config: Config): Promise<void> {
  await upsertClient(db, {
    clientId: FRONTEND_CLIENT_ID,
    secret: config.frontendClientSecret ?? randomBytes(32).toString('base64url'),
    scopes: [...PERMISSIONS],
    resourceIds: FRONTEND_RESOURCE_IDS,
    grantTypes: ['password', 'refresh_token', 'authorization_code'],
    redirectUris: frontendRedirectUris(config),
    authorities: [],
    autoApproveScopes: ['true'],
    accessTokenValidity: FRONTEND_ACCESS_TOKEN_VALIDITY,
    refreshTokenValidity: FRONTEND_REFRESH_TOKEN_VALIDITY,
    additionalInformation: { protected: true },
  });
}

/**
 * The redirect URIs a client may use. The portal's own client also accepts this process's URIs: processes sharing
 * one database may each be reached under their own PUBLIC_URL, and the last one to start wrote the table.
 */
export function allowedRedirectUris(client: OAuthClient, config: Config): string[] {
  if (client.clientId !== FRONTEND_CLIENT_ID) return client.redirectUris;
  return [...new Set([...client.redirectUris, ...frontendRedirectUris(config)])];
}
