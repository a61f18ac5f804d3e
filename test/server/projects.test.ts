// Reading projects: the scoped, paged list (full and minimized), one project in the full DTO form, its source types
// and roles; 403 before 404 for scoped callers.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { createSourceTypeRow, project, startWorld, statuses, type Caller, type World } from './projects-fixtures';

let world: World;
const t = suite('projects: reading');
t.before(async () => {
  world = await startWorld();
  const st = await createSourceTypeRow(world.server, 'Empatica', 'E4');
  const { body: p1 } = await world.as.sysAdmin('GET', '/api/projects/p1');
  const edit = { ...p1, humanReadableProjectName: 'Project One', sourceTypes: [{ id: st }], attributes: { Phase: '2' }, projectStatus: 'ONGOING' };
  const res = await world.as.sysAdmin('PUT', '/api/projects', { json: edit });
  if (res.status !== 200) throw new Error(res.text);
  await world.as.sysAdmin('POST', '/api/projects/p1/groups', { json: { name: 'Group A' } });
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const projectNames = async (caller: Caller, query = '') =>
  (await world.as[caller]('GET', `/api/projects${query}`)).body.map((p: { projectName: string }) => p.projectName);

t('the list is scoped to the caller', async () => {
  assert.equal(await projectNames('sysAdmin'), ['p1', 'p2', 'p3']);
  assert.equal(await projectNames('mainAdmin'), ['p1', 'p2']);
  assert.equal(await projectNames('otherAdmin'), ['p3']);
  assert.equal(await projectNames('p1Admin'), ['p1']);
  assert.equal(await projectNames('p1Analyst'), ['p1']);
  assert.is((await world.as.p1Participant('GET', '/api/projects')).status, 403);
  assert.is((await world.as.anonymous('GET', '/api/projects')).status, 401);
});

t('paging, sorting, minimized and the headers', async () => {
  const res = await world.as.sysAdmin('GET', '/api/projects?page=1&size=1&sort=projectName,desc&minimized=true');
  assert.is(res.status, 200);
  assert.equal(res.body, [{ id: res.body[0].id, projectName: 'p2' }]);
  assert.is(res.headers.get('x-total-count'), '3');
  assert.is(
    res.headers.get('link'),
    '</api/projects?page=2&size=1>; rel="next",</api/projects?page=0&size=1>; rel="prev",</api/projects?page=2&size=1>; rel="last",</api/projects?page=0&size=1>; rel="first"',
  );
  const bad = await world.as.sysAdmin('GET', '/api/projects?sort=password&size=x&minimized=maybe');
  assert.is(bad.status, 400);
  assert.is((await world.as.sysAdmin('GET', '/api/projects?minimized=maybe')).status, 400);
  const huge = await world.as.sysAdmin('GET', '/api/projects?size=99999');
  assert.match(huge.headers.get('link') ?? '', 'size=2000');
});

t('one project in the full form (omit-null)', async () => {
  const res = await world.as.p1Analyst('GET', '/api/projects/p1');
  assert.is(res.status, 200);
  const p = res.body;
  assert.is(p.projectName, 'p1');
  assert.is(p.humanReadableProjectName, 'Project One');
  assert.equal(p.attributes, { 'Human-readable-project-name': 'Project One', Phase: '2' });
  assert.equal(p.organization, { id: p.organization.id, name: 'main', description: 'The main organization', location: '-', projects: [] });
  assert.is(p.organizationName, 'main');
  assert.is(p.projectStatus, 'ONGOING');
  assert.equal(p.groups, [{ name: 'Group A' }]);
  assert.equal(p.sourceTypes, [{ id: p.sourceTypes[0].id, producer: 'Empatica', model: 'E4', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false, name: 'Empatica E4' }]);
  assert.is(p.persistentTokenTimeout, 2678400000);
  assert.not.ok('startDate' in p || 'endDate' in p, 'null dates are omitted');
  const plain = (await world.as.sysAdmin('GET', '/api/projects/p2')).body;
  assert.not.ok('sourceTypes' in plain || 'groups' in plain || 'humanReadableProjectName' in plain || 'projectStatus' in plain);
});

t('one project, its source types and roles: who may read them', async () => {
  const callers: Caller[] = ['sysAdmin', 'mainAdmin', 'otherAdmin', 'p1Admin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'];
  const expected = { sysAdmin: 200, mainAdmin: 200, otherAdmin: 403, p1Admin: 200, p2Admin: 403, p1Analyst: 200, p1Participant: 403, anonymous: 401 };
  for (const path of ['/api/projects/p1', '/api/projects/p1/source-types', '/api/projects/p1/roles']) {
    assert.equal(await statuses(world, callers, 'GET', path), expected, path);
  }
  const types = await world.as.p1Admin('GET', '/api/projects/p1/source-types');
  assert.equal(types.body.map((s: { model: string }) => s.model), ['E4']);
  const roles = await world.as.p1Admin('GET', '/api/projects/p1/roles');
  assert.equal(
    roles.body.map((r: { authorityName: string; projectName: string }) => `${r.authorityName}:${r.projectName}`).sort(),
    ['ROLE_PARTICIPANT:p1', 'ROLE_PROJECT_ADMIN:p1', 'ROLE_PROJECT_ANALYST:p1'],
  );
  assert.not.ok('organizationId' in roles.body[0]);
});

t('unknown project: 403 for scoped callers, 404 error.projectNameNotFound for a system admin', async () => {
  assert.is((await world.as.mainAdmin('GET', '/api/projects/nope')).status, 403);
  for (const path of ['/api/projects/nope', '/api/projects/nope/source-types', '/api/projects/nope/roles']) {
    const res = await world.as.sysAdmin('GET', path);
    assert.is(res.status, 404, path);
    assert.is(res.body.errorCode, 'error.projectNameNotFound');
    assert.is(res.body.params.projectName, 'nope');
  }
});

t('creating a project needs PROJECT.CREATE on its organization', async () => {
  const body = (name: string, org = 'main') => () => project(name, org);
  assert.equal(await statuses(world, ['otherAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'POST', '/api/projects', body('x')), {
    otherAdmin: 403, p1Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  assert.is((await world.as.mainAdmin('POST', '/api/projects', { json: project('by-org-admin', 'main') })).status, 201);
  assert.equal(await projectNames('mainAdmin'), ['p1', 'p2', 'by-org-admin']);
});

t.run();
