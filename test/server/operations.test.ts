// What an operations team relies on (issue 33, docs/operations.md): the liveness and readiness probes, health details
// for administrators only, management/prometheus for an administrator or a scraper's METRICS_TOKEN, and
// LOG_FORMAT=json with a request id on every line of a request. The cluster's one view of all workers and the drain
// after SIGTERM run the real entry point as a process: operations-process.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERMISSIONS } from '../../src/common/permission-matrix';
import { buildRouter } from '../../src/server/app';
import { mintAccessToken } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { ok } from '../../src/server/http/context';
import { LoggerRegistry } from '../../src/server/log';
import { Counter, Histogram, type Family } from '../../src/server/metrics/families';
import { mergeSamples, retire } from '../../src/server/metrics/merge';
import { renderExposition } from '../../src/server/metrics/exposition';
import { startServer, type RunningServer } from '../../src/server/start';
import { asUser, createUser, type AsUser } from '../setup/auth';
import { createTestDatabase, dropTemplates, type TestDatabase } from '../setup/database';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { testRoute } from '../setup/test-routes';

const METRICS_TOKEN = 'scrape-credential-0123456789';
const FRONTEND_SECRET = 'frontend-secret-for-the-test';

let server: TestServer;
let admin: AsUser;
let staff: AsUser;
const t = suite('operations: probes, metrics and logs');

t.before(async () => {
  server = await startTestServer({ METRICS_TOKEN, FRONTEND_CLIENT_SECRET: FRONTEND_SECRET });
  admin = await asUser(server, 'admin');
  await createUser(server, 'ops-org-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
  staff = await asUser(server, 'ops-org-admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

/** The value of one series of a text exposition, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[4]);
  }
  return undefined;
}

t('liveness answers UP without the database; readiness checks the database and the migrations', async () => {
  const live = await server.request('GET', '/management/health/liveness');
  assert.is(live.status, 200);
  assert.equal(live.body, { status: 'UP' });
  const ready = await admin('GET', '/management/health/readiness');
  assert.is(ready.status, 200);
  assert.is(ready.body.status, 'UP');
  assert.is(ready.body.components.db.status, 'UP');
  assert.is(ready.body.components.migrations.status, 'UP');
  // Readiness fails when this version's newest migration is not recorded (another version's database).
  const [{ version }] = await server.app.db.query<{ version: string }>('SELECT max(version) AS version FROM schema_migrations');
  await server.app.db.query('UPDATE schema_migrations SET version = $1 WHERE version = $2', [`${version}_moved`, version]);
  try {
    const behind = await server.request('GET', '/management/health/readiness');
    assert.is(behind.status, 503);
    assert.is(behind.body.components.migrations.status, 'DOWN');
    // Liveness does not care.
    assert.is((await server.request('GET', '/management/health/liveness')).status, 200);
  } finally {
    await server.app.db.query('UPDATE schema_migrations SET version = $1 WHERE version = $2', [version, `${version}_moved`]);
  }
});

t('health shows each component\'s status to anyone and its details only to a system administrator', async () => {
  for (const path of ['/management/health', '/management/health/readiness']) {
    const anonymous = await server.request('GET', path);
    assert.is(anonymous.status, 200, path);
    assert.is(anonymous.body.components.db.status, 'UP');
    for (const [name, component] of Object.entries(anonymous.body.components as Record<string, object>)) {
      assert.equal(Object.keys(component), ['status'], `${path} ${name} shows only its status anonymously`);
    }
    assert.not.match(anonymous.text, /PGlite|PostgreSQL|validationQuery|threshold|error/);
    // The chart's probe (test/fixtures/chart/healthcheck.sh) still finds what it looks for.
    if (path === '/management/health') assert.ok(anonymous.text.includes('db":{"status":"UP'));
    const staffAnswer = await staff('GET', path);
    for (const component of Object.values(staffAnswer.body.components as Record<string, object>)) assert.equal(Object.keys(component), ['status']);
  }
  const detailed = await admin('GET', '/management/health');
  assert.is(detailed.body.components.db.details.validationQuery, 'SELECT 1');
  for (const k of ['total', 'free', 'threshold']) assert.type(detailed.body.components.diskSpace.details[k], 'number');
});

t('management/prometheus: administrators and the scrape credential; nobody else', async () => {
  assert.is((await server.request('GET', '/management/prometheus')).status, 401);
  assert.is((await staff('GET', '/management/prometheus')).status, 403);
  const wrong = await server.request('GET', '/management/prometheus', { headers: { authorization: 'Bearer not-the-scrape-credential' } });
  assert.is(wrong.status, 401);
  const wrongBasic = await server.request('GET', '/management/prometheus', { headers: { authorization: `Basic ${Buffer.from('prometheus:nope').toString('base64')}` } });
  assert.is(wrongBasic.status, 401);
  const asAdmin = await admin('GET', '/management/prometheus');
  assert.is(asAdmin.status, 200);
  assert.match(asAdmin.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const bearer = await server.request('GET', '/management/prometheus', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.is(bearer.status, 200);
  const basic = await server.request('GET', '/management/prometheus', { headers: { authorization: `Basic ${Buffer.from(`prometheus:${METRICS_TOKEN}`).toString('base64')}` } });
  assert.is(basic.status, 200);
});

t('management/prometheus counts requests by route template, method and status, and the pool, process and sign-ins', async () => {
  const scrape = async () => (await server.request('GET', '/management/prometheus', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text;
  const before = await scrape();
  const route = { method: 'GET', uri: '/api/users/{login}', status: '200' };
  const missing = { method: 'GET', uri: '/api/users/{login}', status: '404' };
  const count = (text: string, labels: Record<string, string>) => sample(text, 'http_server_requests_seconds_count', labels) ?? 0;
  for (let i = 0; i < 3; i++) assert.is((await admin('GET', '/api/users/admin')).status, 200);
  assert.is((await admin('GET', '/api/users/nobody-at-all')).status, 404);
  assert.is((await server.request('GET', '/api/no-such-thing/at-all')).status, 404);
  // Sign-in failures and grants, by the password grant (the portal's own client).
  const grant = (password: string) => server.request('POST', '/oauth/token', {
    headers: { authorization: `Basic ${Buffer.from(`ManagementPortalapp:${FRONTEND_SECRET}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password }).toString(),
  });
  assert.is((await grant('wrong-password-1')).status, 400);
  assert.is((await grant(ADMIN_PASSWORD)).status, 200);
  const after = await scrape();
  assert.is(count(after, route) - count(before, route), 3);
  assert.is(count(after, missing) - count(before, missing), 1);
  assert.ok(count(after, { uri: 'NOT_FOUND', status: '404' }) >= 1, 'unmatched paths share one label');
  assert.not.match(after, /no-such-thing/);
  assert.ok((sample(after, 'http_server_requests_seconds_bucket', { ...route, le: '+Inf' }) ?? 0) >= 3);
  assert.ok(sample(after, 'http_server_requests_seconds_sum', route)! > 0);
  const failures = (text: string) => sample(text, 'portal_sign_in_failures_total', { reason: 'BadCredentialsException' }) ?? 0;
  const grants = (text: string) => sample(text, 'portal_token_grants_total', { grant_type: 'password' }) ?? 0;
  assert.is(failures(after) - failures(before), 1);
  assert.is(grants(after) - grants(before), 1);
  // The pool, statements, event loop, CPU and memory, per worker (one process here: worker "0").
  assert.ok(sample(after, 'db_pool_max', { worker: '0' })! >= 1);
  assert.type(sample(after, 'db_pool_active', { worker: '0' }), 'number');
  assert.type(sample(after, 'db_pool_pending', { worker: '0' }), 'number');
  assert.ok(sample(after, 'db_statement_duration_seconds_count')! > 0);
  assert.type(sample(after, 'nodejs_eventloop_lag_seconds', { worker: '0', quantile: '0.99' }), 'number');
  assert.ok(sample(after, 'process_cpu_seconds_total', { worker: '0' })! > 0);
  assert.ok(sample(after, 'process_resident_memory_bytes', { worker: '0' })! > 0);
  // Every line is a comment or a series: the format Prometheus parses.
  for (const line of after.trimEnd().split('\n')) assert.match(line, /^(# (HELP|TYPE) \S+ .+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_]+="(?:[^"\\\n]|\\.)*",?)*\})? \S+)$/, line);
});

t('X-Request-Id is echoed when well-formed, taken from traceparent, and made otherwise', async () => {
  const given = await server.request('GET', '/management/health/liveness', { headers: { 'x-request-id': 'abc-123_def.456' } });
  assert.is(given.headers.get('x-request-id'), 'abc-123_def.456');
  const trace = '0af7651916cd43dd8448eb211c80319c';
  const traced = await server.request('GET', '/management/health/liveness', { headers: { traceparent: `00-${trace}-b7ad6b7169203331-01` } });
  assert.is(traced.headers.get('x-request-id'), trace);
  for (const bad of ['has space', 'x'.repeat(65), '<script>', '']) {
    const made = await server.request('GET', '/management/health/liveness', { headers: { 'x-request-id': bad } });
    const id = made.headers.get('x-request-id') ?? '';
    assert.match(id, /^[0-9a-f-]{36}$/, `"${bad}" is replaced by a made id`);
  }
  const zeroTrace = await server.request('GET', '/management/health/liveness', { headers: { traceparent: `00-${'0'.repeat(32)}-b7ad6b7169203331-01` } });
  assert.is.not(zeroTrace.headers.get('x-request-id'), '0'.repeat(32));
  // Errors carry it too.
  const missing = await server.request('GET', '/api/nothing-here', { headers: { 'x-request-id': 'the-404' } });
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('x-request-id'), 'the-404');
});

t('LOG_FORMAT=json: one object per line with the request\'s id, method, route, status, duration and user; stacks inside', async () => {
  const lines: string[] = [];
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD, LOG_LEVEL: 'INFO', LOG_FORMAT: 'json', DATA_DIR: mkdtempSync(join(tmpdir(), 'mp-json-log-')) });
  assert.is(config.logFormat, 'json');
  const logs = new LoggerRegistry(config.logLevel, (line) => lines.push(line), config.logFormat);
  const router = buildRouter().entries([
    testRoute('GET', '/api/test-log-and-fail', async ({ ctx }) => {
      ctx.app.logs.get('test').info('before the failure');
      await new Promise((resolve) => setTimeout(resolve, 5)); // the scope must survive an await
      throw new Error('deliberate failure\nwith a second line');
    }, { kind: 'authenticated' }),
    testRoute('GET', '/api/test-log-ok/:name', ({ ctx }) => {
      ctx.app.logs.get('test').info('fine');
      return ok({});
    }),
  ]);
  let database: TestDatabase | undefined;
  let running: RunningServer | undefined;
  try {
    database = await createTestDatabase();
    running = await startServer(config, database.db, { logs, router });
    const [adminRow] = await running.app.db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'admin'");
    const bearer = (await mintAccessToken(running.app.db, running.app.keys, { clientId: 'ManagementPortalapp', scopes: [...PERMISSIONS], ttlSeconds: 600, grantType: 'authorization_code', userId: adminRow.id })).token;
    lines.length = 0;
    const failed = await fetch(`${running.url}/api/test-log-and-fail`, { headers: { authorization: `Bearer ${bearer}`, 'x-request-id': 'req-one' } });
    assert.is(failed.status, 500);
    assert.is(failed.headers.get('x-request-id'), 'req-one');
    const fine = await fetch(`${running.url}/api/test-log-ok/anything`, { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
    assert.is(fine.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.ok(lines.every((line) => !line.includes('\n')), 'no record spans lines');
    for (const r of records) for (const k of ['time', 'level', 'logger', 'message']) assert.type(r[k], 'string', `${k} in ${JSON.stringify(r)}`);
    const first = records.filter((r) => r.requestId === 'req-one');
    assert.equal(first.map((r) => r.logger), ['test', 'errors', 'http'], JSON.stringify(records));
    for (const r of first) {
      assert.is(r.method, 'GET');
      assert.is(r.route, '/api/test-log-and-fail');
      assert.is(r.user, 'admin');
    }
    const error = first[1];
    assert.is(error.level, 'ERROR');
    assert.match(String(error.stack), /deliberate failure\nwith a second line\n\s+at /);
    const http = first[2];
    assert.is(http.status, 500);
    assert.type(http.durationMs, 'number');
    const second = records.filter((r) => r.requestId === '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.equal(second.map((r) => r.logger), ['test', 'http']);
    assert.is(second[1].route, '/api/test-log-ok/:name');
    assert.is(second[1].status, 200);
    assert.not.ok('user' in second[1], 'an anonymous request names no user');
  } finally {
    await running?.stop();
    await database?.drop();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
});

t('LOG_FORMAT=text: a line written for a request carries its id after the time; other lines carry none', async () => {
  const lines: string[] = [];
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD, LOG_LEVEL: 'INFO', DATA_DIR: mkdtempSync(join(tmpdir(), 'mp-text-log-')) });
  assert.is(config.logFormat, 'text');
  const logs = new LoggerRegistry(config.logLevel, (line) => lines.push(line), config.logFormat);
  const router = buildRouter().entries([
    testRoute('GET', '/api/test-text-log', async ({ ctx }) => {
      await new Promise((resolve) => setTimeout(resolve, 5)); // the scope must survive an await
      ctx.app.logs.get('test').info('inside the request');
      return ok({});
    }),
  ]);
  let database: TestDatabase | undefined;
  let running: RunningServer | undefined;
  try {
    database = await createTestDatabase();
    running = await startServer(config, database.db, { logs, router });
    logs.get('test').info('outside any request');
    const answer = await fetch(`${running.url}/api/test-text-log`, { headers: { 'x-request-id': 'req-text-1' } });
    assert.is(answer.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ofRequest = lines.filter((line) => line.includes('[req-text-1]'));
    assert.equal(ofRequest.map((line) => /^\S+Z \[req-text-1\] (INFO|WARN|ERROR|DEBUG|TRACE) +(\S+): /.exec(line)?.[2]), ['test', 'http'], lines.join('\n'));
    assert.match(ofRequest[0], / INFO  test: inside the request$/);
    assert.ok(lines.some((line) => /^\S+Z INFO  test: outside any request$/.test(line)), lines.join('\n'));
  } finally {
    await running?.stop();
    await database?.drop();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
});

t('workers\' metrics add up per label set; per-worker series keep a worker label; a stopped worker\'s counts stay', () => {
  const worker = (requests: number, rss: number): Family[] => {
    const counter = new Counter('portal_token_grants_total', 'grants');
    counter.inc({ grant_type: 'password' }, requests);
    const histogram = new Histogram('http_server_requests_seconds', 'requests', [0.1, 1]);
    for (let i = 0; i < requests; i++) histogram.observe({ method: 'GET', uri: '/api/x' }, i % 2 ? 0.05 : 0.5);
    return [counter.family(), histogram.family(), { name: 'process_resident_memory_bytes', help: 'rss', type: 'gauge', across: 'worker', series: [{ labels: {}, value: rss }] }];
  };
  const merged = renderExposition(mergeSamples([{ worker: '1', families: worker(3, 100) }, { worker: '2', families: worker(4, 200) }]));
  assert.is(sample(merged, 'portal_token_grants_total', { grant_type: 'password' }), 7);
  assert.is(sample(merged, 'http_server_requests_seconds_bucket', { uri: '/api/x', le: '0.1' }), 3);
  assert.is(sample(merged, 'http_server_requests_seconds_bucket', { uri: '/api/x', le: '1' }), 7);
  assert.is(sample(merged, 'http_server_requests_seconds_count', { uri: '/api/x' }), 7);
  assert.is(sample(merged, 'process_resident_memory_bytes', { worker: '1' }), 100);
  assert.is(sample(merged, 'process_resident_memory_bytes', { worker: '2' }), 200);
  // Worker 2 stops after 4 grants; its replacement, worker 3, has made 1 so far: the sum goes on from 7, not back to 4.
  const retired = retire([], { worker: '2', families: worker(4, 200) });
  const later = renderExposition(mergeSamples([{ worker: '1', families: worker(3, 100) }, { worker: '3', families: worker(1, 50) }], retired));
  assert.is(sample(later, 'portal_token_grants_total', { grant_type: 'password' }), 8);
  assert.is(sample(later, 'process_resident_memory_bytes', { worker: '2' }), undefined, 'a stopped worker\'s memory is gone');
  assert.is(sample(later, 'process_resident_memory_bytes', { worker: '3' }), 50);
});

t('LOG_FORMAT accepts text and json only', () => {
  assert.is(loadConfig({}).logFormat, 'text');
  assert.throws(() => loadConfig({ LOG_FORMAT: 'xml' }), /LOG_FORMAT must be text or json/);
  assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
  assert.is(loadConfig({}).shutdownDrainSeconds, 5);
  assert.throws(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: 'soon' }), /SHUTDOWN_DRAIN_SECONDS/);
});

t.run();
