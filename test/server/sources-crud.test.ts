// POST/PUT/GET/DELETE api/sources: who may do what in and out of their scope, the DTO, bad input (400, nothing
// written), unknown names (404), moving rules (docs/subjects.md) and the revision recorded with each write.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { count, revisionCount, rows, statuses } from './projects-fixtures';
import { createSource, sourceBody, startSourceWorld, type SourceWorld } from './sources-fixtures';

let world: SourceWorld;
const t = suite('sources-crud');
t.before(async () => {
  world = await startSourceWorld();
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const written = async () => [await count(world.server, 'radar_source'), await count(world.server, 'source_metadata'), await revisionCount(world.server)];

t('create: SOURCE.CREATE on the body project; 201, Location, alert, SourceDTO, ADD revision', async () => {
  let n = 0;
  const body = () => sourceBody(`denied-${n++}`, 'p1', world.types.wear);
  assert.equal(await statuses(world, ['otherAdmin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'POST', '/api/sources', body), {
    otherAdmin: 403, p2Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  const before = await revisionCount(world.server);
  const res = await world.as.p1Admin('POST', '/api/sources', { json: sourceBody('watch-1', 'p1', world.types.wear, { expectedSourceName: 'W1', attributes: { colour: 'red' } }) });
  assert.is(res.status, 201, res.text);
  assert.is(res.headers.get('location'), `${world.server.url}/api/sources/watch-1`);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.source.created');
  assert.is(res.headers.get('x-managementportalapp-params'), 'watch-1');
  const dto = res.body;
  assert.match(dto.sourceId, /^[0-9a-f-]{36}$/);
  assert.equal(dto, {
    id: dto.id, sourceId: dto.sourceId, sourceName: 'watch-1', expectedSourceName: 'W1', assigned: false,
    sourceType: { id: world.types.wear, producer: 'acme', model: 'wear', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false, name: 'acme wear' },
    subjectLogin: null, attributes: { colour: 'red' }, project: { id: dto.project.id, projectName: 'p1' },
  });
  assert.is(await revisionCount(world.server), before + 1);
  const [change] = await rows<{ change_type: string; entity_key: string }>(world.server, "SELECT change_type, entity_key FROM revision_change WHERE entity_kind = 'source' ORDER BY id DESC LIMIT 1");
  assert.equal(change, { change_type: 'ADD', entity_key: 'watch-1' });
  // Organization admins create in their organization's projects; a source without a project is global: system admins only.
  assert.is((await world.as.mainAdmin('POST', '/api/sources', { json: sourceBody('watch-2', 'p2', world.types.wear) })).status, 201);
  assert.is((await world.as.mainAdmin('POST', '/api/sources', { json: sourceBody('global-x', undefined, world.types.wear) })).status, 403);
  const global = await world.as.sysAdmin('POST', '/api/sources', { json: sourceBody('global-1', undefined, world.types.loose) });
  assert.is(global.status, 201);
  assert.is(global.body.project, undefined);
  await createSource(world, 'sysAdmin', 'p3-watch', 'p3');
});

t('create: bad input is a 400 and writes nothing', async () => {
  const before = await written();
  const cases: [unknown, string][] = [
    [{ ...sourceBody('', 'p1', world.types.wear) }, 'sourceName'],
    [{ ...sourceBody('bad/name', 'p1', world.types.wear) }, 'sourceName'],
    [{ ...sourceBody('x'.repeat(256), 'p1', world.types.wear) }, 'sourceName'],
    [{ sourceName: 'ok', assigned: false, project: { projectName: 'p1' } }, 'sourceType'],
    [{ ...sourceBody('ok', 'p1', world.types.wear), assigned: undefined }, 'assigned'],
    [{ ...sourceBody('ok', 'p1', world.types.wear), sourceName: 5 }, 'sourceName'],
    [{ ...sourceBody('ok', 'p1', world.types.wear), attributes: { a: 1 } }, 'attributes.a'],
    [{ ...sourceBody('ok', 'p1', world.types.wear), attributes: 'x' }, 'attributes'],
    [{ ...sourceBody('ok', 'p1', world.types.wear), sourceType: { name: 'x' } }, 'sourceType'],
  ];
  for (const [body, field] of cases) {
    const res = await world.as.p1Admin('POST', '/api/sources', { json: body });
    assert.is(res.status, 400, JSON.stringify(body));
    assert.is(res.body.message, 'error.validation');
    assert.ok(res.body.fieldErrors.some((e: { field: string }) => e.field === field), `${field}: ${res.text}`);
  }
  const failure = async (body: unknown, key: string, status = 400) => {
    const res = await world.as.p1Admin('POST', '/api/sources', { json: body });
    assert.is(res.status, status, `${key}: ${res.text}`);
    assert.is(res.headers.get('x-managementportalapp-error'), key);
  };
  await failure(sourceBody('dup', 'p1', world.types.wear, { id: 5 }), 'error.idexists');
  await failure(sourceBody('dup', 'p1', world.types.wear, { sourceId: '6a1f0a6e-0000-4000-8000-000000000000' }), 'error.sourceIdExists');
  await failure(sourceBody('watch-1', 'p1', world.types.wear), 'error.sourceNameExists');
  await failure(sourceBody('loose-1', 'p1', world.types.loose), 'error.invalidTransfer');
  await failure(sourceBody('ghost', 'p1', 99999), 'error.sourceTypeNotFound', 404);
  const lost = await world.as.sysAdmin('POST', '/api/sources', { json: sourceBody('lost', 'nope', world.types.wear) });
  assert.is(lost.status, 404);
  assert.is(lost.body.errorCode, 'error.projectNameNotFound');
  assert.is((await world.as.p1Admin('POST', '/api/sources', { json: sourceBody('lost', 'nope', world.types.wear) })).status, 403);
  const malformed = await world.as.p1Admin('POST', '/api/sources', { body: '{"sourceName":', headers: { 'content-type': 'application/json' } });
  assert.is(malformed.status, 400);
  assert.equal(await written(), before);
});

t('read one: SOURCE.READ on its project; 404 for an unknown name', async () => {
  const expected = { sysAdmin: 200, mainAdmin: 200, otherAdmin: 403, p1Admin: 200, p2Admin: 403, p1Analyst: 200, p1Participant: 403, anonymous: 401 };
  assert.equal(await statuses(world, Object.keys(expected) as (keyof typeof expected)[], 'GET', '/api/sources/watch-1'), expected);
  assert.is((await world.as.p1Admin('GET', '/api/sources/global-1')).status, 403);
  assert.is((await world.as.sysAdmin('GET', '/api/sources/global-1')).status, 200);
  const missing = await world.as.sysAdmin('GET', '/api/sources/nope');
  assert.is(missing.status, 404);
  assert.is(missing.body.description, '404 NOT_FOUND');
});

t('update: in scope only; rename, attributes replaced, alert, MOD revision', async () => {
  const stored = (await world.as.p1Admin('GET', '/api/sources/watch-1')).body;
  const edit = (extra: Record<string, unknown>) => ({ ...stored, ...extra });
  assert.is((await world.as.p2Admin('PUT', '/api/sources', { json: edit({}) })).status, 403);
  assert.is((await world.as.p1Analyst('PUT', '/api/sources', { json: edit({}) })).status, 403);
  // Naming one's own project as the target does not open another project's source.
  const p3 = (await world.as.sysAdmin('GET', '/api/sources/p3-watch')).body;
  assert.is((await world.as.p1Admin('PUT', '/api/sources', { json: { ...p3, project: { projectName: 'p1' } } })).status, 403);
  const before = await revisionCount(world.server);
  const res = await world.as.p1Admin('PUT', '/api/sources', { json: edit({ sourceName: 'watch-1b', expectedSourceName: null, attributes: { size: 'L' } }) });
  assert.is(res.status, 200, res.text);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.source.updated');
  assert.is(res.body.sourceName, 'watch-1b');
  assert.is(res.body.expectedSourceName, null);
  assert.equal(res.body.attributes, { size: 'L' });
  assert.is(res.body.sourceId, stored.sourceId);
  assert.is(await revisionCount(world.server), before + 1);
  const unknown = await world.as.p1Admin('PUT', '/api/sources', { json: edit({ id: 999999 }) });
  assert.is(unknown.status, 404);
  assert.is(unknown.body.errorCode, 'error.sourceNotFound');
  const dup = await world.as.p1Admin('PUT', '/api/sources', { json: edit({ sourceName: 'watch-2' }) });
  assert.is(dup.status, 400);
  assert.is(dup.headers.get('x-managementportalapp-error'), 'error.sourceNameExists');
  assert.is((await world.as.p1Admin('PUT', '/api/sources', { json: edit({ subjectLogin: 'someone' }) })).status, 400);
  assert.is(await revisionCount(world.server), before + 1, 'failed updates record nothing');
});

t('update: moving projects needs both projects in scope and a target that includes the type', async () => {
  const stored = (await world.as.sysAdmin('GET', '/api/sources/watch-1b')).body;
  assert.is((await world.as.p1Admin('PUT', '/api/sources', { json: { ...stored, project: { projectName: 'p2' } } })).status, 403);
  const moved = await world.as.mainAdmin('PUT', '/api/sources', { json: { ...stored, project: { projectName: 'p2' } } });
  assert.is(moved.status, 200, moved.text);
  assert.is(moved.body.project.projectName, 'p2');
  const global = (await world.as.sysAdmin('GET', '/api/sources/global-1')).body;
  const refused = await world.as.sysAdmin('PUT', '/api/sources', { json: { ...global, project: { projectName: 'p1' } } });
  assert.is(refused.status, 400);
  assert.is(refused.body.errorCode, 'error.invalidTransfer');
  const back = await world.as.mainAdmin('PUT', '/api/sources', { json: { ...moved.body, project: { projectName: 'p1' } } });
  assert.is(back.status, 200);
});

t('delete: SOURCE.DELETE in scope; 404 unknown; alert and DEL revision', async () => {
  await createSource(world, 'p1Admin', 'to-delete', 'p1');
  assert.equal(await statuses(world, ['otherAdmin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'DELETE', '/api/sources/to-delete'), {
    otherAdmin: 403, p2Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  assert.is((await world.as.sysAdmin('DELETE', '/api/sources/nope')).status, 404);
  const res = await world.as.p1Admin('DELETE', '/api/sources/to-delete');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.source.deleted');
  assert.is(await count(world.server, "radar_source WHERE source_name = 'to-delete'"), 0);
  const [change] = await rows<{ change_type: string }>(world.server, "SELECT change_type FROM revision_change WHERE entity_kind = 'source' AND entity_key = 'to-delete' ORDER BY id DESC LIMIT 1");
  assert.is(change.change_type, 'DEL');
});

t.run();
