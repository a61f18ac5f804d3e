// Who may do what with subjects (docs/permissions.md, docs/subjects.md): every endpoint for every role, in and out of its scope. Project
// staff reach only their project's subjects, an organization admin its organization's projects, a participant only
// itself, analysts read and update, affiliates do not delete. A refused write leaves the database untouched.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects, projectRef, seedScopeActors, writeFootprint } from '../setup/subjects';

let server: TestServer;
const as: Record<string, AsUser> = {};
const t = suite('subject permissions');
const CALLERS = ['admin', 'main-admin', 'other-admin', 'radar-admin', 'radar-owner', 'radar-affiliate', 'radar-analyst', 'pilot-admin', 'radar-participant', 'left-radar'];
const READERS = ['admin', 'main-admin', 'radar-admin', 'radar-owner', 'radar-affiliate', 'radar-analyst'];
const CREATORS = ['admin', 'main-admin', 'radar-admin', 'radar-owner', 'radar-affiliate'];
const DELETERS = ['admin', 'main-admin', 'radar-admin', 'radar-owner'];

t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'other');
  await seedScopeActors(server);
  for (const login of CALLERS) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

/** Calls `request` as every caller and checks who gets `okStatus` and who a 403 that wrote nothing. */
async function matrix(allowedCallers: string[], okStatus: number, request: (caller: AsUser, login: string) => Promise<{ status: number; text: string; body: any }>) {
  for (const login of CALLERS) {
    const before = await writeFootprint(server);
    const res = await request(as[login], login);
    if (allowedCallers.includes(login)) {
      assert.is(res.status, okStatus, `${login} may: ${res.text}`);
    } else {
      assert.is(res.status, 403, `${login} may not: ${res.text}`);
      assert.is(res.body.message, 'error.accessDenied');
      assert.equal(await writeFootprint(server), before, `${login}: a refused request writes nothing`);
    }
  }
}

t('lists: a project list for its readers, the global list for system admins only', async () => {
  await matrix(READERS, 200, (c) => c('GET', '/api/projects/radar/subjects'));
  await matrix(READERS, 200, (c) => c('GET', '/api/subjects?projectName=radar'));
  await matrix(READERS, 200, (c) => c('GET', '/api/subjects?projectName=radar&externalId=P-2'));
  await matrix(['admin'], 200, (c) => c('GET', '/api/subjects'));
  await matrix(['admin', 'main-admin', 'radar-admin', 'radar-owner', 'radar-affiliate', 'radar-analyst'], 200,
    (c) => c('GET', '/api/projects/radar/subjects?authority=ROLE_INACTIVE_PARTICIPANT'));
  const listed = await as['radar-admin']('GET', '/api/projects/radar/subjects');
  assert.equal(listed.body.map((s: { login: string }) => s.login).sort(), ['radar-other', 'radar-participant']);
});

t('one subject and its revisions: readers of its project, and the participant itself', async () => {
  await matrix(READERS, 200, (c) => c('GET', '/api/subjects/radar-other'));
  await matrix([...READERS, 'radar-participant'], 200, (c) => c('GET', '/api/subjects/radar-participant'));
  await matrix(READERS, 200, (c) => c('GET', '/api/subjects/radar-other/revisions'));
  // A subject that moved on is read where it lives now, not where it was.
  await matrix(['admin', 'other-admin', 'pilot-admin', 'left-radar'], 200, (c) => c('GET', '/api/subjects/left-radar'));
});

t('create: staff that may create subjects in the project; never analysts or participants', async () => {
  const project = await projectRef(server, 'radar');
  await matrix(CREATORS, 201, (c, caller) => c('POST', '/api/subjects', { json: { login: `new-by-${caller}`, project } }));
  const pilot = await projectRef(server, 'pilot');
  await matrix(['admin', 'other-admin', 'pilot-admin'], 201, (c, caller) => c('POST', '/api/subjects', { json: { login: `pilot-by-${caller}`, project: pilot } }));
});

t('update: readers including analysts, and the participant on itself only', async () => {
  const project = await projectRef(server, 'radar');
  const target = (await as.admin('GET', '/api/subjects/radar-other')).body;
  await matrix(READERS, 200, (c, caller) => c('PUT', '/api/subjects', { json: { ...target, project, personName: caller } }));
  const self = (await as.admin('GET', '/api/subjects/radar-participant')).body;
  await matrix([...READERS, 'radar-participant'], 200, (c, caller) => c('PUT', '/api/subjects', { json: { ...self, project, personName: caller } }));
});

t('discontinue and delete: per the matrix, on fresh subjects', async () => {
  const project = await projectRef(server, 'radar');
  const ids = await insertSubjects(server, CALLERS.flatMap((c) => [{ login: `disc-${c}`, project: 'radar' }, { login: `del-${c}`, project: 'radar' }]));
  await matrix(READERS, 200, (c, caller) => c('PUT', '/api/subjects/discontinue', { json: { id: ids.get(`disc-${caller}`), project } }));
  await matrix(DELETERS, 200, (c, caller) => c('DELETE', `/api/subjects/del-${caller}`));
  const left = await server.app.db.query<{ login: string }>("SELECT login FROM subject WHERE login LIKE 'del-%' ORDER BY login");
  assert.equal(left.map((r) => r.login), CALLERS.filter((c) => !DELETERS.includes(c)).map((c) => `del-${c}`).sort());
});

t('a move needs the permission on both projects', async () => {
  await insertSubjects(server, [{ login: 'mover', project: 'radar' }]);
  const subject = (await as.admin('GET', '/api/subjects/mover')).body;
  const pilot = await projectRef(server, 'pilot');
  const before = await writeFootprint(server);
  for (const caller of ['radar-admin', 'main-admin', 'pilot-admin']) {
    const res = await as[caller]('PUT', '/api/subjects', { json: { ...subject, project: pilot } });
    assert.is(res.status, 403, caller);
  }
  assert.equal(await writeFootprint(server), before);
  assert.is((await as.admin('PUT', '/api/subjects', { json: { ...subject, project: pilot } })).status, 200);
});

t('unauthenticated calls are 401', async () => {
  for (const [method, path] of [['GET', '/api/subjects'], ['GET', '/api/projects/radar/subjects'], ['POST', '/api/subjects'], ['DELETE', '/api/subjects/radar-other'], ['GET', '/api/subjects/radar-other/revisions/2']]) {
    assert.is((await server.request(method, path)).status, 401, `${method} ${path}`);
  }
});

t.run();
