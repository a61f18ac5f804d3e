// POST oauth/token (docs/oauth.md, Token endpoint): form-encoded, client authentication first, then the grant the
// client asked for if it is one of the client's grants. Answers the token JSON with Cache-Control: no-store, or an
// RFC 6749 error body (oauth-error.ts).
import type { Reply, RequestContext } from '../http/context';
import { HttpError } from '../http/errors';
import { authenticateClient } from './client-auth';
import { NO_STORE, OAuthError } from './oauth-error';
import { authorizationCodeGrant, clientCredentialsGrant, passwordGrant, refreshTokenGrant, type GrantResult } from './token-grants';

const GRANT_TYPES = ['authorization_code', 'refresh_token', 'password', 'client_credentials'];
const SINGLE_VALUED = [
  'grant_type', 'code', 'redirect_uri', 'code_verifier', 'refresh_token', 'scope', 'username', 'password', 'client_id', 'client_secret',
];

async function readTokenForm(ctx: RequestContext): Promise<URLSearchParams> {
  let form: URLSearchParams;
  try {
    form = await ctx.form();
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw error;
    throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded');
  }
  const repeated = SINGLE_VALUED.find((name) => form.getAll(name).length > 1);
  if (repeated) throw new OAuthError('invalid_request', `Parameter ${repeated} is repeated`);
  return form;
}

export async function tokenEndpoint(ctx: RequestContext): Promise<Reply> {
  const form = await readTokenForm(ctx);
  const client = await authenticateClient(ctx, form);
  const grantType = form.get('grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'Missing grant_type');
  if (!GRANT_TYPES.includes(grantType)) throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grantType}`);
  if (!client.grantTypes.includes(grantType)) throw new OAuthError('unauthorized_client', `Client may not use grant type ${grantType}`);
  let result: GrantResult;
  switch (grantType) {
    case 'authorization_code':
      result = await authorizationCodeGrant(ctx.app, client, {
        code: form.get('code'),
        redirectUri: form.get('redirect_uri'),
        codeVerifier: form.get('code_verifier'),
      });
      break;
    case 'refresh_token':
      result = await refreshTokenGrant(ctx.app, client, form.get('refresh_token'), form.get('scope'));
      break;
    case 'password':
      result = await passwordGrant(ctx.app, client, {
        username: form.get('username'),
        password: form.get('password'),
        scope: form.get('scope'),
        remoteAddress: ctx.remoteAddress,
      });
      break;
    default:
      result = await clientCredentialsGrant(ctx.app, client, form.get('scope'));
  }
  return { status: 200, body: result.body, headers: { ...NO_STORE } };
}
