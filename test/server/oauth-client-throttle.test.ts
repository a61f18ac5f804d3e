// Client authentication at the token endpoint is throttled as sign-in is (oauth/client-auth-throttle.ts): 20 failures
// from one address, or 50 for one client id from anywhere, lock it for 15 minutes: 429 in OAuth's error shape with
// Retry-After, even for the right secret, before any hashing. Unknown client ids count too. Other addresses and
// clients are not locked by it, and a user's sign-in from the address is not either. At most a few secrets are
// hashed at once (oauth/secret-check-slots.ts); the figures of that are in bench/client-auth.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { inSecretCheckSlot, MAX_RUNNING, MAX_WAITING, secretCheckLoad } from '../../src/server/oauth/secret-check-slots';
import { addClient, basic } from './oauth-fixtures';

let server: TestServer;
const t = suite('client authentication throttle');
t.before(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1,::1' });
  await addClient(server, { clientId: 'app' });
  await addClient(server, { clientId: 'other' });
  await createUser(server, 'cleo', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Cleo-Password-1' });
});
t.before.each(async () => {
  await server.app.db.query('DELETE FROM login_attempt');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

function clientCredentials(clientId: string, secret: string, from: string) {
  return server.request('POST', '/oauth/token', {
    body: 'grant_type=client_credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(clientId, secret), 'x-forwarded-for': from },
  });
}

function assertThrottled(res: { status: number; headers: Headers; body: any }) {
  assert.is(res.status, 429);
  assert.is(res.body.error, 'temporarily_unavailable');
  assert.type(res.body.error_description, 'string');
  const retryAfter = Number(res.headers.get('retry-after'));
  assert.ok(retryAfter > 800 && retryAfter <= 900, String(retryAfter));
  assert.is(res.headers.get('cache-control'), 'no-store');
}

t('twenty wrong secrets from one address lock client authentication from it, for every client', async () => {
  for (let i = 0; i < 20; i++) {
    const res = await clientCredentials(i % 2 ? 'app' : 'no-such-client', `wrong-${i}`, '198.51.100.7');
    assert.is(res.status, 401, `attempt ${i}`);
    assert.is(res.body.error, 'invalid_client');
  }
  assertThrottled(await clientCredentials('app', 'app-secret', '198.51.100.7'));
  assertThrottled(await clientCredentials('other', 'app-secret', '198.51.100.7'));
  assert.is((await clientCredentials('app', 'app-secret', '198.51.100.8')).status, 200, 'another address is not locked');
  // A user's sign-in from the address is a different count.
  const signIn = await server.request('POST', '/oauth/token', {
    body: new URLSearchParams({ grant_type: 'password', username: 'cleo', password: 'Cleo-Password-1' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic('other', 'app-secret'), 'x-forwarded-for': '198.51.100.9' },
  });
  assert.is(signIn.status, 200);
});

t('an IPv6 address counts by its /64', async () => {
  for (let i = 0; i < 20; i++) assert.is((await clientCredentials('app', 'wrong', `2001:db8:1:2::${i + 1}`)).status, 401);
  assertThrottled(await clientCredentials('app', 'app-secret', '2001:db8:1:2::ffff'));
  assert.is((await clientCredentials('app', 'app-secret', '2001:db8:1:3::1')).status, 200);
});

t('fifty wrong secrets for one client from many addresses lock that client; others still authenticate', async () => {
  for (let i = 0; i < 50; i++) assert.is((await clientCredentials('app', 'wrong', `203.0.113.${i + 1}`)).status, 401);
  assertThrottled(await clientCredentials('app', 'app-secret', '192.0.2.1'));
  assert.is((await clientCredentials('other', 'app-secret', '192.0.2.1')).status, 200);
  // When the lock has passed, the right secret works again.
  await server.app.db.query("UPDATE login_attempt SET locked_until = now() - interval '1 second', first_failure_at = now() - interval '16 minutes'");
  assert.is((await clientCredentials('app', 'app-secret', '192.0.2.1')).status, 200);
});

/** Takes every slot and every waiting place, until the answer is called. */
async function occupySlots(): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const holders: Promise<unknown>[] = [];
  for (;;) {
    const before = secretCheckLoad();
    const holder = inSecretCheckSlot(() => held).catch((error) => error);
    const after = secretCheckLoad();
    if (after.running === before.running && after.waiting === before.waiting) break; // refused: all taken
    holders.push(holder);
  }
  return async () => {
    release();
    await Promise.all(holders);
  };
}

t('secrets are hashed a few at a time (half the CPUs): with every slot and waiting place taken, a check is refused at once (429)', async () => {
  const release = await occupySlots();
  try {
    const load = secretCheckLoad();
    assert.equal(load, { running: MAX_RUNNING, waiting: MAX_WAITING });
    // A wrong secret of a known client and any secret of an unknown client id are both hashed, so both are refused
    // as busy: an unknown id costs what a known one costs.
    for (const clientId of ['app', 'no-such-client']) {
      const busy = await clientCredentials(clientId, 'some-secret', '198.51.100.20');
      assert.is(busy.status, 429, clientId);
      assert.is(busy.body.error, 'temporarily_unavailable');
      assert.is(busy.headers.get('retry-after'), '1');
    }
  } finally {
    await release();
  }
  assert.equal(secretCheckLoad(), { running: 0, waiting: 0 });
  assert.is((await clientCredentials('app', 'app-secret', '198.51.100.20')).status, 200);
});

t.run();
