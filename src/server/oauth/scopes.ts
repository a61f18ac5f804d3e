// The scopes a request asks for (the OAuth 2.0 `scope` parameter): space separated, each one the client may have. No
// `scope` means everything the client has. For user tokens, mintAccessToken then keeps only what the user's roles may
// be granted.
import type { OAuthClient } from './client-store';
import { OAuthError } from './oauth-error';

function parseScopeParam(raw: string | null | undefined): string[] {
  return [...new Set((raw ?? '').split(' ').filter(Boolean))];
}

/** The requested scopes, or an invalid_scope error naming the first one the client may not have. */
export function requestedScopes(client: OAuthClient, raw: string | null | undefined, within: string[] = client.scopes): string[] {
  const requested = parseScopeParam(raw);
  if (requested.length === 0) return [...within];
  const unknown = requested.find((s) => !within.includes(s));
  if (unknown !== undefined) throw new OAuthError('invalid_scope', `Invalid scope: ${unknown}`);
  return requested;
}
