// Issues an access token (auth/tokens.ts mintAccessToken) and, where the grant allows, a refresh token, and answers
// the OAuth 2.0 token body with ManagementPortal's extra claims (docs/oauth.md). Every issue is audited as
// GRANT_ACCESS_TOKEN. Runs inside the grant's transaction: the code or refresh token it consumes, the new refresh
// token and the audit row are written together or not at all.
import { restrictedUserSql } from '../privacy/subject-restriction';
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import type { SigningKeys } from '../auth/signing-keys';
import { mintAccessToken } from '../auth/tokens';
import { recordAuditEvent } from './audit';
import { accessValidity, type OAuthClient } from './client-store';
import { OAuthError } from './oauth-error';
import { mintRefreshToken } from './refresh-tokens';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  refresh_token?: string;
  expires_in: number;
  scope: string;
  sub: unknown;
  roles: unknown;
  sources: unknown;
  iat: unknown;
  iss: unknown;
  grant_type: unknown;
  jti: unknown;
}

export interface IssueRequest {
  client: OAuthClient;
  grantType: string;
  scopes: string[];
  /** The user the tokens are for; absent for client credentials. */
  userId?: number;
  /** Issue a refresh token too (only when the client has the refresh_token grant and there is a user). */
  withRefreshToken: boolean;
  /** The grant chain a refresh token belongs to (see refresh-tokens.ts). */
  grantId: string;
}

export interface IssuedTokens {
  body: TokenResponse;
  accessToken: string;
}

export async function issueTokens(tx: Queryable, keys: SigningKeys, request: IssueRequest): Promise<IssuedTokens> {
  const { client, userId } = request;
  let principal = client.clientId;
  if (userId !== undefined) {
    // A restricted subject (GDPR Art. 18, privacy/subject-restriction.ts) gets no token: its app stops.
    const user = await first<{ login: string; activated: boolean; restricted: boolean }>(tx,
      `SELECT login, activated, ${restrictedUserSql('radar_user.id')} AS restricted FROM radar_user WHERE id = $1`, [userId]);
    if (!user || !user.activated) throw new OAuthError('invalid_grant', 'User is not activated');
    if (user.restricted) throw new OAuthError('invalid_grant', 'Processing of this subject\'s data is restricted');
    principal = user.login;
  }
  const ttl = accessValidity(client);
  const access = await mintAccessToken(tx, keys, {
    clientId: client.clientId,
    scopes: request.scopes,
    audience: client.resourceIds.length ? client.resourceIds : undefined,
    ttlSeconds: ttl,
    grantType: request.grantType,
    userId,
  });
  const claims = access.claims;
  const scope = (claims.scope as string[]).join(' ');
  const refreshToken =
    request.withRefreshToken && userId !== undefined && client.grantTypes.includes('refresh_token')
      ? await mintRefreshToken(tx, keys, access, client, userId, request.grantId)
      : undefined;
  const body: TokenResponse = {
    access_token: access.token,
    token_type: 'bearer',
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    expires_in: ttl,
    scope,
    sub: claims.sub,
    roles: claims.roles,
    sources: claims.sources,
    iat: claims.iat,
    iss: claims.iss,
    grant_type: claims.grant_type,
    jti: claims.jti,
  };
  await recordAuditEvent(tx, principal, 'GRANT_ACCESS_TOKEN', {
    tokenType: 'bearer',
    scope,
    expiresIn: ttl,
    clientId: client.clientId,
    grantType: request.grantType,
    sub: claims.sub,
    roles: claims.roles,
    sources: claims.sources,
    iat: claims.iat,
    iss: claims.iss,
    jti: claims.jti,
  });
  return { body, accessToken: access.token };
}
