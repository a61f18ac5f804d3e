// The real entry point as a process (issue 33): with WORKERS=2 every scrape of management/prometheus counts the
// requests both workers served (one view of the cluster, not whichever worker answers), and after SIGTERM the server
// keeps serving new connections for SHUTDOWN_DRAIN_SECONDS while its readiness probe answers 503, then stops; its
// output with LOG_FORMAT=json is one JSON record per line.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../src/server/db/pglite';
import { createTestDatabase, dropTemplates, TEST_DATABASE_URL } from '../setup/database';
import { spawnServer, waitListening, type ServerProcess } from '../setup/process';
import { seedForProcess, type ProcessFixture } from '../setup/process-fixture';

const METRICS_TOKEN = 'scrape-credential-0123456789';
const t = suite('operations: the cluster\'s metrics and the drain, as a process');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request on a connection of its own (no keep-alive), so the cluster hands each to the next worker; or over
 * `agent`'s kept-alive connections.
 */
function get(url: string, authorization?: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: authorization ? { authorization } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[4]);
  }
  return undefined;
}

function workerLabels(text: string, name: string): string[] {
  return [...text.matchAll(new RegExp(`^${name}\\{[^}]*worker="([^"]+)"`, 'gm'))].map((m) => m[1]).sort();
}

if (TEST_DATABASE_URL) {
  t('WORKERS=2: every scrape counts the requests of both workers, with CPU and memory per worker', async () => {
    const database = await createTestDatabase();
    const fixture = await seedForProcess(database.db);
    const server = spawnServer({ DATABASE_URL: database.url!, WORKERS: '2', METRICS_TOKEN });
    try {
      const url = await waitListening(server, 90000);
      const admin = `Bearer ${fixture.token}`;
      // Both workers listen and answer the heartbeat.
      for (let i = 0; i < 100; i++) {
        const health = JSON.parse((await get(`${url}/management/health`, admin)).text);
        if (health.components.workers?.details.up === 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const served = 20;
      for (let i = 0; i < served; i++) assert.is((await get(`${url}/api/users/admin`, admin)).status, 200);
      const labels = { method: 'GET', uri: '/api/users/{login}', status: '200' };
      // Successive scrapes reach different workers (a new connection each); each sees all 20 requests.
      for (let scrape = 0; scrape < 4; scrape++) {
        const res = await get(`${url}/management/prometheus`, `Bearer ${METRICS_TOKEN}`);
        assert.is(res.status, 200);
        assert.is(sample(res.text, 'http_server_requests_seconds_count', labels), served, `scrape ${scrape}`);
        assert.is(workerLabels(res.text, 'process_cpu_seconds_total').length, 2, 'CPU of each worker');
        assert.is(workerLabels(res.text, 'process_resident_memory_bytes').length, 2, 'memory of each worker');
        assert.is(workerLabels(res.text, 'db_pool_max').length, 2, 'the pool of each worker');
        // The other series are summed: one line per label set, no worker label.
        assert.is(workerLabels(res.text, 'http_server_requests_seconds_count').length, 0);
      }
      // management/jhimetrics is the cluster's too.
      for (let scrape = 0; scrape < 4; scrape++) {
        const res = await get(`${url}/management/jhimetrics`, admin);
        const metrics = JSON.parse(res.text);
        assert.is(metrics.services['/api/users/admin'].GET.count, served, `jhimetrics ${scrape}`);
      }
      server.child.kill('SIGTERM');
      assert.is(await server.exited, 0);
    } finally {
      server.child.kill('SIGKILL');
      await database.drop();
    }
  });
}

/** A server as its own process over a database that is ready (migrated, seeded): PostgreSQL if the group has one. */
async function startProcess(env: Record<string, string>): Promise<{ server: ServerProcess; url: string; fixture: ProcessFixture; cleanup: () => Promise<void> }> {
  if (TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    const fixture = await seedForProcess(database.db);
    const server = spawnServer({ DATABASE_URL: database.url!, WORKERS: '1', ...env });
    return { server, fixture, url: await waitListening(server, 90000), cleanup: () => database.drop() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-drain-'));
  const seeding = await openPglite({ dataDir: join(dataDir, 'pgdata') });
  const fixture = await seedForProcess(seeding);
  await seeding.close();
  const server = spawnServer({ DATA_DIR: dataDir, ...env });
  return { server, fixture, url: await waitListening(server, 180000), cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

t('after SIGTERM: readiness 503 at once, new connections still served for the drain, then a clean stop (logged as JSON)', async () => {
  const { server, url, fixture, cleanup } = await startProcess({ SHUTDOWN_DRAIN_SECONDS: '3', SHUTDOWN_GRACE_SECONDS: '5', LOG_FORMAT: 'json', LOG_LEVEL: 'INFO' });
  try {
    const admin = `Bearer ${fixture.token}`;
    assert.is((await get(`${url}/management/health/readiness`)).status, 200);
    const keepAlive = new Agent({ keepAlive: true });
    const before = await get(`${url}/api/users/admin`, admin, keepAlive);
    assert.is(before.status, 200);
    assert.is(before.headers.connection, 'keep-alive');
    const requestId = String(before.headers['x-request-id']);
    const signalled = Date.now();
    let exitedAt = 0;
    void server.exited.then(() => (exitedAt = Date.now()));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await get(`${url}/management/health/readiness`);
    assert.is(ready.status, 503);
    assert.is(JSON.parse(ready.text).status, 'OUT_OF_SERVICE');
    assert.is((await get(`${url}/management/health/liveness`)).status, 200, 'still alive while draining');
    // New connections are served through the drain; each answer asks the client to reconnect (elsewhere).
    const during: number[] = [];
    while (Date.now() - signalled < 2500) {
      const res = await get(`${url}/api/users/admin`, admin, keepAlive);
      during.push(res.status);
      assert.is(res.headers.connection, 'close', 'a kept-alive connection is closed after its answer');
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(during.length >= 5, `${during.length} requests during the drain`);
    assert.equal(during, during.map(() => 200));
    keepAlive.destroy();
    assert.is(await server.exited, 0);
    assert.ok(exitedAt - signalled >= 3000, `stopped ${exitedAt - signalled} ms after SIGTERM, not before the drain ended`);
    assert.match(server.output(), /draining: readiness answers 503/);
    // LOG_FORMAT=json from the entry point: every line of the output is one record; the request's names its id.
    const records = server.output().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = records.find((r) => r.requestId === requestId);
    assert.ok(logged, server.output());
    assert.is(logged!.logger, 'http');
    assert.is(logged!.route, '/api/users/:login');
    assert.is(logged!.status, 200);
    assert.is(logged!.user, 'admin');
    await get(`${url}/management/health/liveness`).then(
      () => assert.unreachable('a stopped server accepts nothing'),
      (error: NodeJS.ErrnoException) => assert.is(error.code, 'ECONNREFUSED'),
    );
  } finally {
    server.child.kill('SIGKILL');
    await cleanup();
  }
});

t.after(dropTemplates);
t.run();
