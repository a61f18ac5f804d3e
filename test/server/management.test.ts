// Monitoring endpoints (docs/management.md): the audit log with paging, sorting and day ranges; loggers listed and
// changed; the JHipster metrics object and the thread dump. All of them for system administrators only.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';

let server: TestServer;
let admin: AsUser;
let orgAdmin: AsUser;
const t = suite('management');

t.before(async () => {
  server = await startTestServer();
  admin = await asUser(server, 'admin');
  await createUser(server, 'org-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
  orgAdmin = await asUser(server, 'org-admin');
  await server.app.db.query('DELETE FROM audit_event');
  const events: [string, string, string, Record<string, string>][] = [
    ['alice', '2024-03-01T00:00:00Z', 'AUTHENTICATION_SUCCESS', { remoteAddress: '127.0.0.1' }],
    ['bob', '2024-03-01T23:59:59.999Z', 'AUTHENTICATION_FAILURE', { message: 'Bad credentials' }],
    ['carol', '2024-03-02T12:00:00Z', 'GRANT_ACCESS_TOKEN', {}],
    ['dave', '2024-03-03T00:00:00Z', 'SUBJECT_DISCONTINUE', { subject: 's1' }],
  ];
  for (const [principal, date, type, data] of events) {
    await server.app.db.query('INSERT INTO audit_event (principal, event_date, event_type, data) VALUES ($1, $2, $3, $4::text::jsonb)', [
      principal, date, type, JSON.stringify(data),
    ]);
  }
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

async function statusesFor(method: string, path: string, json?: unknown) {
  const init = json === undefined ? {} : { json };
  return {
    sysAdmin: (await admin(method, path, init)).status,
    orgAdmin: (await orgAdmin(method, path, init)).status,
    anonymous: (await server.request(method, path, init)).status,
  };
}

t('every endpoint: system admin ok, organization admin 403, anonymous 401', async () => {
  const [first] = await server.app.db.query<{ id: number }>('SELECT min(id)::int AS id FROM audit_event');
  for (const path of ['/management/audits', `/management/audits/${first.id}`, '/management/logs', '/management/jhimetrics', '/management/threaddump']) {
    assert.equal(await statusesFor('GET', path), { sysAdmin: 200, orgAdmin: 403, anonymous: 401 }, path);
  }
  assert.equal(await statusesFor('PUT', '/management/logs', { name: 'perm-test', level: 'INFO' }), { sysAdmin: 204, orgAdmin: 403, anonymous: 401 });
});

t('audits: AuditEvent shape, X-Total-Count and Link with base /management/audits', async () => {
  const res = await admin('GET', '/management/audits?page=1&size=2&sort=auditEventDate,asc');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-total-count'), '4');
  assert.is(res.headers.get('link'), '</management/audits?page=0&size=2>; rel="prev",</management/audits?page=1&size=2>; rel="last",</management/audits?page=0&size=2>; rel="first"');
  assert.equal(res.body, [
    { timestamp: '2024-03-02T12:00:00.000Z', principal: 'carol', type: 'GRANT_ACCESS_TOKEN' },
    { timestamp: '2024-03-03T00:00:00.000Z', principal: 'dave', type: 'SUBJECT_DISCONTINUE', data: { subject: 's1' } },
  ]);
  const all = await admin('GET', '/management/audits');
  assert.is(all.body.length, 4);
  assert.match(all.headers.get('link') ?? '', '</management/audits?page=0&size=20>; rel="last"');
});

t('audits: sorting on principal and auditEventType', async () => {
  const byPrincipal = await admin('GET', '/management/audits?sort=principal,desc');
  assert.equal(byPrincipal.body.map((e: { principal: string }) => e.principal), ['dave', 'carol', 'bob', 'alice']);
  const byType = await admin('GET', '/management/audits?sort=auditEventType,asc');
  assert.equal(byType.body.map((e: { type: string }) => e.type), ['AUTHENTICATION_FAILURE', 'AUTHENTICATION_SUCCESS', 'GRANT_ACCESS_TOKEN', 'SUBJECT_DISCONTINUE']);
  assert.is((await admin('GET', '/management/audits?sort=data,asc')).status, 400);
});

t('audits: fromDate and toDate are whole UTC days, both inclusive', async () => {
  const oneDay = await admin('GET', '/management/audits?fromDate=2024-03-01&toDate=2024-03-01&sort=auditEventDate');
  assert.equal(oneDay.body.map((e: { principal: string }) => e.principal), ['alice', 'bob']);
  assert.is(oneDay.headers.get('x-total-count'), '2');
  const two = await admin('GET', '/management/audits?fromDate=2024-03-02&toDate=2024-03-03&sort=auditEventDate');
  assert.equal(two.body.map((e: { principal: string }) => e.principal), ['carol', 'dave']);
  const none = await admin('GET', '/management/audits?fromDate=2024-04-01&toDate=2024-04-30');
  assert.equal(none.body, []);
  assert.is(none.headers.get('x-total-count'), '0');
});

t('audits: bad dates are a 400 naming the field', async () => {
  for (const query of ['fromDate=2024-13-01&toDate=2024-03-01', 'fromDate=2024-03-01&toDate=yesterday', 'fromDate=2024-02-30&toDate=2024-03-01', 'fromDate=01-03-2024&toDate=2024-03-01']) {
    const res = await admin('GET', `/management/audits?${query}`);
    assert.is(res.status, 400, query);
    assert.ok(res.body.fieldErrors.some((f: { field: string }) => query.includes(`${f.field}=`)), query);
  }
});

t('audits/{id}: one event, 404 for an unknown id', async () => {
  const [row] = await server.app.db.query<{ id: number }>("SELECT id::int AS id FROM audit_event WHERE principal = 'bob'");
  const res = await admin('GET', `/management/audits/${row.id}`);
  assert.equal(res.body, { timestamp: '2024-03-01T23:59:59.999Z', principal: 'bob', type: 'AUTHENTICATION_FAILURE', data: { message: 'Bad credentials' } });
  assert.is((await admin('GET', '/management/audits/999999')).status, 404);
});

t('logs: list, change a level (by name in any case or ordinal; none or an unknown name means DEBUG; another type is a 400), and the change takes effect', async () => {
  const list = await admin('GET', '/management/logs');
  assert.equal(list.body[0], { name: 'root', level: 'WARN' });
  assert.ok(list.body.some((l: { name: string }) => l.name === 'http'));
  const logger = server.app.logs.get('management-test');
  const before = server.logLines.length;
  logger.info('hidden at WARN');
  assert.is(server.logLines.length, before);
  assert.is((await admin('PUT', '/management/logs', { json: { name: 'management-test', level: 'INFO' } })).status, 204);
  logger.info('shown at INFO');
  assert.ok(server.logLines.slice(before).some((l) => l.includes('shown at INFO')));
  const after = await admin('GET', '/management/logs');
  assert.ok(after.body.some((l: { name: string; level: string }) => l.name === 'management-test' && l.level === 'INFO'));
  for (const level of [123, true, {}]) {
    const refused = await admin('PUT', '/management/logs', { json: { name: 'management-test', level } });
    assert.is(refused.status, 400, String(level));
    assert.equal(refused.body.fieldErrors.map((e: { field: string }) => e.field), ['level']);
  }
  assert.is(server.app.logs.effectiveLevel('management-test'), 'INFO');
  assert.is((await admin('PUT', '/management/logs', { json: { name: 'management-test', level: 'error' } })).status, 204);
  assert.is(server.app.logs.effectiveLevel('management-test'), 'ERROR');
  await admin('PUT', '/management/logs', { json: { name: 'management-test', level: 'LOUD' } });
  assert.is(server.app.logs.effectiveLevel('management-test'), 'DEBUG');
  assert.is((await admin('PUT', '/management/logs', { json: { name: 'management-test', level: 3 } })).status, 204);
  assert.is(server.app.logs.effectiveLevel('management-test'), 'WARN');
  assert.is((await admin('PUT', '/management/logs', { json: { name: 'management-test' } })).status, 204);
  assert.is(server.app.logs.effectiveLevel('management-test'), 'DEBUG');
  assert.is((await admin('PUT', '/management/logs', { json: { level: 'INFO' } })).status, 400);
});

t('jhimetrics: the JHipster keys, with requests counted per code and per path', async () => {
  await server.request('GET', '/management/health');
  await server.request('GET', '/api/no-such-thing');
  const res = await admin('GET', '/management/jhimetrics');
  assert.is(res.status, 200);
  const m = res.body;
  assert.equal(Object.keys(m).sort(), ['cache', 'databases', 'garbageCollector', 'http.server.requests', 'jvm', 'processMetrics', 'services']);
  for (const area of ['heap', 'rss', 'external']) assert.equal(Object.keys(m.jvm[area]).sort(), ['committed', 'max', 'used']);
  assert.ok(m.jvm.heap.used > 0);
  assert.ok(m.processMetrics['system.cpu.count'] >= 1);
  assert.ok(m.processMetrics['process.uptime'] > 0);
  assert.is(typeof m.processMetrics['process.start.time'], 'number');
  assert.is(typeof m.garbageCollector['jvm.gc.pause'].count, 'number');
  const http = m['http.server.requests'];
  assert.ok(http.all.count >= 3);
  assert.ok(http.percode['200'].count >= 1);
  assert.ok(http.percode['404'].count >= 1);
  assert.equal(Object.keys(http.percode['404']).sort(), ['count', 'max', 'mean']);
  assert.ok(m.services['/management/health'].GET.count >= 1);
  // Their figures are checked in jhimetrics-pool-caches.test.ts.
  assert.ok(m.cache.verifiedTokens['cache.gets.hit'] >= 1);
  assert.ok(m.databases.usage.count >= 1);
});

t('threaddump: the main thread in JHipster\'s field names', async () => {
  const res = await admin('GET', '/management/threaddump');
  const [main] = res.body.threads;
  for (const field of ['threadName', 'threadId', 'blockedTime', 'blockedCount', 'waitedTime', 'waitedCount', 'lockName', 'lockOwnerId', 'lockOwnerName', 'daemon', 'inNative', 'suspended', 'threadState', 'priority', 'stackTrace', 'lockedMonitors', 'lockedSynchronizers', 'lockInfo']) {
    assert.ok(field in main, field);
  }
  assert.is(main.threadName, 'main');
  assert.is(main.threadState, 'RUNNABLE');
  assert.ok(main.stackTrace.length > 0);
  assert.equal(Object.keys(main.stackTrace[0]).sort(), ['className', 'fileName', 'lineNumber', 'methodName', 'nativeMethod']);
});

t.run();
