// The user's own browser sessions (docs/users.md, Sessions): listing with public ids and readable browsers, ending
// one, ending all others (never the current one), a foreign id answered 404, a system admin ending all of a user's
// sessions, and an ended session's cookie no longer working. Every ending is audited.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { asUser, createUser } from '../setup/auth';
import { browse, CookieJar, openSignInPage, sessionClient, submitSignIn, type SessionClient } from '../setup/session';
import { testRouter } from './oauth-fixtures';
import { readableUserAgent } from '../../src/server/session/user-agent';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface SessionDTO { id: string; createdAt: string; lastUsedAt: string; remoteAddress: string | null; userAgent: string | null; browser: string | null; current: boolean }

let server: TestServer;
const t = suite('session-list');
t.before(async () => {
  server = await startTestServer({}, { router: testRouter() });
  await createUser(server, 'ann', [], { password: 'Ann-Password-1' });
  await createUser(server, 'bob', [], { password: 'Bob-Password-1' });
  await createUser(server, 'root', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Root-Password-1' });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

/** The browser sign-in, with the User-Agent sent on the hop that starts the session. */
async function signInWith(login: string, password: string, userAgent: string): Promise<SessionClient> {
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  const posted = await submitSignIn(jar, visit, login, password, false);
  const back = await browse(jar, posted.location!, { headers: { 'user-agent': userAgent } });
  assert.ok(jar.get('SESSION'), `${back.status} ${back.location}`);
  return sessionClient(server.url, jar);
}

const sessionsOf = async (client: SessionClient) => {
  const res = await client.request('GET', '/api/account/sessions');
  assert.is(res.status, 200, res.text);
  return res.body as SessionDTO[];
};

const stillSignedIn = async (client: SessionClient) => (await client.request('GET', '/api/account')).status === 200;

const auditsOf = (type: string) =>
  server.app.db.query<{ principal: string; data: Record<string, string> }>('SELECT principal, data FROM audit_event WHERE event_type = $1 ORDER BY id', [type]);

t('the list shows each session with a public id, times, address and a readable browser, and marks the current one', async () => {
  const first = await signInWith('ann', 'Ann-Password-1', FIREFOX);
  const second = await signInWith('ann', 'Ann-Password-1', SAFARI_IPHONE);
  await signInWith('bob', 'Bob-Password-1', FIREFOX);
  const list = await sessionsOf(first);
  assert.is(list.length, 2);
  const hashes = (await server.app.db.query<{ id_hash: string }>('SELECT id_hash FROM http_session')).map((r) => r.id_hash);
  const cookies = [first.jar.get('SESSION'), second.jar.get('SESSION')];
  for (const session of list) {
    assert.ok(!hashes.includes(session.id) && !cookies.includes(session.id), 'the public id is neither the cookie nor its hash');
    assert.ok(!hashes.some((h) => h.startsWith(session.id)));
    assert.ok(Date.parse(session.createdAt) > 0 && Date.parse(session.lastUsedAt) >= Date.parse(session.createdAt) - 1000);
    assert.match(session.remoteAddress ?? '', /127\.0\.0\.1|::1/);
  }
  const current = list.find((s) => s.current)!;
  assert.is(current.browser, 'Firefox 128 on Windows');
  assert.is(current.userAgent, FIREFOX);
  assert.is(list.find((s) => !s.current)!.browser, 'Safari 17 on iOS');
  assert.is((await sessionsOf(second)).filter((s) => s.current).length, 1);
  assert.is.not((await sessionsOf(second)).find((s) => s.current)!.id, current.id);
});

t('ending one session by its id makes its cookie stop working and is audited; a foreign or unknown id is a 404', async () => {
  const mine = await signInWith('bob', 'Bob-Password-1', FIREFOX);
  const other = await signInWith('bob', 'Bob-Password-1', SAFARI_IPHONE);
  const ann = await signInWith('ann', 'Ann-Password-1', FIREFOX);
  const annId = (await sessionsOf(ann)).find((s) => s.current)!.id;
  assert.is((await mine.request('DELETE', `/api/account/sessions/${annId}`)).status, 404);
  assert.is((await mine.request('DELETE', '/api/account/sessions/not-a-session')).status, 404);
  assert.ok(await stillSignedIn(ann));
  const otherId = (await sessionsOf(other)).find((s) => s.current)!.id;
  assert.is((await mine.request('DELETE', `/api/account/sessions/${otherId}`)).status, 204);
  assert.not.ok(await stillSignedIn(other));
  assert.ok(await stillSignedIn(mine));
  assert.not.ok((await sessionsOf(mine)).some((s) => s.id === otherId));
  const audits = await auditsOf('SESSION_ENDED');
  assert.equal(audits.at(-1), { principal: 'bob', data: { user: 'bob', session: otherId, remoteAddress: audits.at(-1)!.data.remoteAddress } });
});

t('ending all others keeps the current session', async () => {
  await server.app.db.query("DELETE FROM http_session WHERE user_id = (SELECT id FROM radar_user WHERE login = 'ann')");
  const here = await signInWith('ann', 'Ann-Password-1', FIREFOX);
  const there = [await signInWith('ann', 'Ann-Password-1', SAFARI_IPHONE), await signInWith('ann', 'Ann-Password-1', FIREFOX)];
  const bob = await signInWith('bob', 'Bob-Password-1', FIREFOX);
  assert.is((await here.request('DELETE', '/api/account/sessions')).status, 204);
  assert.ok(await stillSignedIn(here));
  for (const client of there) assert.not.ok(await stillSignedIn(client));
  assert.ok(await stillSignedIn(bob));
  const list = await sessionsOf(here);
  assert.is(list.length, 1);
  assert.ok(list[0].current);
  assert.equal((await auditsOf('SESSIONS_ENDED')).at(-1)!.data.count, '2');
});

t('a system admin ends every session of a user; others get 403, an unknown login 404', async () => {
  const ann = await signInWith('ann', 'Ann-Password-1', FIREFOX);
  const bob = await signInWith('bob', 'Bob-Password-1', FIREFOX);
  const root = await asUser(server, 'root');
  const asBob = await asUser(server, 'bob');
  assert.is((await asBob('DELETE', '/api/users/ann/sessions')).status, 403);
  assert.is((await bob.request('DELETE', '/api/users/ann/sessions')).status, 403);
  assert.ok(await stillSignedIn(ann));
  assert.is((await root('DELETE', '/api/users/nobody/sessions')).status, 404);
  assert.is((await root('DELETE', '/api/users/ann/sessions')).status, 204);
  assert.not.ok(await stillSignedIn(ann));
  assert.ok(await stillSignedIn(bob));
  const last = (await auditsOf('SESSIONS_ENDED')).at(-1)!;
  assert.is(last.principal, 'root');
  assert.is(last.data.user, 'ann');
  assert.is(last.data.scope, 'all');
});

t('the session store keeps only the hash of the cookie', async () => {
  const client = await signInWith('bob', 'Bob-Password-1', FIREFOX);
  const hash = createHash('sha256').update(client.jar.get('SESSION')!).digest('hex');
  const [row] = await server.app.db.query<{ public_id: string }>('SELECT public_id FROM http_session WHERE id_hash = $1', [hash]);
  assert.ok(row.public_id && !hash.startsWith(row.public_id));
});

t('readable browsers: Edge and Opera are not taken for Chrome, nor Chrome for Safari', () => {
  const cases: [string | null, string | null][] = [
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87', 'Edge 126 on Windows'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36', 'Chrome 126 on Android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari 17 on macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera 111 on Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Linux'],
    ['curl/8.5.0', 'curl'],
    ['', null],
    [null, null],
  ];
  for (const [header, expected] of cases) assert.is(readableUserAgent(header), expected, String(header));
});

t.run();
