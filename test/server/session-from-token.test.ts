// POST api/login makes a session of a bearer token, and the session carries no more than the token: only the
// token's scopes (a PROJECT.READ token gives no session that lists or creates users), no life beyond the token's
// `exp` (the session never slides past it), and it ends when the token's OAuth client is deleted
// (oauth-client-deleted.test.ts). A user that REQUIRE_2FA asks a second factor of, but who has none, gets no session
// from a token: the factor is enrolled at the sign-in page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mintAccessToken } from '../../src/server/auth/tokens';
import { createProjectRow, createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';

let server: TestServer;
const t = suite('a session made from a token');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar');
  await createUser(server, 'padmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }], { password: 'Padmin-Password-1' });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

async function tokenFor(login: string, scopes: string[], ttlSeconds = 3600): Promise<string> {
  const [user] = await server.app.db.query<{ id: number }>('SELECT id FROM radar_user WHERE login = $1', [login]);
  const { token } = await mintAccessToken(server.app.db, server.app.keys, { clientId: 'ManagementPortalapp', scopes, ttlSeconds, grantType: 'authorization_code', userId: user.id });
  return token;
}

/** POST api/login with the token: the session's cookie header and its XSRF token. */
async function sessionOf(token: string) {
  const res = await server.request('POST', '/api/login', { headers: { authorization: `Bearer ${token}` } });
  assert.is(res.status, 200, res.text);
  const cookies = Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0].split('=') as [string, string]));
  const headers = { cookie: `SESSION=${cookies.SESSION}; XSRF-TOKEN=${cookies['XSRF-TOKEN']}`, 'x-xsrf-token': cookies['XSRF-TOKEN'] };
  return (method: string, path: string, json?: unknown) => server.request(method, path, { headers, json });
}

const newUser = { login: 'made-by-session', email: 'made@example.org', firstName: 'M', lastName: 'S', langKey: 'en',
  roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }] };

t('the session has only the token\'s scopes', async () => {
  const token = await tokenFor('padmin', ['PROJECT.READ']);
  const bearer = { headers: { authorization: `Bearer ${token}` } };
  assert.is((await server.request('GET', '/api/users', bearer)).status, 403);
  assert.is((await server.request('GET', '/api/projects/radar', bearer)).status, 200);
  const session = await sessionOf(token);
  assert.is((await session('GET', '/api/projects/radar')).status, 200);
  assert.is((await session('GET', '/api/users')).status, 403);
  assert.is((await session('POST', '/api/users', newUser)).status, 403);
  assert.is((await server.app.db.query("SELECT 1 FROM radar_user WHERE login = 'made-by-session'")).length, 0);
  // A token with the user's scopes gives a session with them.
  const full = await sessionOf(await tokenFor('padmin', ['PROJECT.READ', 'USER.READ']));
  assert.is((await full('GET', '/api/users')).status, 200);
});

t('the session ends when the token expires, and says so in X-Session-Expires-In', async () => {
  const session = await sessionOf(await tokenFor('padmin', ['PROJECT.READ'], 2));
  const live = await session('GET', '/api/account');
  assert.is(live.status, 200);
  assert.ok(Number(live.headers.get('x-session-expires-in')) <= 2, live.headers.get('x-session-expires-in') ?? 'no header');
  // Even a touch (the slide of the expiry, at most once a minute) does not carry it past the token.
  await server.app.db.query("UPDATE http_session SET last_seen_at = now() - interval '2 minutes'");
  assert.is((await session('GET', '/api/account')).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 2600));
  assert.is((await session('GET', '/api/account')).status, 401);
});

t('REQUIRE_2FA: a user who must have a second factor but has none gets no session from a token', async () => {
  const strict = await startTestServer({ REQUIRE_2FA: 'staff' });
  try {
    await createUser(strict, 'nofactor', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Nofactor-Password-1' });
    const [user] = await strict.app.db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'nofactor'");
    const { token } = await mintAccessToken(strict.app.db, strict.app.keys, { clientId: 'ManagementPortalapp', scopes: ['PROJECT.READ'], ttlSeconds: 60, grantType: 'refresh_token', userId: user.id });
    const res = await strict.request('POST', '/api/login', { headers: { authorization: `Bearer ${token}` } });
    assert.is(res.status, 403, res.text);
    assert.is(res.headers.getSetCookie().filter((c) => c.startsWith('SESSION=') && !c.startsWith('SESSION=;')).length, 0);
  } finally {
    await strict.close();
  }
});

t.run();
