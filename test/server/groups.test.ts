// Groups of a project: who may list, create, delete and move subjects; invalid names are 400 field errors; a group
// with subjects is only deleted with unlinkSubjects=true; subjects of another project cannot be added.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { count, createSubjectRow, revisionCount, startWorld, statuses, type World } from './projects-fixtures';

let world: World;
const subjects: Record<string, number> = {};
const t = suite('groups');
t.before(async () => {
  world = await startWorld();
  for (const [login, p] of [['s1', 'p1'], ['s2', 'p1'], ['s3', 'p2']]) subjects[login] = await createSubjectRow(world.server, login, p);
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const groupOf = async (login: string) =>
  (await world.server.app.db.query<{ name: string | null }>('SELECT g.name FROM subject s LEFT JOIN radar_group g ON g.id = s.group_id WHERE s.login = $1', [login]))[0].name;

t('create: PROJECT.UPDATE on the project; 201 with an absolute Location and the GroupDTO', async () => {
  assert.equal(await statuses(world, ['otherAdmin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'POST', '/api/projects/p1/groups', () => ({ name: 'x' })), {
    otherAdmin: 403, p2Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  const before = await revisionCount(world.server);
  const res = await world.as.p1Admin('POST', '/api/projects/p1/groups', { json: { name: 'Group A' } });
  assert.is(res.status, 201);
  assert.is(res.headers.get('location'), `${world.server.url}/api/projects/p1/groups/Group%20A`);
  assert.equal(res.body, { id: res.body.id, projectId: res.body.projectId, name: 'Group A' });
  assert.is(await revisionCount(world.server), before + 1, 'the project (its groups) is recorded as modified');
  assert.is((await world.as.mainAdmin('POST', '/api/projects/p1/groups', { json: { name: 'Group B' } })).status, 201);
});

t('bad names and duplicates write nothing', async () => {
  const before = [await count(world.server, 'radar_group'), await revisionCount(world.server)];
  for (const body of [{}, { name: '' }, { name: 'bad/name' }, { name: 'x'.repeat(51) }, { name: 5 }]) {
    const res = await world.as.p1Admin('POST', '/api/projects/p1/groups', { json: body });
    assert.is(res.status, 400, JSON.stringify(body));
    assert.is(res.body.fieldErrors[0].field, 'name');
    assert.is(res.body.fieldErrors[0].objectName, 'groupDTO');
  }
  const dup = await world.as.p1Admin('POST', '/api/projects/p1/groups', { json: { name: 'Group A' } });
  assert.is(dup.status, 409);
  assert.is(dup.body.errorCode, 'error.groupExists');
  assert.is(dup.headers.get('x-managementportalapp-error'), 'error.groupExists');
  const lost = await world.as.sysAdmin('POST', '/api/projects/nope/groups', { json: { name: 'g' } });
  assert.is(lost.status, 404);
  assert.is(lost.body.errorCode, 'error.projectNameNotFound');
  assert.equal([await count(world.server, 'radar_group'), await revisionCount(world.server)], before);
});

t('list and read: PROJECT.READ on the project', async () => {
  const expected = { sysAdmin: 200, mainAdmin: 200, otherAdmin: 403, p1Admin: 200, p2Admin: 403, p1Analyst: 200, p1Participant: 403, anonymous: 401 };
  const callers = Object.keys(expected) as (keyof typeof expected)[];
  assert.equal(await statuses(world, callers, 'GET', '/api/projects/p1/groups'), expected);
  assert.equal(await statuses(world, callers, 'GET', '/api/projects/p1/groups/Group%20A'), expected);
  const list = await world.as.p1Analyst('GET', '/api/projects/p1/groups');
  assert.equal(list.body.map((g: { name: string }) => g.name), ['Group A', 'Group B']);
  const missing = await world.as.p1Admin('GET', '/api/projects/p1/groups/none');
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.groupNotFound');
  assert.is(missing.body.entityName, 'group');
});

t('PATCH subjects: add and remove by id or login; other projects refused', async () => {
  const path = '/api/projects/p1/groups/Group%20A/subjects';
  const add = [{ op: 'add', value: [{ id: subjects.s1 }, { login: 'S2' }, { id: 999999 }] }];
  assert.equal(await statuses(world, ['otherAdmin', 'p2Admin', 'p1Participant', 'anonymous'], 'PATCH', path, () => add), {
    otherAdmin: 403, p2Admin: 403, p1Participant: 403, anonymous: 401,
  });
  assert.is((await world.as.p1Analyst('PATCH', path, { json: add })).status, 204);
  assert.equal([await groupOf('s1'), await groupOf('s2')], ['Group A', 'Group A']);
  const patchType = { 'content-type': 'application/json-patch+json' };
  const remove = JSON.stringify([{ op: 'remove', value: [{ login: 's2' }] }]);
  assert.is((await world.as.p1Admin('PATCH', path, { body: remove, headers: patchType })).status, 204);
  assert.is(await groupOf('s2'), null);
  const foreign = await world.as.p1Admin('PATCH', path, { json: [{ op: 'add', value: [{ id: subjects.s2 }, { login: 's3' }] }] });
  assert.is(foreign.status, 400);
  assert.is(foreign.body.entityName, 'subject');
  assert.is(await groupOf('s2'), null, 'nothing changed');
  // A body of the wrong shape is refused by the router (field errors, GroupPatchOperation) ...
  for (const [bad, field] of [[{ op: 'add' }, 'group'], [[{ op: 'replace', value: [] }], '[0].op']] as const) {
    const res = await world.as.p1Admin('PATCH', path, { json: bad });
    assert.is(res.status, 400, JSON.stringify(bad));
    assert.is(res.body.message, 'error.validation');
    assert.is(res.body.fieldErrors[0].field, field);
  }
  // ... a subject reference naming both or neither of id and login by the handler.
  for (const bad of [[{ op: 'add', value: [{ id: 1, login: 's1' }] }], [{ op: 'add', value: [{}] }]]) {
    const res = await world.as.p1Admin('PATCH', path, { json: bad });
    assert.is(res.status, 400, JSON.stringify(bad));
    assert.is(res.body.errorCode, 'error.validation');
  }
  assert.is((await world.as.p1Admin('PATCH', '/api/projects/p1/groups/none/subjects', { json: add })).status, 404);
});

t('delete: 409 while subjects are linked, unless unlinkSubjects=true', async () => {
  const path = '/api/projects/p1/groups/Group%20A';
  assert.equal(await statuses(world, ['otherAdmin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'DELETE', path), {
    otherAdmin: 403, p2Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  const blocked = await world.as.p1Admin('DELETE', path);
  assert.is(blocked.status, 409);
  assert.is(blocked.body.errorCode, 'error.validation');
  assert.is(blocked.body.entityName, 'group');
  assert.is((await world.as.p1Admin('DELETE', `${path}?unlinkSubjects=maybe`)).status, 400);
  assert.is((await world.as.p1Admin('DELETE', `${path}?unlinkSubjects=true`)).status, 204);
  assert.is(await groupOf('s1'), null);
  assert.is(await count(world.server, 'subject'), 3);
  assert.is((await world.as.mainAdmin('DELETE', '/api/projects/p1/groups/Group%20B')).status, 204);
  assert.is((await world.as.p1Admin('DELETE', path)).status, 404);
});

t.run();
