// Reading an authorization request (RFC 6749 with PKCE, RFC 7636), from the query of GET oauth/authorize or the
// hidden fields of the sign-in form. An unknown client or an unregistered redirect URI is answered here (never
// redirected: the redirect target is not trusted); every other problem goes back to the client's redirect URI as
// `error=...&state=...`.
import type { AppServices } from '../services';
import { errorVm, type HttpError } from '../http/errors';
import { findClient, isPublicClient, type OAuthClient } from './client-store';
import { allowedRedirectUris } from './frontend-client';
import { OAuthError, type OAuthErrorCode } from './oauth-error';
import { isPkceValue } from './pkce';
import { requestedScopes } from './scopes';

export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  state?: string;
  scopes: string[];
  codeChallenge?: string;
  /** The request's own parameters, carried through the sign-in form as hidden fields. */
  params: Record<string, string>;
}

export type ParsedAuthorize =
  | { ok: true; request: AuthorizeRequest }
  | { ok: false; answer: HttpError }
  | { ok: false; redirectTo: string };

const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method'];

/** `redirect_uri` with the given parameters added (keeping any query the registered URI has). */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

export async function parseAuthorizeRequest(app: AppServices, input: URLSearchParams): Promise<ParsedAuthorize> {
  const params: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAMS) {
    if (input.getAll(name).length > 1) return { ok: false, answer: errorVm(400, 'error.validation', `Parameter ${name} is repeated`) };
    const value = input.get(name);
    if (value !== null) params[name] = value;
  }
  const client = params.client_id ? await findClient(app.db, params.client_id) : undefined;
  if (!client) return { ok: false, answer: errorVm(400, 'error.noSuchClient', `No client with requested id: ${params.client_id ?? ''}`) };
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !allowedRedirectUris(client, app.config).includes(redirectUri)) {
    return { ok: false, answer: errorVm(400, 'error.validation', 'The redirect_uri is missing or not registered for this client') };
  }
  const state = params.state;
  const fail = (error: OAuthErrorCode, description: string) => ({
    ok: false as const,
    redirectTo: withParams(redirectUri, { error, error_description: description, state }),
  });
  if (params.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');
  if (!client.grantTypes.includes('authorization_code')) return fail('unauthorized_client', 'Client may not use the authorization code grant');
  let scopes: string[];
  try {
    scopes = requestedScopes(client, params.scope);
  } catch (error) {
    if (error instanceof OAuthError) return fail(error.code, error.description);
    throw error;
  }
  const challenge = params.code_challenge;
  if (challenge !== undefined) {
    if (params.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
    if (!isPkceValue(challenge)) return fail('invalid_request', 'Malformed code_challenge');
  } else if (isPublicClient(client)) {
    return fail('invalid_request', 'PKCE (code_challenge with S256) is required for public clients');
  }
  return { ok: true, request: { client, redirectUri, state, scopes, codeChallenge: challenge, params } };
}
