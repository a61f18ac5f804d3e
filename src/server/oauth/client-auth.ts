// Client authentication at the token endpoint (client password, RFC 6749): HTTP Basic with the form-encoded id and
// secret, or `client_id` / `client_secret` form fields, not both. A public client (no secret stored) presents its id
// and an empty secret. Every failure is the same 401 invalid_client, so the answer does not tell which part was
// wrong.
import type { RequestContext } from '../http/context';
import { verifyPassword } from '../auth/password-hash';
import { upgradeClientSecretHash } from '../auth/hash-upgrade';
import { isRememberedSecret, rememberSecret } from './verified-client-secrets';
import { findClient, type OAuthClient } from './client-store';
import { OAuthError } from './oauth-error';

interface Credentials {
  clientId: string;
  secret: string;
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function basicCredentials(header: string | undefined): Credentials | undefined {
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials');
  return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

function credentialsOf(ctx: RequestContext, form: URLSearchParams): Credentials {
  const basic = basicCredentials(ctx.req.headers.authorization);
  const formId = form.get('client_id');
  const formSecret = form.get('client_secret');
  if (basic) {
    if (formSecret !== null) throw new OAuthError('invalid_request', 'Use one way of client authentication, not two');
    if (formId !== null && formId !== basic.clientId) throw new OAuthError('invalid_client', 'Client authentication failed');
    return basic;
  }
  if (!formId) throw new OAuthError('invalid_client', 'Client authentication is required');
  return { clientId: formId, secret: formSecret ?? '' };
}

/** The stored hash's check, skipped for a secret this process has already verified against the same hash. */
async function verifySecret(secret: string, storedHash: string): Promise<boolean> {
  if (isRememberedSecret(storedHash, secret)) return true;
  const ok = await verifyPassword(secret, storedHash);
  if (ok) rememberSecret(storedHash, secret);
  return ok;
}

export async function authenticateClient(ctx: RequestContext, form: URLSearchParams): Promise<OAuthClient> {
  const { clientId, secret } = credentialsOf(ctx, form);
  const client = await findClient(ctx.app.db, clientId);
  const ok = client && (client.secretHash ? secret !== '' && (await verifySecret(secret, client.secretHash)) : secret === '');
  if (!client || !ok) throw new OAuthError('invalid_client', 'Client authentication failed');
  if (client.secretHash) await upgradeClientSecretHash(ctx.app.db, client.clientId, secret, client.secretHash); // imported bcrypt -> scrypt
  return client;
}
