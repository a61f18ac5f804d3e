// Client authentication at the token endpoint (client password, RFC 6749): HTTP Basic with the form-encoded id and
// secret, or `client_id` / `client_secret` form fields, not both. A public client (no secret stored) presents its id
// and an empty secret. Every failure is the same 401 invalid_client, so the answer does not tell which part was
// wrong, and an unknown client id costs the same hash as a wrong secret, so neither does the time taken. Failures are
// throttled per client id and per address (client-auth-throttle.ts: 429 with Retry-After, before any hashing), and
// at most a few secrets are hashed at once (secret-check-slots.ts), so wrong secrets cannot starve sign-ins.
import type { RequestContext } from '../http/context';
import { dummyPasswordHash, verifyPassword } from '../auth/password-hash';
import { upgradeClientSecretHash } from '../auth/hash-upgrade';
import { isRememberedSecret, rememberSecret } from './verified-client-secrets';
import { clientAuthLockedForSeconds, recordClientAuthFailure } from './client-auth-throttle';
import { findClient, type OAuthClient } from './client-store';
import { OAuthError } from './oauth-error';
import { inSecretCheckSlot } from './secret-check-slots';

/** Longer secrets are refused before scrypt sees them (as passwords are, oauth/authenticate-user.ts). */
const MAX_SECRET_LENGTH = 1024;

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

/**
 * Whether the secret is the client's: a public client's is empty; a confidential client's is checked against the
 * stored hash, unless this process verified it against the same hash before. For an unknown client id a non-empty
 * secret is checked against a dummy hash and refused whatever that says.
 */
async function secretMatches(client: OAuthClient | undefined, secret: string): Promise<boolean> {
  if (client && !client.secretHash) return secret === '';
  if (secret === '' || secret.length > MAX_SECRET_LENGTH) return false;
  if (client && isRememberedSecret(client.secretHash!, secret)) return true;
  const storedHash = client?.secretHash ?? (await dummyPasswordHash());
  const ok = await inSecretCheckSlot(() => verifyPassword(secret, storedHash));
  if (!client) return false;
  if (ok) rememberSecret(storedHash, secret);
  return ok;
}

export async function authenticateClient(ctx: RequestContext, form: URLSearchParams): Promise<OAuthClient> {
  const { clientId, secret } = credentialsOf(ctx, form);
  const { db } = ctx.app;
  const locked = await clientAuthLockedForSeconds(db, clientId, ctx.remoteAddress);
  if (locked > 0) {
    throw new OAuthError('temporarily_unavailable', 'Too many failed client authentications; try again later', 429, { 'Retry-After': String(locked) });
  }
  const client = await findClient(db, clientId);
  const matches = await secretMatches(client, secret); // an unknown id is hashed too (same time taken)
  if (!client || !matches) {
    await recordClientAuthFailure(db, clientId, ctx.remoteAddress);
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
  if (client.secretHash) await upgradeClientSecretHash(ctx.app.db, client.clientId, secret, client.secretHash); // imported bcrypt -> scrypt
  return client;
}
