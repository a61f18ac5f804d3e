// The four grants of the token endpoint (authorization code, refresh token, password, client credentials; RFC 6749),
// for an already authenticated client. The browser sign-in calls authorizationCodeGrant in process. Each grant writes
// in one transaction; a replayed code or refresh token revokes its chain and that revocation is committed before the
// error is answered.
import { randomUUID } from 'node:crypto';
import type { AppServices } from '../services';
import { authenticateUser } from './authenticate-user';
import { redeemCode } from './authorization-code';
import { isPublicClient, type OAuthClient } from './client-store';
import { OAuthError } from './oauth-error';
import { verifierMatches } from './pkce';
import { redeemRefreshToken, revokeGrant, verifyRefreshToken } from './refresh-tokens';
import { redeemImportedRefreshToken } from './imported-refresh-tokens';
import { requestedScopes } from './scopes';
import { issueTokens, type IssuedTokens } from './token-issuer';
import { recordSubjectSeen } from '../subjects/last-seen';

export interface GrantResult extends IssuedTokens {
  userId?: number;
  /** Remember-me as chosen on the sign-in form (authorization-code grant only). */
  rememberMe?: boolean;
}

type Outcome = { result: GrantResult } | { error: OAuthError };

async function settle(outcome: Outcome): Promise<GrantResult> {
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}

const invalidGrant = (description: string) => ({ error: new OAuthError('invalid_grant', description) });

export interface CodeExchange {
  code: string | null;
  redirectUri: string | null;
  codeVerifier: string | null;
}

export async function authorizationCodeGrant(app: AppServices, client: OAuthClient, params: CodeExchange, withRefreshToken = true): Promise<GrantResult> {
  const { code, redirectUri, codeVerifier } = params;
  if (!code) throw new OAuthError('invalid_request', 'Missing code');
  if (!redirectUri) throw new OAuthError('invalid_request', 'Missing redirect_uri');
  await app.keys.signingKey(); // loaded before the transaction: PGlite runs one statement stream at a time
  const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    const redeemed = await redeemCode(tx, code);
    if (redeemed.status === 'replayed') {
      await revokeGrant(tx, redeemed.codeHash);
      return invalidGrant('Authorization code has already been used');
    }
    if (redeemed.status !== 'ok') return invalidGrant(`Authorization code is ${redeemed.status === 'expired' ? 'expired' : 'invalid'}`);
    const grant = redeemed.grant;
    if (grant.clientId !== client.clientId) return invalidGrant('Authorization code was issued to another client');
    if (grant.redirectUri !== redirectUri) return invalidGrant('Redirect URI mismatch');
    if (grant.codeChallenge ? !verifierMatches(codeVerifier, grant.codeChallenge) : codeVerifier !== null) {
      return invalidGrant('PKCE verification failed');
    }
    const issued = await issueTokens(tx, app.keys, {
      client, grantType: 'authorization_code', scopes: grant.scopes, userId: grant.userId, withRefreshToken, grantId: redeemed.codeHash,
    });
    return { result: { ...issued, userId: grant.userId, rememberMe: grant.rememberMe } };
  });
  return settle(outcome);
}

export async function refreshTokenGrant(app: AppServices, client: OAuthClient, raw: string | null, scope: string | null): Promise<GrantResult> {
  if (!raw) throw new OAuthError('invalid_request', 'Missing refresh_token');
  const verified = await verifyRefreshToken(app.keys, raw);
  if (!verified) throw new OAuthError('invalid_grant', 'Invalid refresh token');
  // May narrow, never widen: neither beyond the refresh token's scopes nor beyond what the client has now (a scope
  // removed from the client since the token was issued is not carried on).
  const scopes = requestedScopes(client, scope, verified.scopes.filter((s) => client.scopes.includes(s)));
  const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    let redeemed = await redeemRefreshToken(tx, verified.jti, client.clientId);
    if (redeemed.status === 'unknown' && verified.byExternalKey) redeemed = await redeemImportedRefreshToken(tx, verified, client.clientId);
    if (redeemed.status === 'replayed') {
      if (redeemed.grantId) await revokeGrant(tx, redeemed.grantId);
      return invalidGrant('Refresh token has already been used');
    }
    if (redeemed.status !== 'ok') return invalidGrant(`Refresh token is ${redeemed.status === 'expired' ? 'expired' : 'invalid'}`);
    const issued = await issueTokens(tx, app.keys, {
      client, grantType: 'refresh_token', scopes, userId: redeemed.userId, withRefreshToken: true, grantId: redeemed.grantId,
    });
    await recordSubjectSeen(tx, redeemed.userId); // a participant's app refreshing is a contact (docs/subjects.md, Activity)
    return { result: { ...issued, userId: redeemed.userId } };
  });
  return settle(outcome);
}

export interface PasswordCredentials {
  username: string | null;
  password: string | null;
  scope: string | null;
  remoteAddress: string;
}

export async function passwordGrant(app: AppServices, client: OAuthClient, params: PasswordCredentials): Promise<GrantResult> {
  if (!params.username || params.password === null) throw new OAuthError('invalid_request', 'Missing username or password');
  const scopes = requestedScopes(client, params.scope);
  const signIn = await authenticateUser(app.db, params.username, params.password, params.remoteAddress, app.config.requireTwoFactor);
  if (signIn.kind === 'throttled') {
    throw new OAuthError('temporarily_unavailable', 'Too many failed sign-ins; try again later', 429, {
      'Retry-After': String(signIn.retryAfterSeconds),
    });
  }
  if (signIn.kind === 'second-factor') {
    // The password grant has no place for a code (docs/users.md, "Two-factor sign-in"): scripts use client credentials.
    throw new OAuthError('invalid_grant', signIn.enrol
      ? 'This user must sign in with a second factor; the password grant is not available'
      : 'This user has a second factor; the password grant is not available (use the sign-in page or client credentials)');
  }
  if (signIn.kind !== 'ok') throw new OAuthError('invalid_grant', 'Bad credentials');
  await app.keys.signingKey();
  const issued = await app.db.transaction((tx) =>
    issueTokens(tx, app.keys, { client, grantType: 'password', scopes, userId: signIn.userId, withRefreshToken: true, grantId: randomUUID() }),
  );
  return { ...issued, userId: signIn.userId };
}

export async function clientCredentialsGrant(app: AppServices, client: OAuthClient, scope: string | null): Promise<GrantResult> {
  if (isPublicClient(client)) throw new OAuthError('unauthorized_client', 'A public client cannot use client_credentials');
  const scopes = requestedScopes(client, scope);
  await app.keys.signingKey();
  return app.db.transaction((tx) =>
    issueTokens(tx, app.keys, { client, grantType: 'client_credentials', scopes, withRefreshToken: false, grantId: randomUUID() }),
  );
}
