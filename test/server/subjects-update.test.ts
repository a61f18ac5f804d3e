// PUT api/subjects (docs/subjects.md): field updates (absent keeps, null clears), status flags, the complete source
// set, and a project move that leaves the subject in exactly one project (one PARTICIPANT role, mirrored
// project_id, INACTIVE_PARTICIPANT for where it was), in the lists of the right projects. Bad input writes nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { createGroup, createSource, insertSubjects, participantState, projectRef, writeFootprint } from '../setup/subjects';

let server: TestServer;
let admin: AsUser;
const t = suite('subject update');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'main');
  await createGroup(server, 'radar', 'Group A');
  await createGroup(server, 'pilot', 'Group P');
  await insertSubjects(server, [
    { login: 'sub-1', project: 'radar', externalId: 'E-1', personName: 'Ann', dateOfBirth: '1990-01-01', group: 'Group A', hrid: 'H-1' },
    { login: 'sub-2', project: 'radar', externalId: 'E-2' },
    { login: 'sub-3', project: 'pilot', externalId: 'E-1' },
  ]);
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const get = async (login: string) => (await admin('GET', `/api/subjects/${login}`)).body;
const put = (body: unknown) => admin('PUT', '/api/subjects', { json: body });
const listed = async (project: string, query = '') =>
  (await admin('GET', `/api/projects/${project}/subjects?sort=login${query}`)).body.map((s: { login: string }) => s.login);

t('fields: given values replace, absent ones stay, null clears; the login never changes', async () => {
  const { id } = await get('sub-1');
  const res = await put({ id, login: 'renamed', project: await projectRef(server, 'radar'), personName: null, externalLink: 'https://x.org', status: 'DEACTIVATED' });
  assert.is(res.status, 200, res.text);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.subject.updated');
  const s = await get('sub-1');
  assert.equal([s.login, s.personName, s.externalLink, s.externalId, s.dateOfBirth, s.group, s.status, s.attributes],
    ['sub-1', null, 'https://x.org', 'E-1', '1990-01-01', 'Group A', 'DEACTIVATED', { 'Human-readable-identifier': 'H-1' }]);
  const [user] = await server.app.db.query<{ activated: boolean }>("SELECT activated FROM radar_user WHERE login = 'sub-1'");
  assert.is(user.activated, false);
  await put({ ...s, project: await projectRef(server, 'radar'), status: 'ACTIVATED', attributes: { k: 'v' }, group: null });
  const after = await get('sub-1');
  assert.equal([after.status, after.attributes, after.group, after.lastModifiedBy], ['ACTIVATED', { k: 'v' }, null, 'admin']);
});

t('sources: the body lists the complete new set; dropped ones are unassigned and kept', async () => {
  const [a, b] = [await createSource(server, 'radar', 'dev-a'), await createSource(server, 'radar', 'dev-b')];
  const s = await get('sub-2');
  const radar = await projectRef(server, 'radar');
  await put({ ...s, project: radar, sources: [{ sourceId: a }, { sourceId: b }] });
  assert.equal((await get('sub-2')).sources.map((x: { sourceName: string }) => x.sourceName), ['dev-a', 'dev-b']);
  await put({ ...(await get('sub-2')), project: radar, sources: [{ sourceId: b }] });
  assert.equal((await get('sub-2')).sources.map((x: { sourceName: string }) => x.sourceName), ['dev-b']);
  const rows = await server.app.db.query<{ source_name: string; assigned: boolean; deleted: boolean; subject_id: number | null }>(
    "SELECT source_name, assigned, deleted, subject_id FROM radar_source WHERE source_name = 'dev-a'");
  assert.equal([...rows], [{ source_name: 'dev-a', assigned: false, deleted: false, subject_id: null }]);
});

t('a project move: one PARTICIPANT role, INACTIVE where it was, project mirrored, listed where it belongs', async () => {
  const pilot = await projectRef(server, 'pilot');
  const radar = await projectRef(server, 'radar');
  const s = await get('sub-2');
  const res = await put({ ...s, project: pilot, group: 'Group P', externalId: 'E-2' });
  assert.is(res.status, 200, res.text);
  assert.equal(await participantState(server, 'sub-2'), { roles: ['ROLE_INACTIVE_PARTICIPANT:radar', 'ROLE_PARTICIPANT:pilot'], project: 'pilot' });
  assert.equal(await listed('pilot'), ['sub-2', 'sub-3']);
  assert.not.ok((await listed('radar')).includes('sub-2'));
  assert.equal(await listed('radar', '&authority=ROLE_INACTIVE_PARTICIPANT'), ['sub-2']);
  const [source] = await server.app.db.query<{ project_id: number }>("SELECT project_id FROM radar_source WHERE source_name = 'dev-b'");
  assert.is(source.project_id, pilot.id, 'its sources move with it');
  await put({ ...(await get('sub-2')), project: radar, group: null });
  assert.equal(await participantState(server, 'sub-2'), { roles: ['ROLE_INACTIVE_PARTICIPANT:pilot', 'ROLE_PARTICIPANT:radar'], project: 'radar' });
  const counts = await server.app.db.query<{ project_key: number; subjects: number }>('SELECT project_key, subjects FROM subject_count ORDER BY 1');
  assert.equal([...counts], [{ project_key: radar.id, subjects: 2 }, { project_key: pilot.id, subjects: 1 }], 'the counters follow');
});

t('no id creates; bad updates are 4xx and write nothing', async () => {
  const radar = await projectRef(server, 'radar');
  const created = await put({ login: 'via-put', project: radar });
  assert.is(created.status, 201);
  const s = await get('sub-1');
  const cases: [unknown, number, string | null][] = [
    [{ ...s, id: 999999, project: radar }, 404, 'error.subjectNotFound'],
    [{ ...s, project: undefined }, 400, 'projectrequired'],
    [{ ...s, project: { id: 9, projectName: 'nowhere' } }, 404, 'error.projectNameNotFound'],
    [{ ...s, project: await projectRef(server, 'pilot') }, 400, 'subjectExists'],
    [{ ...s, project: radar, externalId: 'E-2' }, 400, 'subjectExists'],
    [{ ...s, project: radar, group: 'Group P' }, 400, 'error.groupNotFound'],
    [{ ...s, project: radar, sources: [{ sourceId: '00000000-0000-4000-8000-000000000000' }] }, 404, 'error.sourceNotFound'],
    [{ ...s, project: radar, enrollmentDate: '2024-99-01' }, 400, 'error.validation'],
  ];
  for (const [body, status, code] of cases) {
    const before = await writeFootprint(server);
    const res = await put(body);
    assert.is(res.status, status, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
    assert.is(res.headers.get('x-managementportalapp-error'), code);
    assert.equal(await writeFootprint(server), before);
  }
});

t.run();
