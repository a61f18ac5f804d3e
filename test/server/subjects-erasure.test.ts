// A subject's privacy rights (docs/subjects.md, "Erasure", "Access export", "Who looked"): erasing removes every
// personal value from every table (searched column by column, revision snapshots and audit details included), ends
// the pairing links and tokens, keeps the login and a tombstone, and no export or import brings the data back; the
// access export holds everything about the subject; reading a subject leaves an audit event naming who and whom.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects, projectRef } from '../setup/subjects';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
let admin: AsUser;
let radmin: AsUser;
let analyst: AsUser;
let otherAdmin: AsUser;
const t = suite('subject erasure, access export and views');

const LOGIN = 'erase-me';
const NAME_OLD = 'Erasmus Q. Vanderplaats';
const NAME = 'Erasmus Quintus Vanderplaats';
const BIRTH = '1961-07-23';
const LINK = 'https://clinic.example/patient/XZ-5551';
const EMAIL = 'erasmus.vdp@example.org';
const PHONE = '+31-6-5550-1234';
const ADDRESS = 'Keizersgracht 999 Amsterdam';
const ERASED_VALUES = [NAME_OLD, NAME, BIRTH, LINK, EMAIL, PHONE, ADDRESS, 'Vanderplaats', 'XZ-5551'];

t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'other', 'second');
  await createUser(server, 'radmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'ranalyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'radar' }]);
  await createUser(server, 'oadmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'other' }]);
  await insertSubjects(server, [{ login: 'bystander', project: 'radar' }]);
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'] });
  admin = await asUser(server, 'admin');
  radmin = await asUser(server, 'radmin');
  analyst = await asUser(server, 'ranalyst');
  otherAdmin = await asUser(server, 'oadmin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const db = () => server.app.db;

/** Every (table, column) of a text or JSON type in the portal's schema: where an erased value could hide. */
async function textColumns(): Promise<{ table_name: string; column_name: string }[]> {
  return db().query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
      ORDER BY 1, 2`);
}

/** Where any of the values still occurs (case-insensitive, anywhere in the text), as `table.column: value`. */
async function occurrences(values: string[]): Promise<string[]> {
  // One statement over every column, so the search takes one round trip however many columns there are.
  const parts = (await textColumns()).map(({ table_name, column_name }) =>
    `SELECT '${table_name}.${column_name}' AS at, v FROM "${table_name}" x, unnest($1::text[]) v WHERE strpos(lower(x."${column_name}"::text), lower(v)) > 0`);
  const rows = await db().query<{ at: string; v: string }>(`SELECT DISTINCT at, v FROM (${parts.join(' UNION ALL ')}) hits ORDER BY 1, 2`, [values]);
  return rows.map((r) => `${r.at}: ${r.v}`);
}

async function pairedRefreshToken(login: string): Promise<string> {
  const pair = await radmin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login, clientId: 'aRMT', persistent: 'false' })}`);
  assert.is(pair.status, 200, pair.text);
  const fetched = await server.request('GET', `/api/meta-token/${pair.body.tokenName}`);
  assert.is(fetched.status, 200, fetched.text);
  return fetched.body.refreshToken as string;
}

t('erasure: every table searched finds none of the erased values; login, tombstone and audit event stay', async () => {
  const project = await projectRef(server, 'radar');
  const made = await radmin('POST', '/api/subjects', {
    json: { login: LOGIN, externalId: 'EXT-77', externalLink: LINK, personName: NAME_OLD, dateOfBirth: BIRTH, project, attributes: { phone: PHONE, address: ADDRESS } },
  });
  assert.is(made.status, 201, made.text);
  const updated = await radmin('PUT', '/api/subjects', { json: { ...made.body, personName: NAME, project } });
  assert.is(updated.status, 200, updated.text);
  await db().query('UPDATE radar_user SET email = $2, first_name = $3 WHERE login = $1', [LOGIN, EMAIL, 'Vanderplaats']);
  // An older audit detail that held a personal value (a note about the subject).
  await db().query("INSERT INTO audit_event (principal, event_type, data) VALUES ('radmin', 'NOTE', $1::text::jsonb)",
    [JSON.stringify({ subject_login: LOGIN, note: `called ${NAME}` })]);
  const csv = await radmin('GET', '/api/projects/radar/subjects.csv');
  assert.is(csv.status, 200);
  assert.ok(csv.text.includes(NAME), 'the export held the name before');
  const refreshToken = await pairedRefreshToken(LOGIN);
  const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshToken }, ['aRMT', 'armt-secret']);
  assert.is(refreshed.status, 200, refreshed.text);
  const appToken = refreshed.body.access_token as string;
  const pending = await radmin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login: LOGIN, clientId: 'aRMT', persistent: 'false' })}`);
  assert.is(pending.status, 200);
  assert.is((await radmin('GET', `/api/subjects/${LOGIN}`)).status, 200);
  assert.ok((await occurrences(ERASED_VALUES)).length > 0, 'the values were stored before');

  // Refused: no permission, no confirmation, no reason; nothing changed.
  const body = { reason: 'Participant asked (ticket 4711)', confirmLogin: LOGIN };
  assert.is((await analyst('POST', `/api/subjects/${LOGIN}/erasure`, { json: body })).status, 403);
  assert.is((await otherAdmin('POST', `/api/subjects/${LOGIN}/erasure`, { json: body })).status, 403);
  const unconfirmed = await radmin('POST', `/api/subjects/${LOGIN}/erasure`, { json: { ...body, confirmLogin: 'bystander' } });
  assert.is(unconfirmed.status, 400);
  assert.is(unconfirmed.body.fieldErrors[0].field, 'confirmLogin');
  const noReason = await radmin('POST', `/api/subjects/${LOGIN}/erasure`, { json: { reason: '', confirmLogin: LOGIN } });
  assert.is(noReason.status, 400);
  assert.is((await radmin('POST', '/api/subjects/nobody-here/erasure', { json: body })).status, 404);
  assert.is((await radmin('GET', `/api/subjects/${LOGIN}`)).body.personName, NAME);

  const erased = await radmin('POST', `/api/subjects/${LOGIN}/erasure`, { json: body });
  assert.is(erased.status, 200, erased.text);
  assert.is(erased.body.login, LOGIN);
  assert.is(erased.body.erasedBy, 'radmin');
  assert.is(erased.body.reason, body.reason);
  assert.ok(Date.parse(erased.body.erasedAt) > Date.now() - 60_000);

  assert.equal(await occurrences(ERASED_VALUES), []);

  // The subject stays with its login and external id; the fields are empty.
  const after = await radmin('GET', `/api/subjects/${LOGIN}`);
  assert.is(after.status, 200);
  assert.equal([after.body.login, after.body.externalId, after.body.personName ?? null, after.body.dateOfBirth ?? null, after.body.externalLink ?? null, after.body.attributes ?? {}],
    [LOGIN, 'EXT-77', null, null, null, {}]);
  // Pairing links, refresh tokens and the app's access token end.
  assert.is((await db().query("SELECT 1 FROM radar_meta_token WHERE subject_id = (SELECT id FROM subject WHERE login = $1)", [LOGIN])).length, 0);
  assert.is((await server.request('GET', `/api/meta-token/${pending.body.tokenName}`)).status, 404);
  assert.is((await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token }, ['aRMT', 'armt-secret'])).status >= 400, true);
  assert.is((await server.request('GET', `/api/subjects/${LOGIN}`, { headers: { authorization: `Bearer ${appToken}` } })).status, 401);
  // Revisions keep their count, with nothing personal; the erasure is one more.
  const history = await radmin('GET', `/api/subjects/${LOGIN}/revisions`);
  assert.is(history.body.length, 3);
  // The audit event names the subject and project only.
  const [event] = await db().query<{ principal: string; data: unknown }>("SELECT principal, data FROM audit_event WHERE event_type = 'SUBJECT_ERASED'");
  assert.equal(event, { principal: 'radmin', data: { subject_login: LOGIN, project: 'radar' } });
  const [note] = await db().query<{ data: unknown }>("SELECT data FROM audit_event WHERE event_type = 'NOTE'");
  assert.equal(note.data, { subject_login: LOGIN, note: '[erased]' });
  // The erasure answers where copies went (GDPR art. 17(2)): the CSV export above held the subject.
  assert.equal(erased.body.exports.map((e: { exportedBy: string; project: string }) => [e.exportedBy, e.project]), [['radmin', 'radar']]);
  assert.type(erased.body.recipients, 'string');
  // The tombstone is readable on the subject. (A second erasure is allowed since issue #35: subjects-privacy.test.ts.)
  const privacy = await analyst('GET', `/api/subjects/${LOGIN}/privacy`);
  assert.is(privacy.status, 200);
  const { exports: _exports, recipients: _recipients, ...tombstone } = erased.body;
  assert.equal(privacy.body.erasure, tombstone);
});

t('after an erasure no export or import brings the data back', async () => {
  const csv = await radmin('GET', '/api/projects/radar/subjects.csv');
  assert.is(csv.status, 200);
  for (const value of ERASED_VALUES) assert.not.ok(csv.text.includes(value), value);
  const old = `login,personName,dateOfBirth,externalLink,attribute:phone\n${LOGIN},${NAME},${BIRTH},${LINK},${PHONE}\n`;
  const byLogin = await radmin('POST', '/api/projects/radar/subjects/import?dryRun=false', { body: old, headers: { 'content-type': 'text/csv' } });
  assert.is(byLogin.status, 400, byLogin.text);
  const dry = await radmin('POST', '/api/projects/radar/subjects/import?dryRun=true', { body: old, headers: { 'content-type': 'text/csv' } });
  assert.equal(dry.body.errors.map((e: { column: string; code: string }) => [e.column, e.code]), [['personName', 'subjectErased']]);
  const byExternalId = `externalId,attribute:address\nEXT-77,${ADDRESS}\n`;
  const dry2 = await radmin('POST', '/api/projects/radar/subjects/import?dryRun=true', { body: byExternalId, headers: { 'content-type': 'text/csv' } });
  assert.equal(dry2.body.errors.map((e: { column: string; code: string }) => [e.column, e.code]), [['attribute:address', 'subjectErased']]);
  // The export of the erased subject imports as it is: nothing to fill.
  const roundTrip = await radmin('POST', '/api/projects/radar/subjects/import?dryRun=true', { body: csv.text, headers: { 'content-type': 'text/csv' } });
  assert.is(roundTrip.status, 200, roundTrip.text);
  assert.equal(roundTrip.body.errors, []);
  assert.equal(await occurrences(ERASED_VALUES), []);
});

t('the access export: current data, every revision, pairing history and audit events; project admins only', async () => {
  await insertSubjects(server, [{ login: 'asks-access', project: 'radar' }]);
  await pairedRefreshToken('asks-access');
  await radmin('PUT', '/api/subjects', { json: { ...(await radmin('GET', '/api/subjects/asks-access')).body, personName: 'Ada Access', project: await projectRef(server, 'radar') } });
  assert.is((await analyst('GET', '/api/subjects/asks-access/access-export')).status, 403);
  assert.is((await otherAdmin('GET', '/api/subjects/asks-access/access-export')).status, 403);
  assert.is((await radmin('GET', '/api/subjects/nobody-here/access-export')).status, 404);
  const res = await radmin('GET', '/api/subjects/asks-access/access-export');
  assert.is(res.status, 200, res.text);
  assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="subject-asks-access-access-export.json"/);
  const file = res.body;
  assert.is(file.subject.login, 'asks-access');
  assert.is(file.subject.personName, 'Ada Access');
  assert.is(file.exportedBy, 'radmin');
  assert.is(file.erasure, null);
  assert.ok(file.revisions.length >= 1);
  assert.is(file.revisions.at(-1).snapshot.personName, 'Ada Access');
  assert.is(file.pairing.paired, true);
  assert.ok(file.pairing.lastSeen);
  assert.equal(file.pairing.links.map((l: { clientId: string; status: string }) => [l.clientId, l.status]), [['aRMT', 'USED']]);
  assert.not.ok(JSON.stringify(file.pairing.links).includes('tokenName'), 'no link name: it is a credential');
  const types = file.auditEvents.map((e: { type: string }) => e.type);
  for (const type of ['PAIR_CLIENT_REQUEST', 'PAIRING_TOKEN_EXCHANGED', 'SUBJECT_ACCESS_EXPORTED']) assert.ok(types.includes(type), type);
});

t('who looked: a detail or history read is audited (not the subject\'s own), the audit log filters by subject, last viewed by someone else', async () => {
  await insertSubjects(server, [{ login: 'looked-at', project: 'radar', activated: true }]);
  const self = await asUser(server, 'looked-at');
  assert.is((await self('GET', '/api/subjects/looked-at')).status, 200);
  assert.is((await radmin('GET', '/api/subjects/looked-at')).status, 200);
  assert.is((await analyst('GET', '/api/subjects/looked-at')).status, 200);
  assert.is((await analyst('GET', '/api/subjects/looked-at/revisions')).status, 200);
  assert.is((await otherAdmin('GET', '/api/subjects/looked-at')).status, 403, 'a refused read is no view');
  // The analyst sees the project admin; the project admin sees the analyst; nobody sees themselves.
  assert.equal((await analyst('GET', '/api/subjects/looked-at/privacy')).body.lastViewed?.by, 'radmin');
  const forAdmin = (await radmin('GET', '/api/subjects/looked-at/privacy')).body;
  assert.is(forAdmin.lastViewed.by, 'ranalyst');
  assert.ok(Date.parse(forAdmin.lastViewed.at) > Date.now() - 60_000);
  assert.is(forAdmin.erasure, undefined);
  const events = await admin('GET', '/management/audits?subject=looked-at&size=50');
  assert.is(events.status, 200);
  const views = events.body.filter((e: { type: string }) => e.type === 'SUBJECT_VIEWED');
  assert.equal(views.map((e: { principal: string; data: unknown }) => [e.principal, e.data]).sort(),
    [['radmin', { subject_login: 'looked-at' }], ['ranalyst', { subject_login: 'looked-at' }], ['ranalyst', { subject_login: 'looked-at' }]]);
  assert.ok(events.body.every((e: { data?: { subject_login?: string } }) => e.data?.subject_login === 'looked-at'));
  // A CSV export is one event naming the project, whatever it holds.
  await radmin('GET', '/api/projects/radar/subjects.csv');
  const exports = await db().query<{ data: unknown }>("SELECT data FROM audit_event WHERE event_type = 'SUBJECTS_EXPORTED' AND principal = 'radmin'");
  assert.ok(exports.length >= 1);
  assert.equal(exports[0].data, { project: 'radar' });
  assert.is((await otherAdmin('GET', '/api/subjects/looked-at/privacy')).status, 403);
});

t.run();
