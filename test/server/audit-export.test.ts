// The audit screen's server side (docs/management.md, Audits): the list's type and principal filters, the export
// (CSV per RFC 4180 or JSON, filtered, streamed in batches, a download name, system admins only) and the retention
// purge (AUDIT_RETENTION_DAYS).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { loadConfig } from '../../src/server/config';
import { exportAuditEvents } from '../../src/server/management/audit-export';
import { startAuditRetention } from '../../src/server/audit/retention';
import { LoggerRegistry } from '../../src/server/log';

let server: TestServer;
let root: AsUser;
const t = suite('audit-export');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createUser(server, 'root', [{ authority: 'ROLE_SYS_ADMIN' }]);
  await createUser(server, 'orgadmin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
  root = await asUser(server, 'root');
  await server.app.db.query('DELETE FROM audit_event');
  await server.app.db.query(
    `INSERT INTO audit_event (principal, event_date, event_type, data) VALUES
      ('ann', '2026-03-01T10:00:00Z', 'AUTHENTICATION_SUCCESS', '{"remoteAddress":"10.0.0.1"}'),
      ('ann', '2026-03-02T10:00:00Z', 'AUTHENTICATION_FAILURE', '{"message":"Bad, \\"very\\" bad\\nreally"}'),
      ('=cmd|calc', '2026-03-02T11:00:00Z', 'AUTHENTICATION_FAILURE', '{}'),
      ('bob', '2026-03-03T23:59:59Z', 'PASSWORD_CHANGED', '{"user":"bob"}'),
      ('bob', '2026-03-04T00:00:00Z', 'ROLE_GRANTED', '{"user":"ann","authority":"ROLE_SYS_ADMIN"}')`,
  );
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const exportOf = (query: string) => root('GET', `/management/audits/export?${query}`);

t('the list filters by type and principal besides the dates', async () => {
  const byType = await root('GET', '/management/audits?type=AUTHENTICATION_FAILURE');
  assert.is(byType.status, 200);
  assert.equal(byType.body.map((e: { principal: string }) => e.principal).sort(), ['=cmd|calc', 'ann']);
  assert.is(byType.headers.get('x-total-count'), '2');
  const both = await root('GET', '/management/audits?principal=bob&fromDate=2026-03-04&toDate=2026-03-04');
  assert.equal(both.body.map((e: { type: string }) => e.type), ['ROLE_GRANTED']);
  assert.equal((await root('GET', '/management/audits?principal=nobody')).body, []);
});

t('CSV: header, CRLF, RFC 4180 quoting, formula guard, a download name', async () => {
  const res = await exportOf('format=csv&fromDate=2026-03-02&toDate=2026-03-03');
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type')!, /^text\/csv/);
  assert.is(res.headers.get('content-disposition'), 'attachment; filename="audit-events_2026-03-02_2026-03-03.csv"');
  assert.is(res.headers.get('content-length'), null, 'streamed, not buffered');
  const lines = res.text.split('\r\n');
  assert.is(lines[0], 'id,timestamp,principal,type,data');
  assert.is(lines.at(-1), '');
  assert.is(lines.length, 5);
  assert.match(lines[1], /^\d+,2026-03-02T10:00:00.000Z,ann,AUTHENTICATION_FAILURE,"{""message"":""Bad, \\""very\\"" bad\\nreally""}"$/);
  assert.match(lines[2], /,'=cmd\|calc,AUTHENTICATION_FAILURE,$/);
  assert.match(lines[3], /,bob,PASSWORD_CHANGED,"{""user"":""bob""}"$/);
});

t('JSON: an array of events with their ids, filtered by type and principal', async () => {
  const res = await exportOf('format=json&type=AUTHENTICATION_FAILURE&principal=ann');
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type')!, /application\/json/);
  assert.match(res.headers.get('content-disposition')!, /filename="audit-events_start_now\.json"/);
  const events = JSON.parse(res.text);
  assert.is(events.length, 1);
  assert.equal({ ...events[0], id: 0 }, {
    id: 0, timestamp: '2026-03-02T10:00:00.000Z', principal: 'ann', type: 'AUTHENTICATION_FAILURE', data: { message: 'Bad, "very" bad\nreally' },
  });
  assert.equal(JSON.parse((await exportOf('format=json&principal=nobody')).text), []);
});

t('bad input is a 400; only system admins may export (403 for others, 401 for nobody)', async () => {
  assert.is((await exportOf('format=xml')).status, 400);
  assert.is((await exportOf('')).status, 400);
  assert.is((await exportOf('format=csv&fromDate=2026-02-30')).status, 400);
  const orgAdmin = await asUser(server, 'orgadmin');
  assert.is((await orgAdmin('GET', '/management/audits/export?format=csv')).status, 403);
  assert.is((await server.request('GET', '/management/audits/export?format=csv')).status, 401);
});

t('an export is itself audited: who, which format and which part of the trail', async () => {
  const before = await server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_event WHERE event_type = 'AUDIT_EXPORTED'");
  const res = await exportOf('format=json&fromDate=2020-01-01&toDate=2020-01-02&type=NOTHING');
  assert.is(res.status, 200);
  const rows = await server.app.db.query<{ principal: string; data: Record<string, string> }>(
    "SELECT principal, data FROM audit_event WHERE event_type = 'AUDIT_EXPORTED' ORDER BY id DESC LIMIT 1");
  assert.is(rows.length, 1);
  assert.is(rows[0].principal, 'root');
  assert.is(rows[0].data.format, 'json');
  assert.is(rows[0].data.type, 'NOTHING');
  const after = await server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_event WHERE event_type = 'AUDIT_EXPORTED'");
  assert.is(after[0].n, before[0].n + 1);
  // A refused export is not one.
  await exportOf('format=xml');
  const refused = await server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_event WHERE event_type = 'AUDIT_EXPORTED'");
  assert.is(refused[0].n, after[0].n);
});

t('a few thousand rows stream out in batches, each row once, in order', async () => {
  await server.app.db.query(
    `INSERT INTO audit_event (principal, event_date, event_type, data)
     SELECT 'bulk' || g, timestamptz '2026-04-01T00:00:00Z' + g * interval '1 second', 'BULK', jsonb_build_object('n', g::text)
       FROM generate_series(1, 3000) g`,
  );
  const chunks: string[] = [];
  for await (const chunk of exportAuditEvents(server.app.db, { type: 'BULK' }, 'csv', 700)) chunks.push(chunk);
  assert.is(chunks.length, 1 + 5, 'the header, then one chunk per batch of 700');
  const res = await exportOf('format=csv&type=BULK');
  const rows = res.text.split('\r\n').slice(1, -1);
  assert.is(rows.length, 3000);
  assert.ok(rows.every((row, i) => row.includes(`,bulk${i + 1},BULK,`)));
  const json = JSON.parse((await exportOf('format=json&fromDate=2026-04-01&toDate=2026-04-01')).text);
  assert.is(json.length, 3000);
  await server.app.db.query("DELETE FROM audit_event WHERE event_type = 'BULK'");
});

t('AUDIT_RETENTION_DAYS: unset keeps everything, else older events are purged at start', async () => {
  assert.is(loadConfig({}).auditRetentionDays, undefined);
  assert.is(loadConfig({ AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays, 90);
  assert.throws(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' }), /AUDIT_RETENTION_DAYS/);
  assert.throws(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' }), /AUDIT_RETENTION_DAYS/);
  await server.app.db.query("INSERT INTO audit_event (principal, event_date, event_type) VALUES ('old', now() - interval '40 days', 'OLD'), ('new', now() - interval '20 days', 'NEW')");
  const log = new LoggerRegistry('ERROR', () => {}).get('audit');
  const count = async () => (await server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_event WHERE event_type IN ('OLD', 'NEW')"))[0].n;
  (await startAuditRetention(server.app.db, undefined, log))();
  assert.is(await count(), 2);
  const stop = await startAuditRetention(server.app.db, 30, log);
  stop();
  assert.equal((await server.app.db.query<{ principal: string }>("SELECT principal FROM audit_event WHERE event_type IN ('OLD', 'NEW')")).map((r) => r.principal), ['new']);
});

t.run();
