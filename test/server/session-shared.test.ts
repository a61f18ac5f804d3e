// Two server processes on one PostgreSQL database, as behind a load balancer (same PUBLIC_URL): a sign-in may
// start on one and finish on the other, the session works on both, logout on one ends it on both, and failed
// sign-ins count across them. Needs TEST_DATABASE_URL (PGlite is one process by design).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../src/server/config';
import { openPostgres } from '../../src/server/db/postgres';
import { LoggerRegistry } from '../../src/server/log';
import { startServer, type RunningServer } from '../../src/server/start';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates, TEST_DATABASE_URL } from '../setup/database';
import { createUser } from '../setup/auth';
import { browse, CookieJar, openSignInPage, sessionClient, signIn, submitSignIn } from '../setup/session';
import { testRouter } from './oauth-fixtures';

let a: TestServer;
let b: RunningServer;
const t = suite('session shared by two servers');
t.before(async () => {
  if (!TEST_DATABASE_URL) return;
  a = await startTestServer({}, { router: testRouter() });
  await createUser(a, 'sue', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Sue-Password-1' });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: a.dataDir, LOG_LEVEL: 'ERROR' });
  b = await startServer(config, openPostgres(a.database.url!), { router: testRouter(), logs: new LoggerRegistry('ERROR', () => {}) });
  b.app.config.publicUrl = a.app.config.publicUrl; // one public URL for both, as behind a load balancer
});
t.after(async () => {
  await b?.stop();
  await a?.close();
  await dropTemplates();
});

const onB = (url: string) => url.replace(a.url, b.url);

t('a session made on one server works on the other, and logout on either ends it', async () => {
  if (!TEST_DATABASE_URL) return console.log('  (skipped: TEST_DATABASE_URL is not set)');
  const client = await signIn(a, 'sue', 'Sue-Password-1');
  const other = sessionClient(b.url, client.jar);
  const me = await other.request('GET', '/api/test/whoami');
  assert.is(me.status, 200);
  assert.is(me.body.login, 'sue');
  assert.is((await other.request('POST', '/api/test/echo')).status, 200, 'the XSRF token is shared too');
  const cookie = client.jar.get('SESSION')!;
  assert.is((await other.request('POST', '/api/logout')).status, 204);
  client.jar.cookies.set('SESSION', cookie); // a copy of the cookie is worth nothing now
  assert.is((await client.request('GET', '/api/test/whoami')).status, 401);
});

t('the sign-in may hop between servers at every step', async () => {
  if (!TEST_DATABASE_URL) return;
  const jar = new CookieJar();
  const visit = await openSignInPage(a.url, jar); // flow started on A
  const posted = await submitSignIn(jar, { ...visit, authorizeUrl: onB(visit.authorizeUrl) }, 'sue', 'Sue-Password-1'); // form posted to B
  assert.is(posted.status, 302);
  const back = await browse(jar, posted.location!); // code exchanged on A
  assert.is(back.location, `${a.url}/#/`);
  const me = await sessionClient(b.url, jar).request('GET', '/api/test/whoami');
  assert.is(me.body.login, 'sue');
});

t('failed sign-ins count across servers', async () => {
  if (!TEST_DATABASE_URL) return;
  await a.app.db.query('DELETE FROM login_attempt');
  for (const [i, base] of [a.url, b.url, a.url, b.url, a.url].entries()) {
    const jar = new CookieJar();
    const res = await submitSignIn(jar, await openSignInPage(base, jar), 'sue', `wrong-${i}`);
    assert.is(res.status, 200);
  }
  const jar = new CookieJar();
  const visit = await openSignInPage(a.url, jar);
  const locked = await submitSignIn(jar, { ...visit, authorizeUrl: onB(visit.authorizeUrl) }, 'sue', 'Sue-Password-1');
  assert.is(locked.status, 429);
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
});

t.run();
