// The early reads whose answer depends on more than the path (http/route.ts, EarlyRead): a subject update reads the
// subject its body names with the caller's roles, and the project list and a user page are read for the roles the
// token claims. The decision and the scope still follow the roles in the database: a token claiming a role the user
// lost writes nothing and sees nothing more, a bad body or token is answered in the router's order, and a browser
// session (no early read) gets the same answers as a bearer token.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, bearerFor, createProjectRow, createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { signIn } from '../setup/session';
import { insertSubjects, projectRef } from '../setup/subjects';

let server: TestServer;
let subjectId: number;
const t = suite('early reads scoped by the caller');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'other', 'main');
  const ids = await insertSubjects(server, [{ login: 'scoped-1', project: 'radar' }]);
  subjectId = ids.get('scoped-1')!;
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const personName = async () =>
  (await server.app.db.query<{ person_name: string | null }>('SELECT person_name FROM subject WHERE id = $1', [subjectId]))[0].person_name;

const update = async (name: string) => ({ id: subjectId, login: 'scoped-1', project: await projectRef(server, 'radar'), personName: name });

t('an update by a token still claiming a role the user lost is refused, and nothing is written', async () => {
  const userId = await createUser(server, 'lost-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  const call = await asUser(server, 'lost-admin');
  assert.is((await call('PUT', '/api/subjects', { json: await update('Allowed') })).status, 200);
  await server.app.db.query('DELETE FROM role_users WHERE user_id = $1', [userId]);
  const res = await call('PUT', '/api/subjects', { json: await update('Refused') });
  assert.is(res.status, 403);
  assert.not.match(res.text, 'scoped-1');
  assert.is(await personName(), 'Allowed');
});

t('an update with a bad token or none is a 401 whatever the body; a bad body from a caller who may write is a 400', async () => {
  const body = { id: subjectId, login: 'scoped-1', project: { id: 'x' } };
  assert.is((await server.request('PUT', '/api/subjects', { json: body })).status, 401);
  assert.is((await server.request('PUT', '/api/subjects', { json: body, headers: { authorization: 'Bearer not.a.token' } })).status, 401);
  const admin = await asUser(server, 'admin');
  assert.is((await admin('PUT', '/api/subjects', { json: body })).status, 400);
  const missing = await admin('PUT', '/api/subjects', { json: { ...(await update('Nobody')), id: 987654 } });
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.subjectNotFound');
});

t('an update by a token without the scope is a 403 before its body is looked at', async () => {
  const token = await bearerFor(server, 'admin', ['SUBJECT.READ']);
  const res = await server.request('PUT', '/api/subjects', { json: { id: 'not a number' }, headers: { authorization: `Bearer ${token}` } });
  assert.is(res.status, 403);
});

t('a browser session updates the subject and lists what a bearer token lists', async () => {
  await createUser(server, 'session-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'other' }], { password: 'session-admin-pw' });
  await createUser(server, 'session-sys', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'session-sys-pw' });
  const sys = await signIn(server, 'session-sys', 'session-sys-pw');
  const saved = await sys.request('PUT', '/api/subjects', { json: await update('By session') });
  assert.is(saved.status, 200);
  assert.is(saved.body.personName, 'By session');
  const other = await signIn(server, 'session-admin', 'session-admin-pw');
  const bearer = await asUser(server, 'session-admin');
  for (const path of ['/api/projects', '/api/projects?minimized=true', '/api/users?page=0&size=20']) {
    const bySession = await other.request('GET', path);
    const byToken = await bearer('GET', path);
    assert.equal([bySession.status, byToken.status], [200, 200], path);
    assert.equal(bySession.body, byToken.body, path);
    assert.is(bySession.headers.get('x-total-count'), byToken.headers.get('x-total-count'), path);
  }
  assert.equal((await bearer('GET', '/api/projects')).body.map((p: { projectName: string }) => p.projectName), ['other']);
});

t('a bad page or sort is a 400 for a caller who may list', async () => {
  const admin = await asUser(server, 'admin');
  assert.is((await admin('GET', '/api/projects?sort=nope,asc')).status, 400);
  assert.is((await admin('GET', '/api/users?sort=nope,asc')).status, 400);
});

t.run();
