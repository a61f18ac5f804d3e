// Issue #35's "done when" (docs/privacy.md): a realistic participant (name, e-mail, date of birth, attributes, several
// updates, a group, a device its app registered with the person's name in deviceName, a used and a pending pairing
// link, a failed sign-in with the e-mail as user name, views by two staff members, a CSV export) is erased; then every
// API answer the portal gives about it or around it, both CSV exports, both audit exports, the server's log (but for
// the access log's addresses) and every row of every table of the portal's schema (as text) are searched for each
// distinctive value, and none is found.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { projectRef } from '../setup/subjects';
import { addClient, tokenRequest } from './oauth-fixtures';
import { createSourceTypeRow } from './projects-fixtures';

let server: TestServer;
let admin: AsUser;
let radmin: AsUser;
let analyst: AsUser;
const t = suite('erasure, searched everywhere');

const LOGIN = 'wz-participant';
const PHONE_ADDRESS = '203.0.113.88';
const EMAIL = 'w.zwanenburg@example.org';
const VALUES = ['Wilhelmina', 'Zwanenburg', 'Oostveen', EMAIL, '1958-11-30', '5550-8877', 'Prinsengracht', 'XQ-7781', PHONE_ADDRESS, 'Pixel-of-Willy'];

t.before(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1', LOG_LEVEL: 'INFO' });
  await createProjectRow(server, 'radar', 'main');
  await createUser(server, 'radmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'ranalyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'radar' }]);
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token', 'password'] });
  const phone = await createSourceTypeRow(server, 'acme', 'phone');
  await server.app.db.query('UPDATE source_type SET dynamic_registration = true WHERE id = $1', [phone]);
  await server.app.db.query("INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name = 'radar'", [phone]);
  admin = await asUser(server, 'admin');
  radmin = await asUser(server, 'radmin');
  analyst = await asUser(server, 'ranalyst');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const db = () => server.app.db;
const fromPhone = (extra: Record<string, string> = {}) => ({ 'x-forwarded-for': PHONE_ADDRESS, ...extra });
const appClient = `Basic ${Buffer.from('aRMT:armt-secret').toString('base64')}`;

/** Each row of each table of the portal's schema, as text, holding one of the values (case-insensitive). */
async function tableHits(): Promise<string[]> {
  const tables = await db().query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1");
  const hits: string[] = [];
  for (const { table_name } of tables) {
    const rows = await db().query<{ row: string }>(`SELECT x::text AS row FROM "${table_name}" x`);
    for (const { row } of rows) for (const v of VALUES) if (row.toLowerCase().includes(v.toLowerCase())) hits.push(`${table_name}: ${v} in ${row.slice(0, 300)}`);
  }
  return hits;
}

const hitsIn = (text: string) => VALUES.filter((v) => text.toLowerCase().includes(v.toLowerCase()));

t('a realistic participant, erased: no API answer, export, log line or table row holds any of its values', async () => {
  // The participant, as staff enter it and change it.
  assert.is((await radmin('POST', '/api/projects/radar/groups', { json: { name: 'ward-b' } })).status, 201);
  const made = await radmin('POST', '/api/subjects', {
    json: {
      login: LOGIN, externalId: 'RADAR-0042', externalLink: 'https://clinic.example/patient/XQ-7781', personName: 'Wilhelmina Zwanenburg',
      dateOfBirth: '1958-11-30', project: await projectRef(server, 'radar'), attributes: { phone: '+31-6-5550-8877', address: 'Prinsengracht 1234 Amsterdam' },
    },
  });
  assert.is(made.status, 201, made.text);
  const project = await projectRef(server, 'radar');
  let current = made.body;
  for (const personName of ['Wilhelmina Zwanenburg-Oostveen', 'Wilhelmina Z. Oostveen']) {
    const res = await radmin('PUT', '/api/subjects', { json: { ...current, personName, group: 'ward-b', project } });
    assert.is(res.status, 200, res.text);
    current = res.body;
  }
  await db().query('UPDATE radar_user SET email = $2, first_name = $3, last_name = $4 WHERE login = $1', [LOGIN, EMAIL, 'Wilhelmina', 'Oostveen']);

  // The app: a used pairing link (from the phone's address), tokens, a device named after the person; a pending link.
  const pair = await radmin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login: LOGIN, clientId: 'aRMT', persistent: 'false' })}`);
  const fetched = await server.request('GET', `/api/meta-token/${pair.body.tokenName}`, { headers: fromPhone() });
  assert.is(fetched.status, 200, fetched.text);
  const refreshed = await server.request('POST', '/oauth/token', {
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: fetched.body.refreshToken }).toString(),
    headers: fromPhone({ 'content-type': 'application/x-www-form-urlencoded', authorization: appClient }),
  });
  assert.is(refreshed.status, 200, refreshed.text);
  const registered = await server.request('POST', `/api/subjects/${LOGIN}/sources`, {
    headers: fromPhone({ authorization: `Bearer ${refreshed.body.access_token}` }),
    json: { sourceTypeProducer: 'acme', sourceTypeModel: 'phone', sourceTypeCatalogVersion: 'v1', sourceName: 'Pixel-of-Willy', attributes: { deviceName: "Wilhelmina Oostveen's Pixel" } },
  });
  assert.ok(registered.status === 200 || registered.status === 201, registered.text);
  const pending = await radmin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login: LOGIN, clientId: 'aRMT', persistent: 'true' })}`);
  assert.is(pending.status, 200);
  // A failed sign-in with the e-mail as user name, from the phone.
  const failed = await server.request('POST', '/oauth/token', {
    body: new URLSearchParams({ grant_type: 'password', username: EMAIL, password: 'Not-the-password-1' }).toString(),
    headers: fromPhone({ 'content-type': 'application/x-www-form-urlencoded', authorization: appClient }),
  });
  assert.ok(failed.status >= 400);
  // Views by two staff members, and a CSV export.
  assert.is((await radmin('GET', `/api/subjects/${LOGIN}`)).status, 200);
  assert.is((await analyst('GET', `/api/subjects/${LOGIN}/revisions`)).status, 200);
  const csvBefore = await radmin('GET', '/api/projects/radar/subjects.csv');
  assert.ok(csvBefore.text.includes('Oostveen'));
  assert.ok((await tableHits()).length > 10, 'the values were stored in many places');

  const erased = await radmin('POST', `/api/subjects/${LOGIN}/erasure`, { json: { reason: 'Art. 17 request, ticket 9001', confirmLogin: LOGIN } });
  assert.is(erased.status, 200, erased.text);
  assert.equal(erased.body.exports.map((e: { exportedBy: string }) => e.exportedBy), ['radmin']);

  // Every answer about the subject, its project, its user, the audit log and the revisions.
  const reads: [AsUser, string][] = [
    [radmin, `/api/subjects/${LOGIN}`], [radmin, `/api/subjects/${LOGIN}/revisions?size=100`], [radmin, `/api/subjects/${LOGIN}/sources?withInactiveSources=true`],
    [radmin, `/api/subjects/${LOGIN}/privacy`], [radmin, `/api/subjects/${LOGIN}/access-export`], [radmin, `/api/users/${LOGIN}`],
    [radmin, '/api/projects/radar/subjects?size=100'], [radmin, '/api/projects/radar/subjects?authority=ROLE_PARTICIPANT&authority=ROLE_INACTIVE_PARTICIPANT'],
    [radmin, '/api/subjects?projectName=radar&externalId=RADAR-0042'], [admin, '/api/subjects?size=100'], [radmin, '/api/projects/radar/sources'],
    [radmin, '/api/projects/radar/sources?assigned=true'], [admin, '/api/sources?size=100'], [admin, '/api/users?size=100'],
    [radmin, '/api/projects/radar/subjects.csv'], [admin, '/api/subjects.csv'], [admin, '/api/revisions?size=2000'],
    [admin, '/management/audits?size=2000'], [admin, '/management/audits/export?format=csv'], [admin, '/management/audits/export?format=json'],
    [radmin, '/api/projects/radar/meta-tokens'], [radmin, '/api/projects/radar/groups'], [radmin, '/api/projects/radar/overview'],
    [admin, '/api/privacy/processing-record'],
  ];
  const found: string[] = [];
  for (const [caller, path] of reads) {
    const res = await caller('GET', path);
    assert.ok(res.status < 500, `${path}: ${res.status}`);
    for (const v of hitsIn(res.text)) found.push(`${path}: ${v}`);
  }
  const revisions = (await radmin('GET', `/api/subjects/${LOGIN}/revisions?size=100`)).body as { id: number }[];
  assert.ok(revisions.length >= 5);
  for (const { id } of revisions) {
    for (const path of [`/api/subjects/${LOGIN}/revisions/${id}`, `/api/revisions/${id}`]) {
      const res = await admin('GET', path);
      for (const v of hitsIn(res.text)) found.push(`${path}: ${v}`);
    }
  }
  // The log: no personal value. The access log's lines (INFO) name the address each request came from, the phone's
  // too; a log is written out of the process and kept as the operator decides (docs/privacy.md, "What remains").
  for (const line of server.logLines) for (const v of hitsIn(line)) if (v !== PHONE_ADDRESS) found.push(`log: ${v} in ${line.slice(0, 200)}`);
  assert.equal(found, []);
  assert.equal(await tableHits(), []);
});

t.run();
