// Shared by the OAuth and session tests: a router with two tiny authenticated routes, third-party OAuth clients
// written straight into the store, token requests, and the audit rows a flow left behind.
import { PERMISSIONS } from '../../src/common/permission-matrix';
import { buildRouter } from '../../src/server/app';
import { ok } from '../../src/server/http/context';
import { upsertClient, type ClientSpec } from '../../src/server/oauth/client-store';
import { codeChallengeOf, newCodeVerifier } from '../../src/server/oauth/pkce';
import { browse, hiddenFields, type CookieJar } from '../setup/session';
import type { TestResponse, TestServer } from '../setup/server';
import { testRoute } from '../setup/test-routes';
import { AUTHENTICATED, type RouteInput } from '../../src/server/http/route';

export const APP_REDIRECT = 'http://app.example/callback';

/** GET api/test/whoami and POST api/test/echo answer who is calling and how. */
export function testRouter() {
  const who = ({ principal: p }: RouteInput) =>
    ok({ login: p.login ?? null, via: p.via, clientId: p.clientId ?? null, scopes: p.token.scopes, client: p.token.clientCredentials });
  return buildRouter().entries([testRoute('GET', '/api/test/whoami', who, AUTHENTICATED), testRoute('POST', '/api/test/echo', who, AUTHENTICATED)]);
}

export async function addClient(server: TestServer, spec: Partial<ClientSpec> & { clientId: string }): Promise<void> {
  await upsertClient(server.app.db, {
    secret: 'app-secret',
    scopes: [...PERMISSIONS],
    resourceIds: ['res_ManagementPortal'],
    grantTypes: ['authorization_code', 'refresh_token', 'password', 'client_credentials'],
    redirectUris: [APP_REDIRECT],
    authorities: [],
    autoApproveScopes: [],
    accessTokenValidity: 3600,
    refreshTokenValidity: 7200,
    additionalInformation: {},
    ...spec,
  });
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** POST oauth/token with a form body and, when given, HTTP Basic client authentication. */
export function tokenRequest(server: TestServer, form: Record<string, string>, client?: [string, string]): Promise<TestResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (client) headers.authorization = basic(client[0], client[1]);
  return server.request('POST', '/oauth/token', { body: new URLSearchParams(form).toString(), headers });
}

export async function auditEvents(server: TestServer, type: string, principal?: string) {
  return server.app.db.query<{ principal: string; data: Record<string, string> }>(
    'SELECT principal, data FROM audit_event WHERE event_type = $1 AND ($2::varchar IS NULL OR principal = $2) ORDER BY id',
    [type, principal ?? null],
  );
}

export function authorizeUrl(server: TestServer, params: Record<string, string>): string {
  return `${server.url}/oauth/authorize?${new URLSearchParams({ response_type: 'code', redirect_uri: APP_REDIRECT, ...params })}`;
}

/** Signs in on the authorization page of a third-party client and answers the code (and the PKCE verifier). */
export async function codeFor(server: TestServer, jar: CookieJar, clientId: string, login: string, password: string, pkce = true) {
  const verifier = newCodeVerifier();
  const params: Record<string, string> = { client_id: clientId, state: 'xyz' };
  if (pkce) Object.assign(params, { code_challenge: codeChallengeOf(verifier), code_challenge_method: 'S256' });
  const url = authorizeUrl(server, params);
  const page = await browse(jar, url);
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`);
  const posted = await browse(jar, `${server.url}/oauth/authorize`, {
    method: 'POST',
    form: { ...hiddenFields(page.text), username: login, password },
  });
  const location = new URL(posted.location ?? 'http://none/');
  const code = location.searchParams.get('code');
  if (posted.status !== 302 || !code) throw new Error(`no code: ${posted.status} ${posted.location}`);
  return { code, verifier, state: location.searchParams.get('state') };
}
