// Browser sessions: how the redirect sign-in ends (state, PKCE, failures), the cookies, the XSRF rule, logout,
// remember-me and idle expiry, token-to-session, and ending a user's sessions.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { endSessionsOfUser } from '../../src/server/session/session-store';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { bearerFor, createUser } from '../setup/auth';
import { browse, CookieJar, openSignInPage, sessionClient, signIn, submitSignIn } from '../setup/session';
import { testRouter } from './oauth-fixtures';

let server: TestServer;
const t = suite('session');
t.before(async () => {
  server = await startTestServer({}, { router: testRouter() });
  await createUser(server, 'sam', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Sam-Password-1' });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const sessionRow = async (cookie: string) =>
  (await server.app.db.query<{ remember_me: boolean; life: number; last_seen_at: Date }>(
    `SELECT remember_me, extract(epoch FROM expires_at - now())::int AS life, last_seen_at FROM http_session
      WHERE id_hash = $1`,
    [createHash('sha256').update(cookie).digest('hex')],
  ))[0];

/** Everything up to the code coming back, which the test then tampers with. */
async function codeComingBack(jar: CookieJar) {
  const visit = await openSignInPage(server.url, jar);
  const posted = await submitSignIn(jar, visit, 'sam', 'Sam-Password-1');
  return new URL(posted.location!);
}

t('the sign-in sets SESSION and XSRF-TOKEN with the attributes of docs/api-conventions.md and stores only a hash', async () => {
  const client = await signIn(server, 'sam', 'Sam-Password-1', { rememberMe: false });
  const cookie = client.jar.get('SESSION')!;
  const rows = await server.app.db.query<{ id_hash: string }>('SELECT id_hash FROM http_session');
  assert.ok(rows.every((r) => r.id_hash !== cookie));
  const row = await sessionRow(cookie);
  assert.is(row.remember_me, false);
  assert.ok(row.life > 29 * 60 && row.life <= 30 * 60, String(row.life));
  const fresh = new CookieJar();
  const back = await browse(fresh, (await codeComingBack(fresh)).toString());
  const session = back.setCookies.find((c) => c.startsWith('SESSION='))!;
  const xsrf = back.setCookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
  assert.match(session, /HttpOnly/);
  assert.match(session, /SameSite=Lax/);
  assert.match(session, /Path=\//);
  assert.not.match(session, /Secure/);
  assert.not.match(xsrf, /HttpOnly/);
  assert.match(xsrf, /SameSite=Strict/);
  assert.match(xsrf, /Path=\//);
  assert.is(back.location, `${server.url}/#/`);
});

t('remember-me keeps the session 30 days, with persistent cookies', async () => {
  const jar = new CookieJar();
  const back = await browse(jar, (await codeComingBack(jar)).toString());
  const session = back.setCookies.find((c) => c.startsWith('SESSION='))!;
  assert.match(session, /Max-Age=2592000/);
  assert.match(back.setCookies.find((c) => c.startsWith('XSRF-TOKEN='))!, /Max-Age=2592000/);
  const row = await sessionRow(jar.get('SESSION')!);
  assert.is(row.remember_me, true);
  assert.ok(row.life > 30 * 86400 - 60, String(row.life));
  const short = await signIn(server, 'sam', 'Sam-Password-1', { rememberMe: false });
  assert.is((await sessionRow(short.jar.get('SESSION')!)).remember_me, false);
});

t('a state that does not match, a missing flow cookie or an error from the server end on the error page', async () => {
  let jar = new CookieJar();
  let back = await codeComingBack(jar);
  back.searchParams.set('state', 'forged');
  let answer = await browse(jar, back.toString());
  assert.is(answer.location, `${server.url}/#/error`);
  assert.is(jar.get('SESSION'), undefined);
  jar = new CookieJar();
  back = await codeComingBack(jar);
  jar.cookies.delete('MP_LOGIN_FLOW');
  answer = await browse(jar, back.toString());
  assert.is(answer.location, `${server.url}/#/error`);
  answer = await browse(new CookieJar(), `${server.url}/api/redirect/login?error=access_denied&state=x`);
  assert.is(answer.location, `${server.url}/#/error`);
});

t('the code is bound to the PKCE verifier of the flow that asked for it, and works once', async () => {
  const a = new CookieJar();
  const backA = await codeComingBack(a);
  const b = new CookieJar();
  await codeComingBack(b); // another flow: its own state and verifier
  b.cookies.set('MP_LOGIN_FLOW', `${backA.searchParams.get('state')}.${'v'.repeat(43)}`); // right state, wrong verifier
  assert.is((await browse(b, backA.toString())).location, `${server.url}/#/error`);
  const c = new CookieJar();
  const backC = await codeComingBack(c);
  const flow = c.get('MP_LOGIN_FLOW')!;
  assert.is((await browse(c, backC.toString())).location, `${server.url}/#/`);
  c.cookies.set('MP_LOGIN_FLOW', flow);
  c.cookies.delete('SESSION');
  assert.is((await browse(c, backC.toString())).location, `${server.url}/#/error`, 'a code is used once');
  assert.is(c.get('SESSION'), undefined);
});

t('XSRF: a session request that changes something needs the header; bearer requests do not', async () => {
  const client = await signIn(server, 'sam', 'Sam-Password-1');
  const ok = await client.request('POST', '/api/test/echo');
  assert.is(ok.status, 200);
  assert.is(ok.body.via, 'session');
  const missing = await client.request('POST', '/api/test/echo', { headers: { 'x-xsrf-token': '' } });
  assert.is(missing.status, 403);
  assert.is(missing.body.message, 'error.accessDenied');
  const wrong = await client.request('POST', '/api/test/echo', { headers: { 'x-xsrf-token': 'guess' } });
  assert.is(wrong.status, 403);
  const token = await bearerFor(server, 'sam');
  const bearer = await server.request('POST', '/api/test/echo', { headers: { authorization: `Bearer ${token}` } });
  assert.is(bearer.status, 200);
  const both = await client.request('POST', '/api/test/echo', { headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': '' } });
  assert.is(both.status, 200);
  assert.is(both.body.via, 'bearer', 'without the header the bearer token authenticates, not the cookie');
  assert.is((await client.request('GET', '/api/test/whoami', { headers: { 'x-xsrf-token': '' } })).status, 200);
});

t('a client that lost its XSRF-TOKEN cookie gets the same one back', async () => {
  const client = await signIn(server, 'sam', 'Sam-Password-1');
  const xsrf = client.jar.get('XSRF-TOKEN')!;
  client.jar.cookies.delete('XSRF-TOKEN');
  const me = await client.request('GET', '/api/test/whoami');
  assert.is(me.status, 200);
  assert.is(client.jar.get('XSRF-TOKEN'), xsrf);
  assert.is((await client.request('POST', '/api/test/echo')).status, 200);
});

t('logout ends the session and clears both cookies; it needs the XSRF header', async () => {
  const client = await signIn(server, 'sam', 'Sam-Password-1');
  const cookie = client.jar.get('SESSION')!;
  assert.is((await client.request('POST', '/api/logout', { headers: { 'x-xsrf-token': 'nope' } })).status, 403);
  const out = await client.request('POST', '/api/logout');
  assert.is(out.status, 204);
  assert.ok(out.setCookies.some((c) => /^SESSION=;.*Max-Age=0/.test(c)));
  assert.ok(out.setCookies.some((c) => /^XSRF-TOKEN=;.*Max-Age=0/.test(c)));
  assert.is(await sessionRow(cookie), undefined);
  client.jar.cookies.set('SESSION', cookie);
  assert.is((await client.request('GET', '/api/test/whoami')).status, 401);
  assert.is((await server.request('POST', '/api/logout')).status, 204, 'logout without a session is fine');
});

t('an idle session expires; use slides the expiry, written at most once a minute', async () => {
  const client = await signIn(server, 'sam', 'Sam-Password-1', { rememberMe: false });
  const cookie = client.jar.get('SESSION')!;
  const hash = createHash('sha256').update(cookie).digest('hex');
  const before = await sessionRow(cookie);
  await client.request('GET', '/api/test/whoami');
  assert.equal((await sessionRow(cookie)).last_seen_at, before.last_seen_at, 'no write within the minute');
  await server.app.db.query("UPDATE http_session SET last_seen_at = now() - interval '5 minutes', expires_at = now() + interval '1 minute' WHERE id_hash = $1", [hash]);
  await client.request('GET', '/api/test/whoami');
  const slid = await sessionRow(cookie);
  assert.ok(slid.life > 29 * 60, String(slid.life));
  await server.app.db.query("UPDATE http_session SET expires_at = now() - interval '1 second' WHERE id_hash = $1", [hash]);
  const expired = await client.request('GET', '/api/test/whoami');
  assert.is(expired.status, 401);
  assert.is(client.jar.get('SESSION'), undefined, 'the dead cookie is cleared');
});

t('every answer to a session request says how long the session has left (X-Session-Expires-In)', async () => {
  const client = await signIn(server, 'sam', 'Sam-Password-1', { rememberMe: false });
  const cookie = client.jar.get('SESSION')!;
  const hash = createHash('sha256').update(cookie).digest('hex');
  const fresh = Number((await client.request('GET', '/api/test/whoami')).headers.get('x-session-expires-in'));
  assert.ok(fresh > 29 * 60 && fresh <= 30 * 60, String(fresh));
  // Not touched within the minute: the stored expiry stands.
  await server.app.db.query("UPDATE http_session SET expires_at = now() + interval '100 seconds' WHERE id_hash = $1", [hash]);
  const left = Number((await client.request('GET', '/api/test/whoami')).headers.get('x-session-expires-in'));
  assert.ok(left >= 98 && left <= 100, String(left));
  // Used after more than a minute: slid, the whole lifetime again (what "Stay signed in" relies on).
  await server.app.db.query("UPDATE http_session SET last_seen_at = now() - interval '28 minutes' WHERE id_hash = $1", [hash]);
  const slid = await client.request('GET', '/api/test/whoami');
  assert.is(slid.headers.get('x-session-expires-in'), String(30 * 60));
  // A request without a session does not say it.
  assert.is((await server.request('GET', '/api/test/whoami')).headers.get('x-session-expires-in'), null);
});

t('a session follows the user: current roles, and nothing once deactivated', async () => {
  await createUser(server, 'vic', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Vic-Password-1' });
  const client = await signIn(server, 'vic', 'Vic-Password-1');
  assert.ok((await client.request('GET', '/api/test/whoami')).body.scopes.includes('ORGANIZATION.CREATE'));
  await server.app.db.query("DELETE FROM role_users WHERE user_id = (SELECT id FROM radar_user WHERE login = 'vic')");
  assert.equal((await client.request('GET', '/api/test/whoami')).body.scopes, []);
  await server.app.db.query("UPDATE radar_user SET activated = false WHERE login = 'vic'");
  assert.is((await client.request('GET', '/api/test/whoami')).status, 401);
});

t('POST api/login turns a bearer token into a session and answers the account', async () => {
  const token = await bearerFor(server, 'sam');
  const jar = new CookieJar();
  const res = await browse(jar, `${server.url}/api/login`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  assert.is(res.status, 200);
  assert.is(res.body.login, 'sam');
  assert.ok(Array.isArray(res.body.authorities));
  const me = await sessionClient(server.url, jar).request('GET', '/api/test/whoami');
  assert.is(me.body.via, 'session');
  assert.is((await server.request('POST', '/api/login')).status, 401);
  assert.is((await server.request('POST', '/api/login', { headers: { authorization: 'Bearer junk' } })).status, 401);
});

t('api/redirect/account sends the browser to the settings page', async () => {
  const res = await server.request('GET', '/api/redirect/account');
  assert.is(res.status, 302);
  assert.is(res.headers.get('location'), `${server.url}/#/settings`);
});

t('endSessionsOfUser ends all sessions of a user but the one kept', async () => {
  const one = await signIn(server, 'admin', ADMIN_PASSWORD);
  const two = await signIn(server, 'admin', ADMIN_PASSWORD);
  const [{ id }] = await server.app.db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'admin'");
  const keep = createHash('sha256').update(two.jar.get('SESSION')!).digest('hex');
  assert.ok((await endSessionsOfUser(server.app.db, id, keep)) >= 1);
  assert.is((await one.request('GET', '/api/test/whoami')).status, 401);
  assert.is((await two.request('GET', '/api/test/whoami')).status, 200);
  await endSessionsOfUser(server.app.db, id);
  assert.is((await two.request('GET', '/api/test/whoami')).status, 401);
});

t.run();
