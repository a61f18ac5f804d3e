// The rest of issue #35 (docs/privacy.md): the access export is complete (account, failed sign-ins under the e-mail,
// the exports that held the subject, the Art. 15(1) information a project admin sets, with documented defaults);
// restriction of processing stops the app and lifts again; the Art. 30 record comes from the portal's settings.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PRIVACY_DEFAULTS } from '../../src/server/privacy/project-privacy';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { projectRef } from '../setup/subjects';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
let admin: AsUser;
let radmin: AsUser;
let analyst: AsUser;
const t = suite('subject privacy rights: access export, restriction, Art. 30');

t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createUser(server, 'radmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'ranalyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'radar' }]);
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token', 'password'] });
  admin = await asUser(server, 'admin');
  radmin = await asUser(server, 'radmin');
  analyst = await asUser(server, 'ranalyst');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const db = () => server.app.db;

async function paired(login: string): Promise<{ access: string; refresh: string }> {
  const pair = await radmin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login, clientId: 'aRMT', persistent: 'false' })}`);
  assert.is(pair.status, 200, pair.text);
  const fetched = await server.request('GET', `/api/meta-token/${pair.body.tokenName}`);
  assert.is(fetched.status, 200, fetched.text);
  const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: fetched.body.refreshToken }, ['aRMT', 'armt-secret']);
  assert.is(refreshed.status, 200, refreshed.text);
  return { access: refreshed.body.access_token, refresh: refreshed.body.refresh_token };
}

t('project privacy information: defaults, set by a project admin, read by staff, refused to others', async () => {
  const initial = await analyst('GET', '/api/projects/radar/privacy');
  assert.is(initial.status, 200, initial.text);
  assert.equal(initial.body.effective, PRIVACY_DEFAULTS);
  assert.is(initial.body.settings.purposes, null);
  const body = { purposes: 'Relapse prediction in depression (protocol RADAR-MDD v3)', legalBasis: 'Art. 6(1)(e) and 9(2)(j) GDPR', recipients: 'King\'s College London; the RADAR-base data pipeline' };
  assert.is((await analyst('PUT', '/api/projects/radar/privacy', { json: body })).status, 403);
  const saved = await radmin('PUT', '/api/projects/radar/privacy', { json: body });
  assert.is(saved.status, 200, saved.text);
  assert.is(saved.body.effective.purposes, body.purposes);
  assert.is(saved.body.effective.retention, PRIVACY_DEFAULTS.retention, 'unset fields answer the default');
  assert.is(saved.body.updatedBy, 'radmin');
  const tooLong = await radmin('PUT', '/api/projects/radar/privacy', { json: { purposes: 'x'.repeat(4001) } });
  assert.is(tooLong.status, 400, tooLong.text);
  assert.is((await radmin('GET', '/api/projects/nope/privacy')).status, 403);
  assert.is((await admin('GET', '/api/projects/nope/privacy')).status, 404);
  const [event] = await db().query<{ principal: string; data: unknown }>("SELECT principal, data FROM audit_event WHERE event_type = 'PROJECT_PRIVACY_UPDATED'");
  assert.equal(event, { principal: 'radmin', data: { project: 'radar' } });
});

t('the access export: account, failed sign-ins under the e-mail, exports, Art. 15(1) per project', async () => {
  const made = await radmin('POST', '/api/subjects', { json: { login: 'asker', personName: 'Rosalind Askwell', project: await projectRef(server, 'radar') } });
  assert.is(made.status, 201, made.text);
  await db().query("UPDATE radar_user SET email = 'rosalind@example.org', first_name = 'Rosalind', last_name = 'Askwell' WHERE login = 'asker'");
  await tokenRequest(server, { grant_type: 'password', username: 'rosalind@example.org', password: 'Wrong-password-1' }, ['aRMT', 'armt-secret']);
  assert.is((await radmin('GET', '/api/projects/radar/subjects.csv')).status, 200);
  const file = (await radmin('GET', '/api/subjects/asker/access-export')).body;
  assert.equal(file.account, { login: 'asker', email: 'rosalind@example.org', firstName: 'Rosalind', lastName: 'Askwell', langKey: file.account.langKey, activated: true, createdDate: file.account.createdDate });
  const failures = file.auditEvents.filter((e: { type: string }) => e.type === 'AUTHENTICATION_FAILURE');
  assert.equal(failures.map((e: { principal: string }) => e.principal), ['rosalind@example.org']);
  assert.equal(file.exports.map((e: { exportedBy: string; project: string }) => [e.exportedBy, e.project]), [['radmin', 'radar']]);
  assert.equal(Object.keys(file.processing), ['radar']);
  assert.is(file.processing.radar.purposes, 'Relapse prediction in depression (protocol RADAR-MDD v3)');
  assert.is(file.processing.radar.rights, PRIVACY_DEFAULTS.rights);
  assert.equal(file.erasures, []);
  assert.is(file.restriction, null);
});

t('restriction of processing: the app gets no tokens and its tokens are refused; lifting restores it', async () => {
  await radmin('POST', '/api/subjects', { json: { login: 'held', personName: 'Theodora Heldback', project: await projectRef(server, 'radar') } });
  const app = await paired('held');
  const bearer = { headers: { authorization: `Bearer ${app.access}` } };
  assert.is((await server.request('GET', '/api/subjects/held', bearer)).status, 200);
  assert.is((await analyst('PUT', '/api/subjects/held/restriction', { json: { reason: 'x' } })).status, 403);
  assert.is((await radmin('PUT', '/api/subjects/held/restriction', { json: { reason: '' } })).status, 400);
  const restricted = await radmin('PUT', '/api/subjects/held/restriction', { json: { reason: 'Contests accuracy (Art. 18(1)(a))' } });
  assert.is(restricted.status, 200, restricted.text);
  assert.equal([restricted.body.login, restricted.body.restrictedBy, restricted.body.reason], ['held', 'radmin', 'Contests accuracy (Art. 18(1)(a))']);
  assert.is((await server.request('GET', '/api/subjects/held', bearer)).status, 401, 'the app\'s access token is refused');
  const refused = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: app.refresh }, ['aRMT', 'armt-secret']);
  assert.is(refused.status, 400, refused.text);
  assert.is(refused.body.error, 'invalid_grant');
  // The data are kept, and staff still read them; the access export shows the state.
  assert.is((await radmin('GET', '/api/subjects/held')).body.personName, 'Theodora Heldback');
  assert.is((await radmin('GET', '/api/subjects/held/access-export')).body.restriction.reason, 'Contests accuracy (Art. 18(1)(a))');
  assert.is((await analyst('GET', '/api/subjects/held/privacy')).body.restriction.restrictedBy, 'radmin');
  // Kept but not used: the project's export leaves the subject out while the restriction holds.
  const exported = await radmin('GET', '/api/projects/radar/subjects.csv');
  assert.is(exported.status, 200, exported.text);
  assert.not.match(exported.text, /Heldback/);
  assert.not.match(exported.text, /\nheld,/);
  assert.is((await radmin('DELETE', '/api/subjects/held/restriction')).status, 204);
  assert.match((await radmin('GET', '/api/projects/radar/subjects.csv')).text, /\nheld,/, 'exported again once lifted');
  const again = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: app.refresh }, ['aRMT', 'armt-secret']);
  assert.is(again.status, 200, again.text);
  assert.is((await analyst('GET', '/api/subjects/held/privacy')).body.restriction, undefined);
  const types = (await db().query<{ event_type: string }>("SELECT event_type FROM audit_event WHERE data->>'subject_login' = 'held' AND event_type LIKE 'SUBJECT_RESTRICT%' ORDER BY id")).map((r) => r.event_type);
  assert.equal(types, ['SUBJECT_RESTRICTED', 'SUBJECT_RESTRICTION_LIFTED']);
});

t('the record of processing activities (Art. 30): from the settings, system admins only', async () => {
  assert.is((await radmin('GET', '/api/privacy/processing-record')).status, 403);
  const res = await admin('GET', '/api/privacy/processing-record');
  assert.is(res.status, 200, res.text);
  const radar = res.body.activities.find((a: { project: string }) => a.project === 'radar');
  assert.is(radar.purposes, 'Relapse prediction in depression (protocol RADAR-MDD v3)');
  assert.is(radar.retention, PRIVACY_DEFAULTS.retention);
  assert.ok(radar.subjects >= 2);
  assert.ok(radar.categoriesOfPersonalData.includes('person name'));
  assert.equal(res.body.auditRetention, { allEventsDays: null, byType: {}, personalFieldsDays: 90 });
});

t.run();
