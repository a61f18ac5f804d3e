// Issue #35's defects of erasure, access and "who looked" (docs/privacy.md): erasure may be repeated; a deleted
// subject's history can be erased; a reused login never inherits the previous person's history, views or tombstone;
// the device data the app registered is erased; failed sign-ins under the person's e-mail and the phone's addresses
// are scrubbed, and old audit events lose their personal fields; every read of one person's data is recorded at once,
// and a CSV export per subject.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../src/server/config';
import { applyAuditRetention } from '../../src/server/audit/retention';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { projectRef } from '../setup/subjects';
import { addClient, tokenRequest } from './oauth-fixtures';
import { createSourceTypeRow } from './projects-fixtures';
import { createUser } from '../setup/auth';

let server: TestServer;
let admin: AsUser;
let radmin: AsUser;
let phoneType: number;
const t = suite('subject privacy: issue #35 defects');

const PHONE_ADDRESS = '203.0.113.77';

t.before(async () => {
  // The phone's requests come through a trusted proxy, so its address is a distinctive one.
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
  await createProjectRow(server, 'radar', 'main');
  await createUser(server, 'radmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token', 'password'] });
  phoneType = await createSourceTypeRow(server, 'acme', 'phone');
  await server.app.db.query('UPDATE source_type SET dynamic_registration = true WHERE id = $1', [phoneType]);
  await server.app.db.query("INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name = 'radar'", [phoneType]);
  admin = await asUser(server, 'admin');
  radmin = await asUser(server, 'radmin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const db = () => server.app.db;
const erase = (login: string) => radmin('POST', `/api/subjects/${login}/erasure`, { json: { reason: 'asked (test)', confirmLogin: login } });

/** Every row of every table of the portal's schema, as text, that holds one of the values (case-insensitive). */
async function dumpHits(values: string[]): Promise<string[]> {
  const tables = await db().query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1");
  const hits: string[] = [];
  for (const { table_name } of tables) {
    const rows = await db().query<{ v: string }>(
      `SELECT DISTINCT v FROM "${table_name}" x, unnest($1::text[]) v WHERE strpos(lower(x::text), lower(v)) > 0`, [values]);
    for (const r of rows) hits.push(`${table_name}: ${r.v}`);
  }
  return hits;
}

async function createSubject(login: string, fields: Record<string, unknown>) {
  const res = await radmin('POST', '/api/subjects', { json: { login, project: await projectRef(server, 'radar'), ...fields } });
  assert.is(res.status, 201, res.text);
  return res.body;
}

async function views(login: string, principal?: string): Promise<number> {
  const [row] = await db().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM audit_event WHERE event_type = 'SUBJECT_VIEWED' AND data->>'subject_login' = $1 AND ($2::text IS NULL OR principal = $2)",
    [login, principal ?? null]);
  return row.n;
}

/** The subject's app: paired through a link, its tokens fetched from the phone's address. */
async function pairedApp(login: string): Promise<{ access: string; refresh: string }> {
  const pair = await radmin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login, clientId: 'aRMT', persistent: 'false' })}`);
  assert.is(pair.status, 200, pair.text);
  const fetched = await server.request('GET', `/api/meta-token/${pair.body.tokenName}`, { headers: { 'x-forwarded-for': PHONE_ADDRESS } });
  assert.is(fetched.status, 200, fetched.text);
  const refreshed = await server.request('POST', '/oauth/token', {
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: fetched.body.refreshToken }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('aRMT:armt-secret').toString('base64')}`, 'x-forwarded-for': PHONE_ADDRESS },
  });
  assert.is(refreshed.status, 200, refreshed.text);
  return { access: refreshed.body.access_token, refresh: refreshed.body.refresh_token };
}

t('1. erasure can be repeated: a name set after an erasure goes with the next one', async () => {
  const made = await createSubject('again-1', { personName: 'Perpetua Firstname-Once' });
  assert.is((await erase('again-1')).status, 200);
  const updated = await radmin('PUT', '/api/subjects', { json: { ...made, personName: 'Perpetua Secondname-Twice', project: await projectRef(server, 'radar') } });
  assert.is(updated.status, 200, updated.text);
  const second = await erase('again-1');
  assert.is(second.status, 200, second.text);
  assert.is((await radmin('GET', '/api/subjects/again-1')).body.personName ?? null, null);
  assert.equal(await dumpHits(['Perpetua', 'Firstname-Once', 'Secondname-Twice']), []);
});

t('2. a deleted subject\'s history can be erased', async () => {
  await createSubject('gone-2', { personName: 'Desdemona Deletedhistory', dateOfBirth: '1950-02-03', attributes: { clinic: 'Ward Quinze-Deleted' } });
  assert.is((await radmin('DELETE', '/api/subjects/gone-2')).status, 200);
  const before = await radmin('GET', '/api/subjects/gone-2/revisions');
  assert.ok(before.text.includes('Deletedhistory'), 'the history held the name');
  const erased = await erase('gone-2');
  assert.is(erased.status, 200, erased.text);
  const after = await radmin('GET', '/api/subjects/gone-2/revisions');
  assert.is(after.status, 200);
  assert.is(after.body.length, before.body.length, 'the history keeps its entries');
  assert.not.ok(after.text.includes('Deletedhistory'));
  assert.equal(await dumpHits(['Deletedhistory', '1950-02-03', 'Quinze-Deleted']), []);
  // A staff member of another project may not erase it: the permission is checked on its last project.
  await createProjectRow(server, 'elsewhere', 'main');
  await createUser(server, 'eadmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'elsewhere' }]);
  const other = await asUser(server, 'eadmin');
  assert.is((await other('POST', '/api/subjects/gone-2/erasure', { json: { reason: 'x', confirmLogin: 'gone-2' } })).status, 403);
});

t('3. a reused login inherits nothing of the previous person: history, views, tombstone', async () => {
  await createSubject('reused-3', { personName: 'Alice Previousholder' });
  assert.is((await admin('GET', '/api/subjects/reused-3')).status, 200); // a view of Alice
  assert.is((await erase('reused-3')).status, 200);
  assert.is((await radmin('DELETE', '/api/subjects/reused-3')).status, 200);
  await createSubject('reused-3', { personName: 'Bob Newholder' });
  const privacy = await radmin('GET', '/api/subjects/reused-3/privacy');
  assert.is(privacy.status, 200);
  assert.is(privacy.body.erasure, undefined, 'Bob has no tombstone');
  assert.is(privacy.body.lastViewed, undefined, 'nobody viewed Bob');
  const file = (await radmin('GET', '/api/subjects/reused-3/access-export')).body;
  assert.is(file.erasure, null);
  assert.ok(file.revisions.every((r: { snapshot: { personName?: string } }) => r.snapshot.personName === 'Bob Newholder'), JSON.stringify(file.revisions));
  const types = file.auditEvents.map((e: { type: string }) => e.type);
  assert.not.ok(types.includes('SUBJECT_VIEWED'), 'Alice\'s view is not Bob\'s');
  assert.not.ok(types.includes('SUBJECT_ERASED'), 'Alice\'s erasure is not Bob\'s');
  // Bob can be erased (once Alice's tombstone answered 409), and an import may fill Bob's fields.
  const csv = 'login,personName\nreused-3,Bob Importedname\n';
  const dry = await radmin('POST', '/api/projects/radar/subjects/import?dryRun=true', { body: csv, headers: { 'content-type': 'text/csv' } });
  assert.equal(dry.body.errors, [], dry.text);
  assert.is((await erase('reused-3')).status, 200);
});

t('4. device data the app registered is erased: subject, history, sources, access export, database', async () => {
  await createSubject('device-4', { personName: 'Ottoline Devicebearer' });
  const app = await pairedApp('device-4');
  const registered = await server.request('POST', '/api/subjects/device-4/sources', {
    headers: { authorization: `Bearer ${app.access}` },
    json: { sourceTypeId: phoneType, sourceName: 'phone', attributes: { deviceName: "Ottoline Devicebearer's iPhone", model: 'iPhone 15' } },
  });
  assert.is(registered.status, 200, registered.text);
  assert.ok((await radmin('GET', '/api/subjects/device-4')).text.includes("Devicebearer's iPhone"), 'the subject lists the device name');
  assert.is((await erase('device-4')).status, 200);
  const reads = [
    await radmin('GET', '/api/subjects/device-4'),
    await radmin('GET', '/api/subjects/device-4/revisions'),
    await radmin('GET', '/api/subjects/device-4/sources?withInactiveSources=true'),
    await radmin('GET', '/api/projects/radar/sources?assigned=true'),
    await radmin('GET', '/api/subjects/device-4/access-export'),
    await admin('GET', '/api/revisions?size=2000'),
  ];
  for (const res of reads) {
    assert.is(res.status, 200, res.text);
    assert.not.ok(res.text.includes('Devicebearer'), res.text.slice(0, 500));
  }
  assert.equal(await dumpHits(['Devicebearer']), []);
});

t('5. failed sign-ins under the e-mail and the phone\'s addresses are scrubbed; old events lose personal fields', async () => {
  await createSubject('audit-5', { personName: 'Guinevere Auditwatch' });
  await db().query("UPDATE radar_user SET email = 'guinevere.auditwatch@example.org' WHERE login = 'audit-5'");
  const failed = await tokenRequest(server, { grant_type: 'password', username: 'guinevere.auditwatch@example.org', password: 'wrong-Password-1' }, ['aRMT', 'armt-secret']);
  assert.ok(failed.status >= 400);
  await pairedApp('audit-5');
  const aboutPhone = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM audit_event WHERE data->>'remoteAddress' = $1", [PHONE_ADDRESS]);
  assert.ok(aboutPhone[0].n > 0, 'the phone\'s address was recorded');
  assert.ok((await dumpHits(['guinevere.auditwatch@example.org'])).some((h) => h.startsWith('audit_event')));
  assert.is((await erase('audit-5')).status, 200);
  assert.equal(await dumpHits(['guinevere.auditwatch@example.org', PHONE_ADDRESS, 'Auditwatch']), []);
  for (const path of ['/management/audits?size=2000', '/management/audits/export?format=csv', '/management/audits/export?format=json']) {
    const res = await admin('GET', path);
    assert.is(res.status, 200, `${path}: ${res.text}`);
    assert.not.ok(res.text.toLowerCase().includes('auditwatch'), path);
    assert.not.ok(res.text.includes(PHONE_ADDRESS), path);
  }

  // Retention: events older than the personal-data days lose their address and a typed principal; recent ones keep them.
  await db().query(
    `INSERT INTO audit_event (principal, event_date, event_type, data) VALUES
       ('someone@example.org', now() - interval '100 days', 'AUTHENTICATION_FAILURE', '{"remoteAddress": "198.51.100.9"}'),
       ('admin', now() - interval '100 days', 'AUTHENTICATION_SUCCESS', '{"remoteAddress": "198.51.100.9"}'),
       ('recent@example.org', now() - interval '1 day', 'AUTHENTICATION_FAILURE', '{"remoteAddress": "198.51.100.10"}'),
       ('admin', now() - interval '400 days', 'SUBJECT_VIEWED', '{"subject_login": "x"}')`);
  const done = await applyAuditRetention(db(), { personalDataDays: 90, byType: { SUBJECT_VIEWED: 365 } });
  assert.ok(done.scrubbed >= 3 && done.deleted >= 1, JSON.stringify(done));
  assert.equal(await dumpHits(['198.51.100.9', 'someone@example.org']), []);
  assert.equal((await dumpHits(['198.51.100.10', 'recent@example.org'])).sort(), ['audit_event: 198.51.100.10', 'audit_event: recent@example.org']);
  const old = await db().query<{ principal: string }>("SELECT principal FROM audit_event WHERE event_type = 'AUTHENTICATION_SUCCESS' AND event_date < now() - interval '99 days'");
  assert.equal(old.map((r) => r.principal), ['admin'], 'a user\'s login stays');
  assert.is((await db().query("SELECT 1 FROM audit_event WHERE event_type = 'SUBJECT_VIEWED' AND event_date < now() - interval '399 days'")).length, 0);
  // The settings: 90 days by default, 0 turns it off; per type as TYPE=days.
  assert.is(loadConfig({}).auditPersonalDataDays, 90);
  assert.is(loadConfig({ AUDIT_PERSONAL_DATA_DAYS: '0' }).auditPersonalDataDays, undefined);
  assert.equal(loadConfig({ AUDIT_RETENTION_BY_TYPE: 'SUBJECT_VIEWED=365, AUTHENTICATION_FAILURE=30' }).auditRetentionByType, { SUBJECT_VIEWED: 365, AUTHENTICATION_FAILURE: 30 });
  assert.throws(() => loadConfig({ AUDIT_RETENTION_BY_TYPE: 'SUBJECT_VIEWED=forever' }), /AUDIT_RETENTION_BY_TYPE/);
});

t('6. every read of one person\'s data is recorded before the answer; a CSV export per subject', async () => {
  await createSubject('looked-6', { externalId: 'EXT-LOOK-6', personName: 'Hortensia Lookedat' });
  let expected = await views('looked-6');
  const reads: [AsUser, string][] = [
    [radmin, '/api/subjects/looked-6'],
    [radmin, '/api/subjects?projectName=radar&externalId=EXT-LOOK-6'],
    [radmin, '/api/projects/radar/subjects?login=looked-6'],
    [admin, '/api/subjects?login=looked-6'],
    [radmin, '/api/users/looked-6'],
    [radmin, '/api/subjects/looked-6/sources'],
    [admin, '/api/revisions?size=2000'],
  ];
  for (const [caller, path] of reads) {
    const res = await caller('GET', path);
    assert.is(res.status, 200, `${path}: ${res.text}`);
    // Read straight after the answer: no queue, no quiet moment waited for.
    expected += 1;
    assert.is(await views('looked-6'), expected, path);
  }
  // An unfiltered page is a roster, not a view of each person on it.
  await radmin('GET', '/api/projects/radar/subjects');
  assert.is(await views('looked-6'), expected);
  // A CSV export: the subject's access export lists it.
  assert.is((await radmin('GET', '/api/projects/radar/subjects.csv')).status, 200);
  const file = (await radmin('GET', '/api/subjects/looked-6/access-export')).body;
  assert.equal(file.exports.map((e: { exportedBy: string; project: string }) => [e.exportedBy, e.project]), [['radmin', 'radar']]);
  // The export's own record says whose data left in it (system admins).
  const [event] = await db().query<{ id: number }>("SELECT id FROM audit_event WHERE event_type = 'SUBJECTS_EXPORTED' ORDER BY id DESC LIMIT 1");
  const record = await admin('GET', `/api/privacy/exports/${event.id}`);
  assert.is(record.status, 200, record.text);
  assert.equal([record.body.exportedBy, record.body.project], ['radmin', 'radar']);
  assert.ok(record.body.subjects.includes('looked-6'), record.text);
  assert.is((await radmin('GET', `/api/privacy/exports/${event.id}`)).status, 403);
  assert.is((await admin('GET', '/api/privacy/exports/999999')).status, 404);
  assert.is((await admin('GET', '/api/privacy/exports/abc')).status, 400);
});

t.run();
