// A subject's sources: assigning through PUT api/subjects (one subject per source), the list
// (GET api/subjects/{login}/sources), registration by an app (POST .../sources) and attribute merges
// (POST .../sources/{name}); deleting a source that is or was assigned is refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { count, revisionCount, statuses } from './projects-fixtures';
import { createSource, createSubjectRow, startSourceWorld, type SourceWorld } from './sources-fixtures';

let world: SourceWorld;
const t = suite('sources-subject');
t.before(async () => {
  world = await startSourceWorld();
  await createSubjectRow(world.server, 'sub1', 'p1');
  await createSubjectRow(world.server, 'sub2', 'p1');
  await createSubjectRow(world.server, 'sub3', 'p3');
  for (const name of ['dev-1', 'dev-2', 'dev-3']) await createSource(world, 'p1Admin', name, 'p1');
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

async function assign(login: string, sourceNames: string[], caller: 'p1Admin' | 'sysAdmin' = 'p1Admin') {
  const subject = (await world.as.sysAdmin('GET', `/api/subjects/${login}`)).body;
  const sources = [];
  for (const name of sourceNames) sources.push({ sourceId: (await world.as.sysAdmin('GET', `/api/sources/${name}`)).body.sourceId });
  return world.as[caller]('PUT', '/api/subjects', { json: { ...subject, sources } });
}

t('assigning through the subject: listed, marked assigned; another subject cannot take it', async () => {
  assert.is((await assign('sub1', ['dev-1'])).status, 200);
  const list = await world.as.p1Admin('GET', '/api/subjects/sub1/sources');
  assert.is(list.status, 200);
  assert.equal(list.body.map((s: { sourceName: string; assigned: boolean }) => [s.sourceName, s.assigned]), [['dev-1', true]]);
  assert.is((await world.as.p1Admin('GET', '/api/sources/dev-1')).body.subjectLogin, 'sub1');
  const taken = await assign('sub2', ['dev-1']);
  assert.is(taken.status, 400);
  assert.is(taken.body.errorCode, 'error.sourceIsAssigned');
  const free = await world.as.p1Admin('GET', '/api/projects/p1/sources?assigned=false&minimized=true');
  assert.equal(free.body.map((s: { sourceName: string }) => s.sourceName), ['dev-2', 'dev-3']);
});

t('subject source list: SUBJECT.READ in scope; [] without sources; 404 unknown subject', async () => {
  const expected = { sysAdmin: 200, mainAdmin: 200, otherAdmin: 403, p1Admin: 200, p2Admin: 403, p1Analyst: 200, p1Participant: 403, anonymous: 401 };
  assert.equal(await statuses(world, Object.keys(expected) as (keyof typeof expected)[], 'GET', '/api/subjects/sub1/sources'), expected);
  assert.equal((await world.as.p1Admin('GET', '/api/subjects/sub2/sources')).body, []);
  const missing = await world.as.sysAdmin('GET', '/api/subjects/nobody/sources');
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.subjectNotFound');
});

t('delete: 400 while assigned, 409 once it was ever assigned, 200 for a never-assigned source', async () => {
  const assigned = await world.as.p1Admin('DELETE', '/api/sources/dev-1');
  assert.is(assigned.status, 400);
  assert.is(assigned.headers.get('x-managementportalapp-error'), 'error.sourceIsAssigned');
  assert.is((await assign('sub1', [])).status, 200, 'unassigning keeps the source for reuse');
  assert.is((await world.as.p1Admin('GET', '/api/sources/dev-1')).body.assigned, false);
  const history = await world.as.p1Admin('DELETE', '/api/sources/dev-1');
  assert.is(history.status, 409);
  assert.is(history.headers.get('x-managementportalapp-error'), 'error.sourceRevisionIsAssigned');
  assert.is((await world.as.p1Admin('DELETE', '/api/sources/dev-3')).status, 200);
  const inactive = await world.as.p1Admin('GET', '/api/subjects/sub1/sources?withInactiveSources=true');
  assert.equal(inactive.body.map((s: { sourceName: string }) => s.sourceName), ['dev-1']);
  assert.equal((await world.as.p1Admin('GET', '/api/subjects/sub1/sources')).body, []);
});

t('a participant reads and registers only its own sources', async () => {
  const sub1 = await asUser(world.server, 'sub1');
  assert.is((await sub1('GET', '/api/subjects/sub1/sources')).status, 200);
  assert.is((await sub1('GET', '/api/subjects/sub2/sources')).status, 403);
  assert.is((await sub1('POST', '/api/subjects/sub2/sources', { json: { sourceTypeId: world.types.phone } })).status, 403);
  assert.is((await sub1('GET', '/api/sources/dev-1')).status, 403, 'participants hold no SOURCE.READ');
});

t('an assigned source does not move to another project', async () => {
  assert.is((await assign('sub1', ['dev-2'])).status, 200);
  const dto = (await world.as.sysAdmin('GET', '/api/sources/dev-2')).body;
  const res = await world.as.sysAdmin('PUT', '/api/sources', { json: { ...dto, project: { projectName: 'p2' } } });
  assert.is(res.status, 409);
  assert.is(res.body.errorCode, 'error.sourceIsAssigned');
});

t('registration: dynamic source created once per type, 201 bare / 200 with a name; recorded', async () => {
  const body = { sourceTypeProducer: 'acme', sourceTypeModel: 'phone', sourceTypeCatalogVersion: 'v1', attributes: { os: 'x' } };
  assert.equal(await statuses(world, ['otherAdmin', 'p2Admin', 'anonymous'], 'POST', '/api/subjects/sub2/sources', () => body), {
    otherAdmin: 403, p2Admin: 403, anonymous: 401,
  });
  const before = await revisionCount(world.server);
  const res = await world.as.p1Admin('POST', '/api/subjects/sub2/sources', { json: body });
  assert.is(res.status, 201, res.text);
  assert.match(res.body.sourceName, /^phone-[0-9a-f]{8}$/);
  assert.is(res.headers.get('location'), `${world.server.url}/api/sources/${res.body.sourceName}`);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.source.created');
  assert.equal([res.body.assigned, res.body.attributes, res.body.sourceTypeModel], [true, { os: 'x' }, 'phone']);
  assert.is(await revisionCount(world.server), before + 1);
  const again = await world.as.p1Admin('POST', '/api/subjects/sub2/sources', { json: { ...body, sourceName: 'mine' } });
  assert.is(again.status, 409);
  assert.is(again.body.errorCode, 'error.sourceTypeExists');
  const update = await world.as.p1Admin('POST', '/api/subjects/sub2/sources', { json: { sourceTypeId: world.types.phone, sourceId: res.body.sourceId, sourceName: 'renamed', attributes: { v: '2' } } });
  assert.is(update.status, 200, update.text);
  assert.is(update.headers.get('x-managementportalapp-alert'), 'managementPortalApp.source.updated');
  assert.equal([update.body.sourceName, update.body.attributes], ['renamed', { os: 'x', v: '2' }]);
  // The participant itself may register its own device; the analyst may too (SUBJECT.UPDATE).
  const named = await world.as.p1Analyst('POST', '/api/subjects/sub1/sources', { json: { ...body, sourceName: 'app' } });
  assert.is(named.status, 200, named.text);
  assert.match(named.body.sourceName, /^app_phone-[0-9a-f]{8}$/);
});

t('registration errors in ManagementPortal\'s order, nothing written', async () => {
  const before = [await count(world.server, 'radar_source'), await revisionCount(world.server)];
  const expect = async (login: string, body: unknown, status: number, code: string) => {
    const res = await world.as.sysAdmin('POST', `/api/subjects/${login}/sources`, { json: body });
    assert.is(res.status, status, `${code}: ${res.text}`);
    assert.is(res.body.errorCode ?? res.body.message, code);
  };
  await expect('sub2', { sourceTypeModel: 'phone' }, 400, 'error.validation');
  await expect('sub2', { sourceTypeProducer: 'acme', sourceTypeModel: 'nope', sourceTypeCatalogVersion: 'v1' }, 404, 'error.sourceTypeNotFound');
  await expect('nobody', { sourceTypeId: world.types.phone }, 404, 'error.subjectNotFound');
  await expect('sub3', { sourceTypeId: world.types.phone }, 400, 'error.sourceTypeNotProvided');
  await expect('sub2', { sourceTypeId: world.types.wear }, 400, 'error.InvalidDynamicSourceRegistration');
  await expect('sub2', { sourceTypeId: world.types.phone, sourceId: '6a1f0a6e-0000-4000-8000-000000000000' }, 404, 'error.sourceNotFound');
  await expect('sub2', { sourceTypeId: world.types.phone, sourceId: 'not-a-uuid' }, 400, 'error.validation');
  await expect('sub2', { sourceTypeId: world.types.phone, attributes: { a: 1 } }, 400, 'error.validation');
  await world.server.app.db.query("UPDATE subject SET project_id = NULL WHERE login = 'sub3'");
  await expect('sub3', { sourceTypeId: world.types.wear }, 403, 'error.activeParticipantProjectNotFound');
  assert.equal([await count(world.server, 'radar_source'), await revisionCount(world.server)], before);
});

t('attributes of a subject\'s source: merged; 404 for a source the subject does not hold; 400 bad body', async () => {
  assert.is((await world.as.p2Admin('POST', '/api/subjects/sub1/sources/dev-2', { json: { k: 'v' } })).status, 403);
  const res = await world.as.p1Admin('POST', '/api/subjects/sub1/sources/dev-2', { json: { k: 'v' } });
  assert.is(res.status, 200, res.text);
  assert.equal(res.body.attributes, { k: 'v' });
  const merged = await world.as.p1Admin('POST', '/api/subjects/sub1/sources/dev-2', { json: { k: 'w', l: 'x' } });
  assert.equal(merged.body.attributes, { k: 'w', l: 'x' });
  const other = await world.as.p1Admin('POST', '/api/subjects/sub2/sources/dev-2', { json: { k: 'v' } });
  assert.is(other.status, 404);
  assert.is(other.body.errorCode, 'error.subjectNotFound');
  for (const body of [{ k: 1 }, [], 'x']) assert.is((await world.as.p1Admin('POST', '/api/subjects/sub1/sources/dev-2', { json: body })).status, 400, JSON.stringify(body));
});

t.run();
