// Browser sign-in through an external OpenID Connect provider (OIDC_*): the way out to the provider and back over
// real HTTP, the session it starts, every way the provider's answer can be wrong ending on the error page with no
// session, users the portal does not know or has deactivated, the built-in authorization server still serving
// other clients, and the configuration rules.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/server/config';
import { openPostgres } from '../../src/server/db/postgres';
import { LoggerRegistry } from '../../src/server/log';
import { startServer } from '../../src/server/start';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates, TEST_DATABASE_URL } from '../setup/database';
import { createUser } from '../setup/auth';
import { browse, CookieJar, sessionClient } from '../setup/session';
import { startFakeOidcProvider, type FakeOidcProvider, type Misbehaviour } from '../setup/fake-oidc-provider';
import { addClient, auditEvents, codeFor, tokenRequest } from './oauth-fixtures';

let server: TestServer;
let provider: FakeOidcProvider;
const ACCOUNT_URL = 'https://id.example.org/account';

const t = suite('oidc login');
t.before(async () => {
  provider = await startFakeOidcProvider();
  server = await startTestServer(provider.env({ OIDC_ACCOUNT_URL: ACCOUNT_URL }));
  await createUser(server, 'olga', [{ authority: 'ROLE_SYS_ADMIN' }], { email: 'Olga.Admin@example.org' });
  await createUser(server, 'dennis', [{ authority: 'ROLE_SYS_ADMIN' }], { activated: false });
  await createUser(server, 'pam', [], { password: 'Pam-Password-1' });
});
t.before.each(() => {
  provider.reset();
  provider.signInAs({ preferred_username: 'Olga', email: 'olga.admin@example.org', sub: 'olga-at-idp' });
});
t.after(async () => {
  await server?.close();
  await provider?.close();
  await dropTemplates();
});

/** api/redirect/login, the provider's authorization endpoint, and the way back: every hop by hand. */
async function throughProvider(jar = new CookieJar()) {
  const start = await browse(jar, `${server.url}/api/redirect/login`);
  assert.is(start.status, 302, 'api/redirect/login redirects');
  if (!start.location?.startsWith(provider.url)) return { jar, start, back: start };
  const atProvider = await browse(jar, start.location);
  assert.is(atProvider.status, 302, `the provider answered ${atProvider.status} ${atProvider.text}`);
  const back = await browse(jar, atProvider.location!);
  return { jar, start, callback: atProvider.location!, back };
}

const failures = () => server.logLines.filter((line) => line.includes('browser sign-in failed'));

async function refused(behaviour: Misbehaviour, why: RegExp) {
  provider.behaviour = behaviour;
  const before = failures().length;
  const { jar, back } = await throughProvider();
  assert.is(back.location, `${server.url}/#/error`, JSON.stringify(behaviour));
  assert.is(back.status, 302);
  assert.is(jar.get('SESSION'), undefined, `no session for ${JSON.stringify(behaviour)}`);
  const logged = failures().slice(before);
  assert.is(logged.length, 1, `one log line for ${JSON.stringify(behaviour)}`);
  assert.match(logged[0], why);
}

t('api/redirect/login sends the browser to the provider: code, state, nonce, PKCE S256, scopes, the flow cookie', async () => {
  const jar = new CookieJar();
  const start = await browse(jar, `${server.url}/api/redirect/login?lang=nl`);
  assert.is(start.status, 302);
  const url = new URL(start.location!);
  assert.is(`${url.origin}${url.pathname}`, `${provider.url}/authorize`);
  const q = url.searchParams;
  assert.is(q.get('response_type'), 'code');
  assert.is(q.get('client_id'), provider.clientId);
  assert.is(q.get('redirect_uri'), `${server.url}/api/redirect/login`);
  assert.is(q.get('scope'), 'openid profile email');
  assert.is(q.get('code_challenge_method'), 'S256');
  assert.match(q.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/);
  assert.ok(q.get('state')!.length >= 20 && q.get('nonce')!.length >= 20);
  assert.is.not(q.get('state'), q.get('nonce'));
  assert.is(q.get('ui_locales'), 'nl');
  const flow = start.setCookies.find((c) => c.startsWith('MP_LOGIN_FLOW='))!;
  assert.match(flow, /HttpOnly/);
  assert.match(flow, /Path=\/api\/redirect/);
  assert.match(flow, /SameSite=Lax/);
  assert.match(flow, /Max-Age=600/);
  assert.not.match(flow, new RegExp(q.get('code_challenge')!), 'the verifier, not the challenge, stays with the browser');
});

t('a good sign-in starts a session for the user the claim names, as the built-in sign-in does', async () => {
  const { jar, back } = await throughProvider();
  assert.is(back.location, `${server.url}/#/`);
  assert.ok(jar.get('SESSION') && jar.get('XSRF-TOKEN'));
  assert.is(jar.get('MP_LOGIN_FLOW'), undefined, 'the flow cookie is spent');
  const client = sessionClient(server.url, jar);
  const account = await client.request('GET', '/api/account');
  assert.is(account.status, 200);
  assert.is(account.body.login, 'olga');
  const tokenCall = provider.requests.find((r) => r.path === '/token')!;
  assert.match(String(tokenCall.headers.authorization), /^Basic /, 'client_secret_basic when the provider allows it');
  assert.is(tokenCall.form!.get('client_secret'), null);
  assert.is(tokenCall.form!.get('redirect_uri'), `${server.url}/api/redirect/login`);
  const [row] = await server.app.db.query<{ remember_me: boolean; access_token: string | null }>(
    'SELECT s.remember_me, s.access_token FROM http_session s JOIN radar_user u ON u.id = s.user_id WHERE u.login = $1', ['olga']);
  assert.is(row.remember_me, false);
  assert.ok(row.access_token, 'the session holds a portal access token, as after the built-in sign-in');
  const success = (await auditEvents(server, 'AUTHENTICATION_SUCCESS', 'olga')).at(-1)!;
  assert.is(success.data.type, 'OpenIdConnect');
  assert.is(success.data.sub, 'olga-at-idp');
  // Logout ends the local session.
  assert.is((await client.request('POST', '/api/logout')).status, 204);
  assert.is((await client.request('GET', '/api/account')).status, 401);
});

t('a new sign-in replaces the session the browser had', async () => {
  const first = await throughProvider();
  const old = first.jar.get('SESSION')!;
  await throughProvider(first.jar);
  assert.is.not(first.jar.get('SESSION'), old);
  const stale = new CookieJar();
  stale.cookies.set('SESSION', old);
  assert.is((await sessionClient(server.url, stale).request('GET', '/api/account')).status, 401);
});

t('client_secret_post when that is all the provider takes', async () => {
  provider.behaviour = { tokenEndpointAuthMethods: ['client_secret_post'] };
  server.app.oidc!.discovery.forget();
  const { back } = await throughProvider();
  assert.is(back.location, `${server.url}/#/`);
  const tokenCall = provider.requests.find((r) => r.path === '/token')!;
  assert.is(tokenCall.headers.authorization, undefined);
  assert.is(tokenCall.form!.get('client_id'), provider.clientId);
  assert.is(tokenCall.form!.get('client_secret'), provider.clientSecret);
  provider.behaviour = { tokenEndpointAuthMethods: ['private_key_jwt'] };
  server.app.oidc!.discovery.forget();
  await refused(provider.behaviour, /neither client_secret_basic nor client_secret_post/);
  server.app.oidc!.discovery.forget();
});

t('every tampered or wrong ID token ends on the error page with a log line and no session', async () => {
  await refused({ issuer: 'http://127.0.0.1:1' }, /ID token was issued by/);
  await refused({ audience: 'someone-else' }, /ID token is for audience/);
  await refused({ audience: [provider.clientId, 'someone-else'] }, /several audiences and no azp/);
  await refused({ azp: 'someone-else' }, /ID token was requested by/);
  await refused({ expiresIn: -120 }, /ID token has expired/);
  await refused({ issuedAtOffset: 600 }, /issued in the future/);
  await refused({ badSignature: true }, /ID token has a bad signature/);
  await refused({ nonce: 'a-nonce-from-another-sign-in' }, /another nonce/);
  await refused({ signWith: 'unpublished' }, /key the provider does not publish/);
  await refused({ alg: 'none' }, /algorithm "none"/);
  await refused({ alg: 'HS256' }, /algorithm "HS256"/);
});

t('the provider failing or answering an error ends on the error page too', async () => {
  await refused({ authorizeError: 'access_denied' }, /provider answered access_denied/);
  await refused({ tokenEndpointBroken: true }, /token endpoint: .* answered 500/);
  await refused({ authorizationResponseIss: 'https://evil.example' }, /comes from issuer https:\/\/evil.example/);
  await refused({ claimsOnlyInUserinfo: true, userinfoSub: 'someone-else' }, /userinfo: sub "someone-else"/);
});

t('a little clock skew is tolerated; ES256, keys named only in userinfo and a rotated key all work', async () => {
  for (const behaviour of [{ expiresIn: -20 }, { issuedAtOffset: 20 }, { signWith: 'ec' as const }, { claimsOnlyInUserinfo: true }, { azp: provider.clientId, audience: [provider.clientId, 'api'] }]) {
    provider.behaviour = behaviour;
    const { jar, back } = await throughProvider();
    assert.is(back.location, `${server.url}/#/`, JSON.stringify(behaviour));
    assert.is((await sessionClient(server.url, jar).request('GET', '/api/account')).body.login, 'olga');
  }
  provider.reset();
  provider.rotateKey();
  const { back } = await throughProvider();
  assert.is(back.location, `${server.url}/#/`, 'a new kid makes the portal read the JWKS again');
  assert.is(provider.requests.filter((r) => r.path === '/jwks').length, 1);
  provider.requests.length = 0;
  await throughProvider();
  assert.is(provider.requests.filter((r) => r.path === '/jwks').length, 0, 'then the keys come from the cache');
  assert.is(provider.requests.filter((r) => r.path === '/.well-known/openid-configuration').length, 0, 'so does discovery');
});

t('an unknown or deactivated user is refused: no session, an audit record, no user created', async () => {
  const users = async () => (await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM radar_user'))[0].n;
  const before = await users();
  provider.signInAs({ preferred_username: 'stranger' });
  await refused({}, /no portal user has login stranger/);
  provider.signInAs({ preferred_username: 'dennis' });
  await refused({}, /portal user dennis is not activated/);
  provider.signInAs({ name: 'No Username' });
  await refused({}, /sent no preferred_username claim/);
  assert.is(await users(), before);
  const failed = await auditEvents(server, 'AUTHENTICATION_FAILURE', 'stranger');
  assert.is(failed.length, 1);
  assert.is(failed[0].data.type, 'OpenIdConnect');
});

t('OIDC_LOGIN_CLAIM=email matches the e-mail, ignoring case, unless the provider says it is unverified', async () => {
  const oidc = server.app.config.oidc!;
  oidc.loginClaim = 'email';
  try {
    provider.signInAs({ email: 'OLGA.admin@EXAMPLE.org', preferred_username: 'not-a-login' });
    const { jar, back } = await throughProvider();
    assert.is(back.location, `${server.url}/#/`);
    assert.is((await sessionClient(server.url, jar).request('GET', '/api/account')).body.login, 'olga');
    provider.signInAs({ email: 'olga.admin@example.org', email_verified: false });
    await refused({}, /is not verified at the provider/);
    provider.signInAs({ email: 'nobody@example.org' });
    await refused({}, /no portal user has e-mail nobody@example.org/);
  } finally {
    oidc.loginClaim = 'preferred_username';
  }
});

t('the way back must belong to this browser\'s flow: state, flow cookie, a code used once', async () => {
  const jar = new CookieJar();
  const start = await browse(jar, `${server.url}/api/redirect/login`);
  const callback = (await browse(jar, start.location!)).location!;
  const forged = new URL(callback);
  forged.searchParams.set('state', 'forged');
  let back = await browse(jar, forged.toString());
  assert.is(back.location, `${server.url}/#/error`);
  assert.is(jar.get('SESSION'), undefined);
  // Another browser cannot finish this flow (no flow cookie), nor can this one after its flow was spent.
  back = await browse(new CookieJar(), callback);
  assert.is(back.location, `${server.url}/#/error`);
  back = await browse(jar, callback);
  assert.is(back.location, `${server.url}/#/error`);
  // A code replayed with its flow cookie restored: the provider refuses the second exchange.
  const good = await throughProvider();
  const flow = good.start.setCookies.find((c) => c.startsWith('MP_LOGIN_FLOW='))!.split(';')[0].slice('MP_LOGIN_FLOW='.length);
  const replay = new CookieJar();
  replay.cookies.set('MP_LOGIN_FLOW', decodeURIComponent(flow));
  back = await browse(replay, good.callback!);
  assert.is(back.location, `${server.url}/#/error`);
  assert.is(replay.get('SESSION'), undefined);
  assert.match(failures().at(-1)!, /invalid_grant/);
  // A flow cookie of the built-in kind (state and verifier, no nonce) does not finish an OpenID Connect sign-in.
  const builtIn = new CookieJar();
  builtIn.cookies.set('MP_LOGIN_FLOW', `st4te.${'v'.repeat(43)}`);
  back = await browse(builtIn, `${server.url}/api/redirect/login?code=abc&state=st4te`);
  assert.is(back.location, `${server.url}/#/error`);
  assert.match(failures().at(-1)!, /state does not match/);
  // What the query string says reaches the log on one line.
  back = await browse(new CookieJar(), `${server.url}/api/redirect/login?error=denied&error_description=${encodeURIComponent('x\n2030-01-01 INFO  forged')}`);
  assert.is(back.location, `${server.url}/#/error`);
  assert.match(failures().at(-1)!, /provider answered denied: x 2030-01-01 INFO  forged$/);
});

t('a provider that does not answer, or names another issuer, ends on the error page, never a 500', async () => {
  const oidc = server.app.oidc!;
  oidc.timeoutMs = 300;
  try {
    oidc.discovery.forget();
    provider.behaviour = { hangDiscovery: true };
    const jar = new CookieJar();
    const started = Date.now();
    const start = await browse(jar, `${server.url}/api/redirect/login`);
    assert.is(start.location, `${server.url}/#/error`);
    assert.ok(Date.now() - started < 3000);
    assert.match(failures().at(-1)!, /discovery: no answer from .* \(timed out\)/);
    provider.reset();
    provider.behaviour = { discoveryIssuer: 'https://impostor.example' };
    const again = await browse(jar, `${server.url}/api/redirect/login`);
    assert.is(again.location, `${server.url}/#/error`);
    assert.match(failures().at(-1)!, /issuer "https:\/\/impostor.example" is not OIDC_ISSUER/);
    provider.reset();
    provider.signInAs({ preferred_username: 'olga' });
    assert.is((await throughProvider()).back.location, `${server.url}/#/`, 'a failed discovery is not kept');
  } finally {
    oidc.timeoutMs = 5000;
  }
});

t('api/redirect/account goes to OIDC_ACCOUNT_URL', async () => {
  const res = await server.request('GET', '/api/redirect/account');
  assert.is(res.status, 302);
  assert.is(res.headers.get('location'), ACCOUNT_URL);
});

t('the built-in authorization server keeps serving other OAuth clients, passwords included', async () => {
  await addClient(server, { clientId: 'app' });
  const password = await tokenRequest(server, { grant_type: 'password', username: 'pam', password: 'Pam-Password-1' }, ['app', 'app-secret']);
  assert.is(password.status, 200);
  const { code, verifier } = await codeFor(server, new CookieJar(), 'app', 'pam', 'Pam-Password-1');
  const exchanged = await tokenRequest(server, { grant_type: 'authorization_code', code, redirect_uri: 'http://app.example/callback', code_verifier: verifier }, ['app', 'app-secret']);
  assert.is(exchanged.status, 200);
  assert.ok(exchanged.body.access_token);
});

t('a sign-in started on one server process finishes on another: nothing of the flow is in memory', async () => {
  if (!TEST_DATABASE_URL) return console.log('  (skipped: TEST_DATABASE_URL is not set)');
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: server.dataDir, LOG_LEVEL: 'ERROR', ...provider.env() });
  const other = await startServer(config, openPostgres(server.database.url!), { logs: new LoggerRegistry('ERROR', () => {}) });
  try {
    other.app.config.publicUrl = server.app.config.publicUrl; // one public URL for both, as behind a load balancer
    const jar = new CookieJar();
    const start = await browse(jar, `${server.url}/api/redirect/login`);
    const callback = (await browse(jar, start.location!)).location!;
    const back = await browse(jar, callback.replace(server.url, other.url));
    assert.is(back.location, `${server.url}/#/`);
    assert.is((await sessionClient(server.url, jar).request('GET', '/api/account')).body.login, 'olga');
  } finally {
    await other.stop();
  }
});

const config = suite('oidc config');

config('unset is the built-in sign-in; set, the values are read with their defaults', () => {
  assert.is(loadConfig({}).oidc, undefined);
  const c = loadConfig({ OIDC_ISSUER: 'https://id.example.org/realms/radar', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: ' s3cret ' }).oidc!;
  assert.equal(c, {
    issuer: 'https://id.example.org/realms/radar', clientId: 'portal', clientSecret: ' s3cret ', loginClaim: 'preferred_username',
    scopes: ['openid', 'profile', 'email'], accountUrl: undefined,
  });
  const d = loadConfig({
    OIDC_ISSUER: 'http://localhost:8081', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's', OIDC_LOGIN_CLAIM: 'email',
    OIDC_SCOPES: 'openid email', OIDC_ACCOUNT_URL: 'https://id.example.org/account',
  }).oidc!;
  assert.is(d.loginClaim, 'email');
  assert.equal(d.scopes, ['openid', 'email']);
  assert.is(d.accountUrl, 'https://id.example.org/account');
});

config('half a configuration or a bad value stops the start, naming the variable', () => {
  const full = { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's' };
  const cases: [Record<string, string>, string][] = [
    [{ OIDC_ISSUER: 'https://id.example.org' }, 'OIDC_CLIENT_ID'],
    [{ OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'portal' }, 'OIDC_CLIENT_SECRET'],
    [{ OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's' }, 'OIDC_ISSUER'],
    [{ OIDC_ACCOUNT_URL: 'https://id.example.org/account' }, 'OIDC_ISSUER'],
    [{ ...full, OIDC_ISSUER: 'http://id.example.org' }, 'OIDC_ISSUER'],
    [{ ...full, OIDC_ISSUER: 'not a url' }, 'OIDC_ISSUER'],
    [{ ...full, OIDC_ISSUER: 'https://id.example.org/?realm=x' }, 'OIDC_ISSUER'],
    [{ ...full, OIDC_LOGIN_CLAIM: 'pre ferred' }, 'OIDC_LOGIN_CLAIM'],
    [{ ...full, OIDC_SCOPES: 'profile email' }, 'OIDC_SCOPES'],
    [{ ...full, OIDC_ACCOUNT_URL: 'ftp://id.example.org' }, 'OIDC_ACCOUNT_URL'],
  ];
  for (const [env, variable] of cases) {
    try {
      loadConfig(env);
      assert.unreachable(`${JSON.stringify(env)} accepted`);
    } catch (error) {
      assert.instance(error, ConfigError, JSON.stringify(env));
      assert.is((error as ConfigError).variable, variable, JSON.stringify(env));
    }
  }
  for (const issuer of ['http://127.0.0.1:9000', 'http://localhost/realms/x', 'http://[::1]:9000']) {
    assert.is(loadConfig({ ...full, OIDC_ISSUER: issuer }).oidc!.issuer, issuer);
  }
});

t.run();
config.run();
