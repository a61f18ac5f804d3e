// Ending a subject (docs/subjects.md): discontinue (sources unassigned and flagged deleted, removed, deactivated so its
// token stops working, audit event, revision) and delete (rows gone, sources released, history kept).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { createSource, insertSubjects, projectRef, writeFootprint } from '../setup/subjects';

let server: TestServer;
let admin: AsUser;
let ids: Map<string, number>;
const t = suite('subject discontinue and delete');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  ids = await insertSubjects(server, [{ login: 'leaving', project: 'radar' }, { login: 'going', project: 'radar', hrid: 'H-9' }]);
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const db = () => server.app.db;

async function giveSource(login: string, name: string): Promise<void> {
  await createSource(server, 'radar', name);
  await db().query('UPDATE radar_source SET assigned = true, subject_id = (SELECT id FROM subject WHERE login = $1) WHERE source_name = $2', [login, name]);
}

t('discontinue: sources released and deleted, DISCONTINUED, token refused, audit event and revision', async () => {
  await giveSource('leaving', 'dev-1');
  const own = await asUser(server, 'leaving');
  assert.is((await own('GET', '/api/subjects/leaving')).status, 200);
  const res = await admin('PUT', '/api/subjects/discontinue', { json: { id: ids.get('leaving'), project: await projectRef(server, 'radar') } });
  assert.is(res.status, 200, res.text);
  assert.is(res.body.status, 'DISCONTINUED');
  assert.equal(res.body.sources, []);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.subject.updated');
  const [source] = await db().query('SELECT assigned, deleted, subject_id FROM radar_source WHERE source_name = $1', ['dev-1']);
  assert.equal(source, { assigned: false, deleted: true, subject_id: null });
  const [event] = await db().query<{ principal: string; data: unknown }>("SELECT principal, data FROM audit_event WHERE event_type = 'SUBJECT_DISCONTINUE'");
  assert.equal(event, { principal: 'admin', data: { subject_login: 'leaving' } });
  assert.is((await own('GET', '/api/subjects/leaving')).status, 401, 'a discontinued subject cannot use its token');
  const revisions = await admin('GET', '/api/subjects/leaving/revisions');
  assert.equal(revisions.body.map((r: { revisionType: string; entity: { status: string } }) => [r.revisionType, r.entity.status]), [['MOD', 'DISCONTINUED']]);
});

t('discontinue refuses a body without id or project, and an unknown id', async () => {
  const radar = await projectRef(server, 'radar');
  for (const [body, status, code] of [
    [{ project: radar }, 400, 'subjectNotAvailable'], [{ id: ids.get('going') }, 400, 'projectrequired'],
    [{ id: 99999, project: radar }, 404, 'error.subjectNotFound'],
  ] as const) {
    const before = await writeFootprint(server);
    const res = await admin('PUT', '/api/subjects/discontinue', { json: body });
    assert.is(res.status, status);
    assert.is(res.headers.get('x-managementportalapp-error'), code);
    assert.equal(await writeFootprint(server), before);
  }
});

t('delete: user, subject, metadata and roles gone; sources released and flagged; history stays readable', async () => {
  await giveSource('going', 'dev-2');
  const userId = (await db().query<{ user_id: number }>("SELECT user_id FROM subject WHERE login = 'going'"))[0].user_id;
  const res = await admin('DELETE', '/api/subjects/going');
  assert.is(res.status, 200, res.text);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.subject.deleted');
  assert.is(res.headers.get('x-managementportalapp-params'), 'going');
  for (const [sql, param] of [
    ['SELECT 1 FROM radar_user WHERE id = $1', userId], ['SELECT 1 FROM role_users WHERE user_id = $1', userId],
    ['SELECT 1 FROM subject WHERE login = $1', 'going'], ['SELECT 1 FROM subject_metadata WHERE subject_id = $1', ids.get('going')],
  ] as const) assert.is((await db().query(sql, [param])).length, 0, sql);
  const [source] = await db().query('SELECT assigned, deleted, subject_id FROM radar_source WHERE source_name = $1', ['dev-2']);
  assert.equal(source, { assigned: false, deleted: true, subject_id: null });
  const gone = await admin('GET', '/api/subjects/going');
  assert.is(gone.status, 404);
  assert.is(gone.body.errorCode, 'error.subjectNotFound');
  const history = await admin('GET', '/api/subjects/going/revisions');
  assert.equal(history.body.map((r: { revisionType: string }) => r.revisionType), ['DEL']);
  assert.is(history.body[0].entity.attributes['Human-readable-identifier'], 'H-9', 'the snapshot is the state before the delete');
  assert.is((await admin('DELETE', '/api/subjects/going')).status, 404);
  assert.is((await admin('DELETE', '/api/subjects/never-existed')).status, 404);
});

t.run();
