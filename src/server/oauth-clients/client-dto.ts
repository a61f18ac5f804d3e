// ClientDetailsDTO (docs/oauth.md, OAuth clients) from the stored client. The secret is write-only (only its hash is
// kept), and additionalInformation values go out as strings: the start-up code stores the frontend client's
// `protected` as a JSON boolean, and clients compare with the string 'true'.
import type { ClientDetailsDTO } from '../../common/dto';
import type { OAuthClient } from '../oauth/client-store';
import { apiError } from '../http/errors';

function stringValues(info: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(info)) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

export function toClientDTO(client: OAuthClient): ClientDetailsDTO {
  return {
    clientId: client.clientId,
    clientSecret: null,
    scope: client.scopes,
    resourceIds: client.resourceIds,
    authorizedGrantTypes: client.grantTypes,
    autoApproveScopes: client.autoApproveScopes,
    accessTokenValiditySeconds: client.accessTokenValidity,
    refreshTokenValiditySeconds: client.refreshTokenValidity,
    authorities: client.authorities,
    registeredRedirectUri: client.redirectUris,
    additionalInformation: stringValues(client.additionalInformation),
  };
}

/** `protected` set to 'true' (or the boolean true the start-up code writes) locks a client against changes. */
export const isProtected = (client: OAuthClient) => String(client.additionalInformation.protected).toLowerCase() === 'true';

export const clientNotFound = (clientId: string) =>
  apiError(404, 'error.oAuthClientIdNotFound', 'oauthClient', `OAuth client ${clientId} not found`, { clientId });

export const clientProtected = (clientId: string) =>
  apiError(403, 'error.oAuthClientProtected', 'oauthClient', `OAuth client ${clientId} is protected`, { client_id: clientId });

export const clientIdExists = (clientId: string) =>
  apiError(409, 'error.clientIdExists', 'oauthClient', `OAuth client ${clientId} already exists`, { client_id: clientId });

export function clientAlert(action: 'created' | 'updated' | 'deleted', clientId: string): Record<string, string> {
  return { 'X-managementPortalApp-alert': `managementPortalApp.oauthClient.${action}`, 'X-managementPortalApp-params': clientId };
}
