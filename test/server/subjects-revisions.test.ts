// A subject's history (docs/subjects.md): GET api/subjects/{login}/revisions (paged, X-Total-Count, the Link
// quirk base `/subjects/{login}/revisions`), .../revisions/{n} (the subject as of n), provenance on GET, and both
// after the subject is deleted, with the permission checked against its last project.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { projectRef } from '../setup/subjects';

let server: TestServer;
let admin: AsUser;
let revisionIds: number[];
const t = suite('subject revisions');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'other');
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'pilot-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'pilot' }]);
  admin = await asUser(server, 'admin');
  const radar = await projectRef(server, 'radar');
  const created = await admin('POST', '/api/subjects', { json: { login: 'with history', externalId: 'v1', project: radar } });
  await admin('PUT', '/api/subjects', { json: { ...created.body, externalId: 'v2', project: radar } });
  await (await asUser(server, 'radar-admin'))('PUT', '/api/subjects', { json: { ...created.body, externalId: 'v3', project: radar } });
  const rows = await server.app.db.query<{ revision_id: number }>(
    "SELECT revision_id FROM revision_change WHERE entity_kind = 'subject' AND entity_key = 'with history' ORDER BY revision_id");
  revisionIds = rows.map((r) => r.revision_id);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const path = '/api/subjects/with%20history/revisions';

t('the list: every change, oldest first, RevisionDTOs, X-Total-Count and the quirk Link base', async () => {
  const res = await admin('GET', path);
  assert.is(res.status, 200, res.text);
  assert.equal(res.body.map((r: { id: number; revisionType: string; author: string; entity: { externalId: string } }) =>
    [r.id, r.revisionType, r.author, r.entity.externalId]),
  [[revisionIds[0], 'ADD', 'admin', 'v1'], [revisionIds[1], 'MOD', 'admin', 'v2'], [revisionIds[2], 'MOD', 'radar-admin', 'v3']]);
  assert.match(res.body[0].timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.is(res.body[0].entity.project.projectName, 'radar');
  assert.is(res.headers.get('x-total-count'), '3');
  const paged = await admin('GET', `${path}?page=0&size=2&sort=id,desc`);
  assert.equal(paged.body.map((r: { id: number }) => r.id), [revisionIds[2], revisionIds[1]]);
  assert.is(paged.headers.get('link'),
    '</subjects/with+history/revisions?page=1&size=2>; rel="next",</subjects/with+history/revisions?page=1&size=2>; rel="last",</subjects/with+history/revisions?page=0&size=2>; rel="first"');
  assert.is((await admin('GET', `${path}?sort=nonsense`)).status, 400);
  assert.is((await admin('GET', `${path}?page=abc`)).status, 400);
});

t('one revision: the subject as it stood then; before it existed or not a number is a 404', async () => {
  const middle = await admin('GET', `${path}/${revisionIds[1]}`);
  assert.is(middle.status, 200);
  assert.is(middle.body.externalId, 'v2');
  const later = await admin('GET', `${path}/${revisionIds[2] + 1000}`);
  assert.is(later.body.externalId, 'v3', 'a later revision answers the latest state');
  const before = await admin('GET', `${path}/1`);
  assert.is(before.status, 404);
  assert.is(before.body.errorCode, 'error.subjectNotFound');
  assert.is(before.body.params.subjectLogin, 'with history');
  assert.is((await admin('GET', `${path}/abc`)).status, 404);
  assert.is((await admin('GET', '/api/subjects/nobody/revisions')).status, 404);
});

t('provenance on GET comes from the first and last revision', async () => {
  const res = await admin('GET', '/api/subjects/with%20history');
  assert.equal([res.body.createdBy, res.body.lastModifiedBy], ['admin', 'radar-admin']);
  assert.ok(res.body.createdDate <= res.body.lastModifiedDate);
});

t('a deleted subject keeps its history, readable by its last project only', async () => {
  assert.is((await admin('DELETE', '/api/subjects/with%20history')).status, 200);
  const list = await (await asUser(server, 'radar-admin'))('GET', path);
  assert.equal(list.body.map((r: { revisionType: string }) => r.revisionType), ['ADD', 'MOD', 'MOD', 'DEL']);
  const one = await (await asUser(server, 'radar-admin'))('GET', `${path}/${revisionIds[0]}`);
  assert.is(one.body.externalId, 'v1');
  const last = list.body[3].id;
  assert.is((await admin('GET', `${path}/${last}`)).status, 404, 'at its delete it no longer exists');
  assert.is((await (await asUser(server, 'pilot-admin'))('GET', path)).status, 403);
});

t.run();
