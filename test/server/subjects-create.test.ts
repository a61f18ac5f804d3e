// POST api/subjects (docs/subjects.md): what a create writes (activated user with an unusable password,
// PARTICIPANT role created on demand, project mirrored, attributes, group, sources, revision), what it answers
// (201, Location, alert, reduced project, provenance), and every bad request: a 4xx that writes nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { createGroup, createSource, insertSubjects, participantState, projectRef, writeFootprint } from '../setup/subjects';

let server: TestServer;
let admin: AsUser;
let radar: { id: number; projectName: string };
const t = suite('subject create');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'main');
  await createGroup(server, 'radar', 'Group A');
  await insertSubjects(server, [{ login: 'taken', project: 'radar', externalId: 'EXT-1' }]);
  admin = await asUser(server, 'admin');
  radar = await projectRef(server, 'radar');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const db = () => server.app.db;

t('a minimal create: generated login, activated, PARTICIPANT role made on demand, revision ADD', async () => {
  assert.is((await db().query("SELECT 1 FROM radar_role WHERE authority_name = 'ROLE_PARTICIPANT' AND project_id = $1", [(await projectRef(server, 'pilot')).id])).length, 0);
  const res = await admin('POST', '/api/subjects', { json: { project: await projectRef(server, 'pilot') } });
  assert.is(res.status, 201, res.text);
  const login = res.body.login;
  assert.match(login, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.is(res.headers.get('location'), `/api/subjects/${login}`);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.subject.created');
  assert.is(res.headers.get('x-managementportalapp-params'), login);
  assert.is(res.body.status, 'ACTIVATED');
  assert.is(res.body.project.projectName, 'pilot');
  assert.is(res.body.project.organization, undefined, 'reduced project');
  assert.is(res.body.createdBy, 'admin');
  assert.ok(Math.abs(Date.parse(res.body.enrollmentDate) - Date.now()) < 60_000, 'enrolled now');
  const [user] = await db().query<{ activated: boolean; password_hash: string }>('SELECT activated, password_hash FROM radar_user WHERE login = $1', [login]);
  assert.ok(user.activated);
  assert.not.match(user.password_hash, /^scrypt\$/, 'no usable password');
  assert.equal(await participantState(server, login), { roles: ['ROLE_PARTICIPANT:pilot'], project: 'pilot' });
  const revisions = await db().query<{ change_type: string; entity_key: string }>("SELECT change_type, entity_key FROM revision_change WHERE entity_kind = 'subject' AND entity_id = $1", [res.body.id]);
  assert.equal([...revisions], [{ change_type: 'ADD', entity_key: login }]);
});

t('a full create: login lower-cased, fields, attributes, group, sources assigned, dates normalised', async () => {
  const source = await createSource(server, 'pilot', 'device-1');
  const res = await admin('POST', '/api/subjects', {
    json: {
      login: 'New-Person', externalId: 'EXT-2', externalLink: 'https://example.org/2', personName: 'Ann Smith', status: 'DEACTIVATED',
      dateOfBirth: '2000-01-31T00:00:00.000Z', enrollmentDate: '2024-01-01T10:00:00+01:00', group: 'Group A',
      attributes: { 'Human-readable-identifier': 'H-2', count: 3 }, sources: [{ sourceId: source.toUpperCase() }],
      roles: [{ authorityName: 'ROLE_SYS_ADMIN' }], project: radar, checked: true,
    },
  });
  assert.is(res.status, 201, res.text);
  const b = res.body;
  assert.equal([b.login, b.externalId, b.externalLink, b.personName, b.status, b.group, b.dateOfBirth, b.enrollmentDate],
    ['new-person', 'EXT-2', 'https://example.org/2', 'Ann Smith', 'ACTIVATED', 'Group A', '2000-01-31', '2024-01-01T09:00:00.000Z']);
  assert.equal(b.attributes, { 'Human-readable-identifier': 'H-2', count: '3' });
  assert.equal(b.sources.map((s: { sourceName: string; assigned: boolean }) => [s.sourceName, s.assigned]), [['device-1', true]]);
  assert.equal(b.roles.map((r: { authorityName: string }) => r.authorityName), ['ROLE_PARTICIPANT'], 'roles in the body grant nothing');
  const [src] = await db().query<{ project_id: number; subject_id: number }>('SELECT project_id, subject_id FROM radar_source WHERE source_id = $1', [source]);
  assert.equal(src, { project_id: radar.id, subject_id: b.id });
  const fetched = await admin('GET', '/api/subjects/new-person');
  assert.is(fetched.body.project.organization.name, 'main', 'GET answers the full project');
});

t('a discontinued status on create only sets removed', async () => {
  const res = await admin('POST', '/api/subjects', { json: { login: 'born-removed', status: 'DISCONTINUED', project: radar } });
  assert.is(res.body.status, 'INVALID');
});

t('every bad request is a 4xx that writes nothing', async () => {
  const elsewhere = await createSource(server, 'radar', 'device-held');
  await db().query("UPDATE radar_source SET assigned = true, subject_id = (SELECT id FROM subject WHERE login = 'taken') WHERE source_name = 'device-held'");
  const pilot = await projectRef(server, 'pilot');
  const cases: [unknown, number, string][] = [
    [{ id: 5, project: radar }, 400, 'idexists'],
    [{ login: 'x1' }, 400, 'projectrequired'],
    [{ login: 'x1', project: { projectName: 'radar' } }, 400, 'projectrequired'],
    [{ login: 'x1', project: { id: radar.id } }, 400, 'projectrequired'],
    [{ login: 'x1', project: { id: 1, projectName: 'no-such-project' } }, 404, 'error.projectNameNotFound'],
    [{ login: 'x1', externalId: 'EXT-1', project: radar }, 400, 'subjectExists'],
    [{ login: 'x1', group: 'No Group', project: radar }, 400, 'error.groupNotFound'],
    [{ login: 'x1', group: 'Group A', project: pilot }, 400, 'error.groupNotFound'],
    [{ login: 'x1', sources: [{ sourceId: '00000000-0000-4000-8000-000000000000' }], project: radar }, 404, 'error.sourceNotFound'],
    [{ login: 'x1', sources: [{ sourceId: elsewhere }], project: radar }, 400, 'error.sourceIsAssigned'],
    [{ login: 'TAKEN', project: radar }, 400, 'error.userexists'],
    [{ login: 'admin', project: radar }, 400, 'error.userexists'],
  ];
  for (const [body, status, code] of cases) {
    const before = await writeFootprint(server);
    const res = await admin('POST', '/api/subjects', { json: body });
    assert.is(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
    assert.is(res.headers.get('x-managementportalapp-error'), code, JSON.stringify(body));
    assert.equal(await writeFootprint(server), before, `${JSON.stringify(body)} wrote nothing`);
  }
});

t('wrong types, bad values and malformed bodies are 400 field errors, never 500', async () => {
  const fields: [unknown, string][] = [
    [{ login: 'a/b' }, 'login'], [{ login: 'x'.repeat(51) }, 'login'], [{ login: 7 }, 'login'], [{ externalId: 5 }, 'externalId'],
    [{ externalId: 'x'.repeat(256) }, 'externalId'], [{ personName: ['a'] }, 'personName'], [{ status: 'ALIVE' }, 'status'],
    [{ dateOfBirth: '2000-02-30' }, 'dateOfBirth'], [{ enrollmentDate: 'soon' }, 'enrollmentDate'], [{ attributes: [] }, 'attributes'],
    [{ attributes: { a: { b: 1 } } }, 'attributes.a'], [{ sources: 'x' }, 'sources'], [{ sources: [{ sourceId: 'nope' }] }, 'sources[0].sourceId'],
    [{ project: 'radar' }, 'project'], [{ id: 'one' }, 'id'], [{ group: 'g'.repeat(51) }, 'group'],
  ];
  for (const [extra, field] of fields) {
    const before = await writeFootprint(server);
    const res = await admin('POST', '/api/subjects', { json: { project: radar, ...(extra as object) } });
    assert.is(res.status, 400, `${JSON.stringify(extra)}: ${res.text}`);
    assert.is(res.body.message, 'error.validation');
    assert.ok(res.body.fieldErrors.some((f: { field: string }) => f.field === field), `${JSON.stringify(extra)} names ${field}`);
    assert.equal(await writeFootprint(server), before);
  }
  for (const body of ['{"login":', '[1,2]', '"text"', '']) {
    const res = await admin('POST', '/api/subjects', { body, headers: { 'content-type': 'application/json' } });
    assert.is(res.status, 400, `${body}: ${res.text}`);
  }
});

t.run();
