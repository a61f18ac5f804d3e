// POST oauth/token: every grant, single use of codes and refresh tokens (with the chain revoked on replay), PKCE,
// client authentication, users that may not get tokens, and the answer's shape.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { createProjectRow, createUser } from '../setup/auth';
import { CookieJar } from '../setup/session';
import { addClient, APP_REDIRECT, auditEvents, basic, codeFor, testRouter, tokenRequest } from './oauth-fixtures';

let server: TestServer;
const APP: [string, string] = ['app', 'app-secret'];
const t = suite('oauth token');
t.before(async () => {
  server = await startTestServer({}, { router: testRouter() });
  await createProjectRow(server, 'alpha');
  await createUser(server, 'pam', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }], { password: 'Pam-Password-1' });
  await addClient(server, { clientId: 'app', secret: 'app-secret', resourceIds: ['res_ManagementPortal', 'res_upload'] });
  await addClient(server, { clientId: 'phone', secret: null });
  await addClient(server, { clientId: 'narrow', secret: 'narrow-secret', grantTypes: ['client_credentials'], scopes: ['PROJECT.READ'] });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const bearerCall = (token: string) => server.request('GET', '/api/test/whoami', { headers: { authorization: `Bearer ${token}` } });
const exchange = (code: string, verifier: string | null, client: [string, string] = APP, redirect = APP_REDIRECT) =>
  tokenRequest(server, { grant_type: 'authorization_code', code, redirect_uri: redirect, ...(verifier ? { code_verifier: verifier } : {}) }, client);
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

t('authorization_code with PKCE answers the RFC 6749 body with the portal fields', async () => {
  const { code, verifier, state } = await codeFor(server, new CookieJar(), 'app', 'pam', 'Pam-Password-1');
  assert.is(state, 'xyz');
  const res = await exchange(code, verifier);
  assert.is(res.status, 200, res.text);
  assert.is(res.headers.get('cache-control'), 'no-store');
  assert.is(res.headers.get('pragma'), 'no-cache');
  const body = res.body;
  assert.is(body.token_type, 'bearer');
  assert.is(body.expires_in, 3600);
  assert.is(body.sub, 'pam');
  assert.equal(body.roles, ['alpha:ROLE_PROJECT_ADMIN']);
  assert.equal(body.sources, []);
  assert.is(body.iss, 'ManagementPortal');
  assert.is(body.grant_type, 'authorization_code');
  assert.type(body.iat, 'number');
  assert.type(body.jti, 'string');
  assert.ok(body.scope.split(' ').includes('SUBJECT.CREATE'));
  assert.not.ok(body.scope.split(' ').includes('ORGANIZATION.CREATE'), 'scopes are reduced to what the roles allow');
  const claims = claimsOf(body.access_token);
  assert.is(claims.exp - claims.iat, 3600);
  assert.equal(claims.aud, ['res_ManagementPortal', 'res_upload']);
  assert.is(claims.client_id, 'app');
  assert.is(claims.user_name, 'pam');
  assert.is(claimsOf(body.refresh_token).ati, claims.jti);
  const me = await bearerCall(body.access_token);
  assert.is(me.status, 200);
  assert.is(me.body.login, 'pam');
  assert.is(me.body.via, 'bearer');
  assert.is((await bearerCall(body.refresh_token)).status, 401, 'a refresh token is no access token');
  const audit = await auditEvents(server, 'GRANT_ACCESS_TOKEN', 'pam');
  assert.is(audit.at(-1)!.data.clientId, 'app');
  assert.is(audit.at(-1)!.data.jti, body.jti);
});

t('a wrong PKCE verifier is refused and burns the code', async () => {
  const { code, verifier } = await codeFor(server, new CookieJar(), 'app', 'pam', 'Pam-Password-1');
  const wrong = await exchange(code, 'w'.repeat(43));
  assert.is(wrong.status, 400);
  assert.is(wrong.body.error, 'invalid_grant');
  assert.is((await exchange(code, verifier)).body.error, 'invalid_grant');
  const { code: code2 } = await codeFor(server, new CookieJar(), 'app', 'pam', 'Pam-Password-1');
  assert.is((await exchange(code2, null)).body.error, 'invalid_grant', 'the verifier is required when a challenge was sent');
});

t('a code works once; a replay revokes what the first exchange issued', async () => {
  const { code, verifier } = await codeFor(server, new CookieJar(), 'app', 'pam', 'Pam-Password-1');
  const first = await exchange(code, verifier);
  assert.is(first.status, 200);
  const replay = await exchange(code, verifier);
  assert.is(replay.status, 400);
  assert.is(replay.body.error, 'invalid_grant');
  const refresh = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token }, APP);
  assert.is(refresh.body.error, 'invalid_grant');
});

t('the redirect URI, the client and the expiry of a code are checked', async () => {
  let c = await codeFor(server, new CookieJar(), 'app', 'pam', 'Pam-Password-1');
  assert.is((await exchange(c.code, c.verifier, APP, 'http://app.example/other')).body.error, 'invalid_grant');
  c = await codeFor(server, new CookieJar(), 'app', 'pam', 'Pam-Password-1');
  await addClient(server, { clientId: 'app2', secret: 'app2-secret' });
  assert.is((await exchange(c.code, c.verifier, ['app2', 'app2-secret'])).body.error, 'invalid_grant');
  c = await codeFor(server, new CookieJar(), 'app', 'pam', 'Pam-Password-1');
  await server.app.db.query("UPDATE oauth_code SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
  assert.is((await exchange(c.code, c.verifier)).body.error, 'invalid_grant');
  assert.is((await exchange('no-such-code', c.verifier)).body.error, 'invalid_grant');
  const missing = await tokenRequest(server, { grant_type: 'authorization_code', redirect_uri: APP_REDIRECT }, APP);
  assert.is(missing.body.error, 'invalid_request');
});

t('refresh tokens rotate; a used one is refused and ends the chain', async () => {
  const first = await tokenRequest(server, { grant_type: 'password', username: 'pam', password: 'Pam-Password-1' }, APP);
  assert.is(first.status, 200);
  const second = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token }, APP);
  assert.is(second.status, 200, second.text);
  assert.is(second.body.grant_type, 'refresh_token');
  assert.ok(second.body.refresh_token && second.body.refresh_token !== first.body.refresh_token);
  assert.is((await bearerCall(second.body.access_token)).status, 200);
  const reuse = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token }, APP);
  assert.is(reuse.status, 400);
  assert.is(reuse.body.error, 'invalid_grant');
  const afterReplay = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: second.body.refresh_token }, APP);
  assert.is(afterReplay.body.error, 'invalid_grant', 'the replay revoked the newer token of the chain too');
});

t('a refresh may narrow the scope, never widen it, and only for its own client', async () => {
  const first = await tokenRequest(server, { grant_type: 'password', username: 'pam', password: 'Pam-Password-1', scope: 'PROJECT.READ SUBJECT.READ' }, APP);
  assert.is(first.body.scope, 'PROJECT.READ SUBJECT.READ');
  const wider = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, scope: 'SUBJECT.CREATE' }, APP);
  assert.is(wider.body.error, 'invalid_scope');
  const other = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token }, ['app2', 'app2-secret']);
  assert.is(other.body.error, 'invalid_grant');
  const narrow = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, scope: 'PROJECT.READ' }, APP);
  assert.is(narrow.body.scope, 'PROJECT.READ');
});

t('an expired refresh token is refused', async () => {
  const first = await tokenRequest(server, { grant_type: 'password', username: 'pam', password: 'Pam-Password-1' }, APP);
  await server.app.db.query("UPDATE oauth_refresh_token SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
  const res = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token }, APP);
  assert.is(res.body.error, 'invalid_grant');
});

t('users that are not activated get no tokens and cannot refresh', async () => {
  await createUser(server, 'dora', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }], { password: 'Dora-Password-1' });
  const first = await tokenRequest(server, { grant_type: 'password', username: 'dora', password: 'Dora-Password-1' }, APP);
  assert.is(first.status, 200);
  await server.app.db.query("UPDATE radar_user SET activated = false WHERE login = 'dora'");
  assert.is((await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token }, APP)).body.error, 'invalid_grant');
  const password = await tokenRequest(server, { grant_type: 'password', username: 'dora', password: 'Dora-Password-1' }, APP);
  assert.is(password.status, 400);
  assert.is(password.body.error, 'invalid_grant');
});

t('client_credentials answers a client token without refresh token', async () => {
  const res = await tokenRequest(server, { grant_type: 'client_credentials', scope: 'PROJECT.READ' }, ['narrow', 'narrow-secret']);
  assert.is(res.status, 200, res.text);
  assert.is(res.body.refresh_token, undefined);
  assert.is(res.body.sub, 'narrow');
  assert.is(res.body.scope, 'PROJECT.READ');
  const me = await bearerCall(res.body.access_token);
  assert.is(me.body.client, true);
  assert.is(me.body.clientId, 'narrow');
  const tooMuch = await tokenRequest(server, { grant_type: 'client_credentials', scope: 'PROJECT.CREATE' }, ['narrow', 'narrow-secret']);
  assert.is(tooMuch.body.error, 'invalid_scope');
  const pub = await tokenRequest(server, { grant_type: 'client_credentials', client_id: 'phone' });
  assert.is(pub.body.error, 'unauthorized_client');
});

t('only the grants a client has, and only grants that exist', async () => {
  const denied = await tokenRequest(server, { grant_type: 'password', username: 'pam', password: 'Pam-Password-1' }, ['narrow', 'narrow-secret']);
  assert.is(denied.status, 400);
  assert.is(denied.body.error, 'unauthorized_client');
  assert.is((await tokenRequest(server, { grant_type: 'implicit' }, APP)).body.error, 'unsupported_grant_type');
  assert.is((await tokenRequest(server, {}, APP)).body.error, 'invalid_request');
});

t('client authentication: Basic or form fields, never both; every failure is 401 invalid_client', async () => {
  const form = { grant_type: 'password', username: 'pam', password: 'Pam-Password-1' };
  for (const client of [['app', 'wrong'], ['ghost', 'app-secret'], ['app', '']] as [string, string][]) {
    const res = await tokenRequest(server, form, client);
    assert.is(res.status, 401, client.join(':'));
    assert.is(res.body.error, 'invalid_client');
    assert.match(res.headers.get('www-authenticate')!, /^Basic/);
  }
  assert.is((await tokenRequest(server, form)).status, 401, 'no client at all');
  assert.is((await tokenRequest(server, { ...form, client_id: 'app', client_secret: 'app-secret' })).status, 200, 'form fields');
  const both = await tokenRequest(server, { ...form, client_secret: 'app-secret' }, APP);
  assert.is(both.status, 400);
  assert.is(both.body.error, 'invalid_request');
  assert.is((await tokenRequest(server, { ...form, client_id: 'phone' })).status, 200, 'a public client with its id alone');
  assert.is((await tokenRequest(server, { ...form, client_id: 'phone', client_secret: 'guess' })).status, 401);
  const json = await server.request('POST', '/oauth/token', { json: form, headers: { authorization: basic('app', 'app-secret') } });
  assert.is(json.status, 400);
  assert.is(json.body.error, 'invalid_request');
});

t('a public client exchanges its PKCE code with its id alone', async () => {
  const { code, verifier } = await codeFor(server, new CookieJar(), 'phone', 'pam', 'Pam-Password-1');
  const res = await tokenRequest(server, { grant_type: 'authorization_code', code, redirect_uri: APP_REDIRECT, code_verifier: verifier, client_id: 'phone' });
  assert.is(res.status, 200, res.text);
  assert.ok(res.body.refresh_token);
});

t.run();
