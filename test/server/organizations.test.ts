// Reading organizations: the list and one organization filtered to the caller's scope, {name}/projects, and the
// order of 403 before 404.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { startWorld, statuses, type World } from './projects-fixtures';

let world: World;
const t = suite('organizations: reading');
t.before(async () => {
  world = await startWorld();
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const names = (orgs: { name: string; projects: { projectName: string }[] }[]) =>
  orgs.map((o) => `${o.name}:${o.projects.map((p) => p.projectName).join('+')}`);

t('the list shows each caller its own scope', async () => {
  const list = async (caller: keyof World['as']) => (await world.as[caller]('GET', '/api/organizations')).body;
  assert.equal(names(await list('sysAdmin')), ['main:p1+p2', 'other:p3']);
  assert.equal(names(await list('mainAdmin')), ['main:p1+p2']);
  assert.equal(names(await list('otherAdmin')), ['other:p3']);
  assert.equal(names(await list('p1Admin')), ['main:p1']);
  assert.equal(names(await list('p2Admin')), ['main:p2']);
  assert.equal(names(await list('p1Analyst')), ['main:p1']);
  assert.is((await world.as.p1Participant('GET', '/api/organizations')).status, 403);
  assert.is((await world.as.anonymous('GET', '/api/organizations')).status, 401);
});

t('an organization has the DTO shape with reduced projects', async () => {
  const res = await world.as.sysAdmin('GET', '/api/organizations/main');
  assert.is(res.status, 200);
  const { projects, ...org } = res.body;
  assert.equal(org, { id: org.id, name: 'main', description: 'The main organization', location: '-' });
  assert.type(org.id, 'number');
  assert.equal(Object.keys(projects[0]).sort(), ['attributes', 'description', 'id', 'location', 'organizationName', 'projectName']);
  assert.is(projects[0].organizationName, 'main');
});

t('one organization: 403 outside the scope, nested projects reduced to the caller', async () => {
  assert.equal(await statuses(world, ['sysAdmin', 'mainAdmin', 'otherAdmin', 'p1Admin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'GET', '/api/organizations/main'), {
    sysAdmin: 200, mainAdmin: 200, otherAdmin: 403, p1Admin: 200, p2Admin: 200, p1Analyst: 200, p1Participant: 403, anonymous: 401,
  });
  const p1 = await world.as.p1Admin('GET', '/api/organizations/main');
  assert.equal(p1.body.projects.map((p: { projectName: string }) => p.projectName), ['p1']);
  const other = await world.as.p1Admin('GET', '/api/organizations/other');
  assert.is(other.status, 403);
});

t('an unknown organization: 403 for scoped callers, 404 error.organizationNameNotFound for a system admin', async () => {
  assert.is((await world.as.mainAdmin('GET', '/api/organizations/nope')).status, 403);
  const res = await world.as.sysAdmin('GET', '/api/organizations/nope');
  assert.is(res.status, 404);
  assert.is(res.body.errorCode, 'error.organizationNameNotFound');
  assert.is(res.body.entityName, 'organization');
  assert.is(res.body.params.name, 'nope');
  assert.is(res.headers.get('x-managementportalapp-error'), 'error.organizationNameNotFound');
});

t('{name}/projects answers full ProjectDTOs within the caller\'s scope', async () => {
  const all = await world.as.mainAdmin('GET', '/api/organizations/main/projects');
  assert.is(all.status, 200);
  assert.equal(all.body.map((p: { projectName: string }) => p.projectName), ['p1', 'p2']);
  assert.is(all.body[0].organization.name, 'main');
  assert.equal(all.body[0].organization.projects, []);
  assert.is(all.body[0].persistentTokenTimeout, 31 * 24 * 3600 * 1000);
  const own = await world.as.p1Analyst('GET', '/api/organizations/main/projects');
  assert.equal(own.body.map((p: { projectName: string }) => p.projectName), ['p1']);
  assert.is((await world.as.otherAdmin('GET', '/api/organizations/main/projects')).status, 403);
  assert.is((await world.as.p1Participant('GET', '/api/organizations/main/projects')).status, 403);
  assert.is((await world.as.sysAdmin('GET', '/api/organizations/nope/projects')).status, 404);
  assert.is((await world.as.anonymous('GET', '/api/organizations/main/projects')).status, 401);
});

t.run();
