// management/jhimetrics `databases` and `cache` (docs/management.md; the metrics screen shows "cache statistics" and "datasource
// pool"): the database wrapper's pool in HikariCP's gauge and timer names, and every in-memory cache of the process with
// Micrometer's cache meters. Runs on PGlite (a pool of one) and on PostgreSQL (postgres.js, max 10).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, bearerFor, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startFakeOidcProvider, type FakeOidcProvider } from '../setup/fake-oidc-provider';
import { startTestServer, type TestServer } from '../setup/server';
import { browse, CookieJar } from '../setup/session';

let server: TestServer;
let provider: FakeOidcProvider;
let admin: AsUser;
const t = suite('jhimetrics: datasource pool and caches');

t.before(async () => {
  provider = await startFakeOidcProvider();
  server = await startTestServer(provider.env({ PROFILES: 'prod,api-docs' }));
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await provider?.close();
  await dropTemplates();
});

const TIMER_KEYS = ['0.0', '0.5', '0.75', '0.95', '0.99', '1.0', 'count', 'max', 'mean', 'totalTime'];
const CACHE_KEYS = ['cache.evictions', 'cache.gets.hit', 'cache.gets.miss', 'cache.puts', 'cache.removals', 'cache.size'];
const onPostgres = () => server.app.db.kind === 'postgres';

async function metrics() {
  const res = await admin('GET', '/management/jhimetrics');
  assert.is(res.status, 200);
  return res.body;
}

t('databases: active, idle, max, min and pending as {value}; acquire and usage timers that grow with the requests', async () => {
  const before = (await metrics()).databases;
  for (let i = 0; i < 3; i++) assert.is((await admin('GET', '/api/account')).status, 200);
  const db = (await metrics()).databases;

  const expectedMax = onPostgres() ? 10 : 1;
  assert.equal(db.max, { value: expectedMax });
  assert.equal(db.min, { value: onPostgres() ? 0 : 1 });
  assert.ok(db.active.value >= 0 && db.active.value <= expectedMax, JSON.stringify(db.active));
  assert.is(db.idle.value, expectedMax - db.active.value);
  assert.is(db.pending.value, 0);
  for (const timer of ['acquire', 'usage']) {
    assert.equal(Object.keys(db[timer]).sort(), TIMER_KEYS, timer);
    const f = db[timer];
    assert.ok(f['0.0'] <= f['0.5'] && f['0.5'] <= f['0.75'] && f['0.75'] <= f['0.95'] && f['0.95'] <= f['0.99'] && f['0.99'] <= f['1.0'], timer);
    assert.ok(f['1.0'] <= f.max, timer);
  }
  // Each request reads the user and roles: at least one database call per request.
  assert.ok(db.usage.count >= before.usage.count + 3, `${before.usage.count} -> ${db.usage.count}`);
  assert.ok(db.usage.totalTime > before.usage.totalTime);
  assert.ok(db.usage.mean > 0);
  if (onPostgres()) {
    // postgres.js opens connections lazily and does not say when: no connection count, no creation timer.
    assert.is(db.connections, undefined);
    assert.is(db.creation, undefined);
  } else {
    assert.equal(db.connections, { value: 1 });
    assert.is(db.creation.count, 1);
    assert.equal(Object.keys(db.creation).sort(), TIMER_KEYS);
  }
});

t('databases: callers beyond max wait their turn, are counted as pending meanwhile, and their wait is timed', async () => {
  const { db } = server.app;
  const max = db.pool!.max;
  const hold = (ms: number) => db.transaction(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const acquiredBefore = (await metrics()).databases.acquire;
  const holders = Array.from({ length: max + 2 }, () => hold(60));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const during = db.pool!.figures();
  assert.equal([during.active.value, during.idle.value, during.pending.value], [max, 0, 2]);
  await Promise.all(holders);

  const after = (await metrics()).databases;
  assert.is(after.pending.value, 0);
  assert.ok(after.acquire.count >= acquiredBefore.count + max + 2);
  assert.ok(after.acquire.max > 0, 'the two that waited were timed');
  assert.ok(after.usage.max > 0);
});

t('cache: every in-memory cache by name with the Micrometer meters; a repeated bearer token is a hit', async () => {
  const token = await bearerFor(server, 'admin');
  const bearer = { headers: { authorization: `Bearer ${token}` } };
  const before = (await metrics()).cache;
  assert.is((await server.request('GET', '/api/account', bearer)).status, 200);
  assert.is((await server.request('GET', '/api/account', bearer)).status, 200);
  const cache = (await metrics()).cache;

  for (const name of ['verifiedTokens', 'signingKeys', 'staticFiles']) {
    assert.ok(cache[name], `${name} in ${Object.keys(cache).join(', ')}`);
  }
  for (const [name, figures] of Object.entries(cache)) {
    assert.equal(Object.keys(figures as object).sort(), CACHE_KEYS, name);
  }
  const tokens = cache.verifiedTokens;
  const earlier = before.verifiedTokens;
  // The new token: verified once (a miss, then stored), answered from memory the second time. The admin's own token
  // reading the metrics again is one more hit.
  assert.is(tokens['cache.gets.miss'] - earlier['cache.gets.miss'], 1);
  assert.is(tokens['cache.puts'] - earlier['cache.puts'], 1);
  assert.is(tokens['cache.gets.hit'] - earlier['cache.gets.hit'], 2);
  assert.ok(tokens['cache.size'] >= 2);
  // Verifying the new token's signature found its key in memory.
  assert.ok(cache.signingKeys['cache.gets.hit'] > before.signingKeys['cache.gets.hit']);
  assert.ok(cache.signingKeys['cache.size'] >= 1);
});

t('cache: the api-docs document is built once and then served from memory', async () => {
  const before = (await metrics()).cache.apiDocs;
  assert.is((await server.request('GET', '/api-docs')).status, 200);
  assert.is((await server.request('GET', '/api-docs')).status, 200);
  const after = (await metrics()).cache.apiDocs;
  assert.ok(after['cache.gets.hit'] - before['cache.gets.hit'] >= 1);
  assert.ok(after['cache.size'] >= 1);
});

t('cache: the OpenID Connect provider\'s metadata and keys are fetched once and then served from memory', async () => {
  await createUser(server, 'olga', [{ authority: 'ROLE_SYS_ADMIN' }]);
  const signIn = async () => {
    provider.signInAs({ preferred_username: 'olga', sub: 'olga-at-idp' });
    const jar = new CookieJar();
    const start = await browse(jar, `${server.url}/api/redirect/login`);
    const atProvider = await browse(jar, start.location!);
    const back = await browse(jar, atProvider.location!);
    assert.is(back.location, `${server.url}/#/`);
  };
  await signIn();
  await signIn();
  const { cache } = await metrics();
  assert.equal(Object.keys(cache.oidcDiscovery).sort(), CACHE_KEYS);
  assert.is(cache.oidcDiscovery['cache.puts'], 1, 'the discovery document was read once');
  assert.ok(cache.oidcDiscovery['cache.gets.hit'] >= 2);
  assert.is(cache.oidcDiscovery['cache.size'], 1);
  assert.is(cache.oidcJwks['cache.gets.miss'], 1, 'the key set was read once');
  assert.is(cache.oidcJwks['cache.gets.hit'], 1, 'the second sign-in found its key in memory');
  assert.ok(cache.oidcJwks['cache.size'] >= 1);
  assert.is(provider.requests.filter((r) => r.path === '/jwks').length, 1);
});

t.run();
