// Source data (docs/catalogue.md): paged list with the minimal source type, one row by name, create/update/delete by the
// roles of the matrix, a missing type filled from topic, duplicate names 409, bad input 400 with nothing written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { count, createSourceTypeRow, revisionCount, startWorld, statuses, type Caller, type World } from './projects-fixtures';

let world: World;
let typeId: number;
const t = suite('source data');
t.before(async () => {
  world = await startWorld();
  typeId = await createSourceTypeRow(world.server, 'Empatica', 'E4');
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const STAFF: Caller[] = ['sysAdmin', 'mainAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'];
const data = (name: string, extra: Record<string, unknown> = {}) => ({ sourceDataType: 'ACC', sourceDataName: name, sourceType: { id: typeId }, ...extra });
const written = async () => [await count(world.server, 'source_data'), await revisionCount(world.server)];

t('create: holders of SOURCEDATA.CREATE; 201 with Location, alert and the DTO with its minimal type', async () => {
  let n = 0;
  assert.equal(await statuses(world, STAFF, 'POST', '/api/source-data', () => data(`D${n++}`)), {
    sysAdmin: 201, mainAdmin: 403, p1Admin: 201, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  const res = await world.as.sysAdmin('POST', '/api/source-data', { json: { sourceDataName: 'E4_TEMP', topic: 'android_empatica_e4_temperature', sourceType: { id: typeId }, frequency: '4' } });
  assert.is(res.status, 201);
  assert.is(res.headers.get('location'), '/api/source-data/E4_TEMP');
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.sourceData.created');
  assert.is(res.headers.get('x-managementportalapp-params'), 'E4_TEMP');
  assert.equal(res.body, {
    id: res.body.id, sourceDataType: 'android_empatica_e4_temperature', sourceDataName: 'E4_TEMP', frequency: '4', unit: null,
    processingState: null, dataClass: null, keySchema: null, valueSchema: null, topic: 'android_empatica_e4_temperature',
    provider: null, enabled: true, sourceType: { id: typeId, model: 'E4', producer: 'Empatica', catalogVersion: 'v1' },
  });
  const untyped = await world.as.sysAdmin('POST', '/api/source-data', { json: { sourceDataType: 'X', sourceDataName: 'LOOSE' } });
  assert.is(untyped.status, 201);
  assert.not.ok('sourceType' in untyped.body, 'no type: omitted');
});

t('bad input 400, duplicate name 409, id on create 400; nothing written', async () => {
  const before = await written();
  for (const [body, field] of [
    [{ sourceDataName: 'N' }, 'sourceDataType'], [data(''), 'sourceDataName'], [data('bad/name'), 'sourceDataName'],
    [data('N', { enabled: 'no' }), 'enabled'], [data('N', { unit: 5 }), 'unit'], [data('N', { sourceType: { id: 424242 } }), 'sourceType.id'],
    [data('N', { keySchema: 'k'.repeat(256) }), 'keySchema'], ['text', 'sourceDataDTO'],
  ] as const) {
    const res = await world.as.sysAdmin('POST', '/api/source-data', { json: body });
    assert.is(res.status, 400, JSON.stringify(body));
    assert.ok(res.body.fieldErrors.some((e: { field: string }) => e.field === field), `${field}: ${res.text}`);
  }
  const dup = await world.as.sysAdmin('POST', '/api/source-data', { json: data('E4_TEMP') });
  assert.is(dup.status, 409);
  assert.is(dup.body.errorCode, 'error.sourceDataNameAvailable');
  assert.is(dup.body.params.sourceDataName, 'E4_TEMP');
  assert.is(dup.headers.get('x-managementportalapp-error'), 'error.sourceDataNameAvailable');
  const withId = await world.as.sysAdmin('POST', '/api/source-data', { json: data('N', { id: 3 }) });
  assert.is(withId.status, 400);
  assert.is(withId.headers.get('x-managementportalapp-error'), 'error.idexists');
  assert.equal(await written(), before);
});

t('list: paged with headers, sortable, minimal type; one by name; participants refused', async () => {
  const expected = { sysAdmin: 200, mainAdmin: 200, p1Admin: 200, p1Analyst: 200, p1Participant: 403, anonymous: 401 };
  assert.equal(await statuses(world, STAFF, 'GET', '/api/source-data'), expected);
  assert.equal(await statuses(world, STAFF, 'GET', '/api/source-data/E4_TEMP'), expected);
  const page = await world.as.p1Analyst('GET', '/api/source-data?page=1&size=2&sort=sourceDataName,desc');
  assert.is(page.headers.get('x-total-count'), '4');
  assert.is(page.headers.get('link'), '</api/source-data?page=0&size=2>; rel="prev",</api/source-data?page=1&size=2>; rel="last",</api/source-data?page=0&size=2>; rel="first"');
  assert.equal(page.body.map((d: { sourceDataName: string }) => d.sourceDataName), ['D2', 'D0']);
  assert.equal(page.body[0].sourceType.producer, 'Empatica');
  assert.is((await world.as.sysAdmin('GET', '/api/source-data?sort=secret')).status, 400);
  const missing = await world.as.sysAdmin('GET', '/api/source-data/nope');
  assert.is(missing.status, 404);
});

t('update: SOURCEDATA.UPDATE holders; rename onto another name 409; unknown id 404; no id creates', async () => {
  const current = (await world.as.sysAdmin('GET', '/api/source-data/D0')).body;
  assert.equal(await statuses(world, ['p1Analyst', 'p1Participant', 'anonymous'], 'PUT', '/api/source-data', () => current), { p1Analyst: 403, p1Participant: 403, anonymous: 401 });
  const res = await world.as.mainAdmin('PUT', '/api/source-data', { json: { ...current, unit: 'g', processingState: 'RAW', sourceDataName: 'D0_RENAMED' } });
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.sourceData.updated');
  assert.equal([res.body.unit, res.body.processingState, res.body.sourceDataName], ['g', 'RAW', 'D0_RENAMED']);
  const before = await written();
  const clash = await world.as.sysAdmin('PUT', '/api/source-data', { json: { ...res.body, sourceDataName: 'D2' } });
  assert.is(clash.status, 409);
  assert.is((await world.as.sysAdmin('PUT', '/api/source-data', { json: { ...res.body, id: 987654 } })).status, 404);
  assert.equal(await written(), before);
  assert.is((await world.as.mainAdmin('PUT', '/api/source-data', { json: data('VIA_PUT') })).status, 403, 'a create needs SOURCEDATA.CREATE');
  assert.is((await world.as.p1Admin('PUT', '/api/source-data', { json: data('VIA_PUT') })).status, 201);
});

t('delete: SOURCEDATA.DELETE holders; 200 with alert and a revision; unknown 404', async () => {
  assert.equal(await statuses(world, ['p1Analyst', 'p1Participant', 'anonymous'], 'DELETE', '/api/source-data/D2'), { p1Analyst: 403, p1Participant: 403, anonymous: 401 });
  const before = await revisionCount(world.server);
  const res = await world.as.mainAdmin('DELETE', '/api/source-data/D2');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.sourceData.deleted');
  assert.is(res.headers.get('x-managementportalapp-params'), 'D2');
  assert.is(await revisionCount(world.server), before + 1);
  assert.is(await count(world.server, "source_data WHERE source_data_name = 'D2'"), 0);
  assert.is((await world.as.p1Admin('DELETE', '/api/source-data/D2')).status, 404);
  // The type is used by no project: project staff may create its rows but not delete them (source-types-scope.test.ts).
  const unused = await world.as.p1Admin('DELETE', '/api/source-data/VIA_PUT');
  assert.is(unused.status, 403);
  assert.is(unused.body.message, 'error.accessDenied');
  await world.server.app.db.query("INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name = 'p1'", [typeId]);
  assert.is((await world.as.p1Admin('DELETE', '/api/source-data/VIA_PUT')).status, 200, 'the type used by the admin\'s own project');
});

t.run();
