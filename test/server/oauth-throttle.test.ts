// Throttling of failed sign-ins (table login_attempt): per login and per address, on the sign-in form and the
// password grant alike, answered with 429 and Retry-After until the lock passes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { createUser } from '../setup/auth';
import { CookieJar, openSignInPage, signIn, submitSignIn } from '../setup/session';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
const APP: [string, string] = ['app', 'app-secret'];
const t = suite('oauth throttle');
t.before(async () => {
  server = await startTestServer();
  await createUser(server, 'alice', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Alice-Password-1' });
  await addClient(server, { clientId: 'app', secret: 'app-secret' });
});
t.before.each(async () => {
  await server.app.db.query('DELETE FROM login_attempt');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('five failures for a login lock it for a while: 429 with Retry-After, even with the right password', async () => {
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  for (let i = 0; i < 5; i++) assert.is((await submitSignIn(jar, visit, 'alice', `wrong-${i}`)).status, 200);
  const locked = await submitSignIn(jar, visit, 'alice', 'Alice-Password-1');
  assert.is(locked.status, 429);
  const retryAfter = Number(locked.headers.get('retry-after'));
  assert.ok(retryAfter > 800 && retryAfter <= 900, String(retryAfter));
  assert.match(locked.text, /Too many failed sign-ins/);
  assert.is(locked.location, undefined);
  // Other logins from the same address still work.
  assert.ok(await signIn(server, 'admin', ADMIN_PASSWORD));
  // When the lock has passed, the right password works again.
  await server.app.db.query("UPDATE login_attempt SET locked_until = now() - interval '1 second', first_failure_at = now() - interval '16 minutes'");
  assert.ok(await signIn(server, 'alice', 'Alice-Password-1'));
});

t('failures spread over more than the window do not lock', async () => {
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  for (let i = 0; i < 4; i++) await submitSignIn(jar, visit, 'alice', `wrong-${i}`);
  await server.app.db.query("UPDATE login_attempt SET first_failure_at = now() - interval '16 minutes'");
  await submitSignIn(jar, visit, 'alice', 'wrong-again');
  assert.is((await submitSignIn(jar, visit, 'alice', 'Alice-Password-1')).status, 302);
});

t('twenty failures from one address lock every login from it', async () => {
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  for (let i = 0; i < 20; i++) assert.is((await submitSignIn(jar, visit, `guess-${i}`, 'wrong')).status, 200);
  const locked = await submitSignIn(jar, visit, 'alice', 'Alice-Password-1');
  assert.is(locked.status, 429);
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
});

t('the password grant is throttled like the form, and counts towards it', async () => {
  for (let i = 0; i < 5; i++) {
    const wrong = await tokenRequest(server, { grant_type: 'password', username: 'alice', password: 'nope' }, APP);
    assert.is(wrong.status, 400);
    assert.is(wrong.body.error, 'invalid_grant');
  }
  const locked = await tokenRequest(server, { grant_type: 'password', username: 'alice', password: 'Alice-Password-1' }, APP);
  assert.is(locked.status, 429);
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
  const jar = new CookieJar();
  assert.is((await submitSignIn(jar, await openSignInPage(server.url, jar), 'alice', 'Alice-Password-1')).status, 429);
});

t.run();
