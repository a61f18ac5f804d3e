// Source-type writes (docs/catalogue.md): who may create, update and delete; a type's source-data rows follow its body;
// duplicates are 409, bad input a 400 with nothing written; a type in use cannot be deleted.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { count, revisionCount, rows, startWorld, statuses, type Caller, type World } from './projects-fixtures';

let world: World;
const t = suite('source types (write)');
t.before(async () => { world = await startWorld(); });
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const type = (model: string, extra: Record<string, unknown> = {}) => ({
  producer: 'Acme', model, catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false, ...extra,
});
const row = (name: string, extra: Record<string, unknown> = {}) => ({ sourceDataType: 'ACC', sourceDataName: name, ...extra });
const written = async () => [await count(world.server, 'source_type'), await count(world.server, 'source_data'), await revisionCount(world.server)];
const STAFF: Caller[] = ['sysAdmin', 'mainAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'];

t('create: holders of SOURCETYPE.CREATE (not organization admins); 201 with Location, alert and the full DTO', async () => {
  let n = 0;
  assert.equal(await statuses(world, STAFF, 'POST', '/api/source-types', () => type(`M${n++}`)), {
    sysAdmin: 201, mainAdmin: 403, p1Admin: 201, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  const before = await revisionCount(world.server);
  const res = await world.as.sysAdmin('POST', '/api/source-types', { json: type('E4', { name: 'Acme E4', sourceData: [row('ACME_E4_ACC', { topic: 't', enabled: false }), row('ACME_E4_BAT')] }) });
  assert.is(res.status, 201);
  assert.is(res.headers.get('location'), '/api/source-types/Acme/E4/v1');
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.sourceType.created');
  assert.is(res.headers.get('x-managementportalapp-params'), 'Acme E4 v1');
  assert.is(res.body.name, 'Acme E4');
  assert.not.ok('description' in res.body);
  assert.equal(res.body.sourceData.map((d: { sourceDataName: string; enabled: boolean }) => [d.sourceDataName, d.enabled]), [['ACME_E4_ACC', false], ['ACME_E4_BAT', true]]);
  assert.not.ok('sourceType' in res.body.sourceData[0], 'nested rows carry no sourceType');
  assert.is(await revisionCount(world.server), before + 1);
  const kinds = await rows<{ entity_kind: string; change_type: string }>(world.server, 'SELECT entity_kind, change_type FROM revision_change WHERE revision_id = (SELECT max(id) FROM revision) ORDER BY id');
  assert.equal(kinds.map((k) => `${k.change_type} ${k.entity_kind}`), ['ADD sourcetype', 'ADD sourcedata', 'ADD sourcedata']);
});

t('bad input is a 400 naming the field, duplicates a 409; nothing written', async () => {
  const before = await written();
  for (const [body, field] of [
    [{}, 'producer'], [type('bad/model'), 'model'], [type('X', { catalogVersion: '' }), 'catalogVersion'], [type('X', { sourceTypeScope: null }), 'sourceTypeScope'],
    [type('X', { canRegisterDynamically: 'yes' }), 'canRegisterDynamically'], [type('X', { sourceData: [row('ok'), { sourceDataName: 'no-type' }] }), 'sourceData[1].sourceDataType'],
    [type('X', { sourceData: [row('bad name!')] }), 'sourceData[0].sourceDataName'], [type('X', { sourceData: [row('D'), row('D')] }), 'sourceData[1].sourceDataName'],
    [type('X', { name: 'x'.repeat(256) }), 'name'],
  ] as const) {
    const res = await world.as.sysAdmin('POST', '/api/source-types', { json: body });
    assert.is(res.status, 400, JSON.stringify(body));
    assert.ok(res.body.fieldErrors.some((e: { field: string }) => e.field === field), `${field}: ${res.text}`);
    assert.is(res.headers.get('x-managementportalapp-error'), 'error.validation');
  }
  const withId = await world.as.sysAdmin('POST', '/api/source-types', { json: type('X', { id: 5 }) });
  assert.is(withId.status, 400);
  assert.is(withId.headers.get('x-managementportalapp-error'), 'error.idexists');
  const dup = await world.as.sysAdmin('POST', '/api/source-types', { json: type('E4') });
  assert.is(dup.status, 409);
  assert.is(dup.body.errorCode, 'error.sourceTypeExists');
  assert.equal([dup.body.params.producer, dup.body.params.model, dup.body.params.catalogVersion], ['Acme', 'E4', 'v1']);
  const takenName = await world.as.sysAdmin('POST', '/api/source-types', { json: type('X', { sourceData: [row('ACME_E4_ACC')] }) });
  assert.is(takenName.status, 409);
  assert.is(takenName.body.errorCode, 'error.sourceDataNameAvailable');
  assert.equal(await written(), before);
});

t('update: SOURCETYPE.UPDATE holders; the rows become the body list; renaming onto another type is a 409', async () => {
  const current = (await world.as.sysAdmin('GET', '/api/source-types/Acme/E4/v1')).body;
  assert.equal(await statuses(world, ['p1Analyst', 'p1Participant', 'anonymous'], 'PUT', '/api/source-types', () => current), { p1Analyst: 403, p1Participant: 403, anonymous: 401 });
  const [acc] = current.sourceData;
  const body = { ...current, description: 'Wrist band', sourceData: [{ ...acc, unit: 'g' }, row('ACME_E4_TEMP')] };
  const res = await world.as.mainAdmin('PUT', '/api/source-types', { json: body });
  assert.is(res.status, 200, res.text);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.sourceType.updated');
  assert.is(res.body.description, 'Wrist band');
  assert.equal(res.body.sourceData.map((d: { sourceDataName: string; unit: string | null }) => [d.sourceDataName, d.unit]), [['ACME_E4_ACC', 'g'], ['ACME_E4_TEMP', null]]);
  assert.is(await count(world.server, "source_data WHERE source_data_name = 'ACME_E4_BAT'"), 0, 'a row left out is deleted');
  // Project staff change only a type their project uses (source-types-scope.test.ts).
  assert.is((await world.as.p1Admin('PUT', '/api/source-types', { json: { ...res.body, sourceData: undefined, name: 'Renamed' } })).status, 403, 'used by no project');
  await world.server.app.db.query("INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name = 'p1'", [res.body.id]);
  const kept = await world.as.p1Admin('PUT', '/api/source-types', { json: { ...res.body, sourceData: undefined, name: 'Renamed' } });
  assert.is(kept.status, 200);
  await world.server.app.db.query('DELETE FROM project_source_type WHERE source_type_id = $1', [res.body.id]);
  assert.is(kept.body.sourceData.length, 2, 'no sourceData: rows untouched');
  const before = await written();
  const clash = await world.as.sysAdmin('PUT', '/api/source-types', { json: { ...kept.body, model: 'M0' } });
  assert.is(clash.status, 409);
  assert.is(clash.body.errorCode, 'error.sourceTypeExists');
  const foreignRow = (await world.as.sysAdmin('GET', '/api/source-types/Acme/M0/v1')).body;
  const steal = await world.as.sysAdmin('PUT', '/api/source-types', { json: { ...foreignRow, sourceData: [{ ...acc }] } });
  assert.is(steal.status, 400, 'a row of another type');
  const missing = await world.as.sysAdmin('PUT', '/api/source-types', { json: { ...kept.body, id: 999999 } });
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.sourceTypeNotFound');
  assert.equal(await written(), before);
  const asCreate = await world.as.p1Admin('PUT', '/api/source-types', { json: type('ViaPut') });
  assert.is(asCreate.status, 201, 'no id: a create');
  assert.is((await world.as.mainAdmin('PUT', '/api/source-types', { json: type('ViaPut2') })).status, 403, 'a create needs SOURCETYPE.CREATE');
});

t('reads: the reduced forms by producer and model; participants refused', async () => {
  const expected = { sysAdmin: 200, mainAdmin: 200, p1Admin: 200, p1Analyst: 200, p1Participant: 403, anonymous: 401 };
  for (const path of ['/api/source-types/Acme', '/api/source-types/Acme/E4', '/api/source-types/Acme/E4/v1']) {
    assert.equal(await statuses(world, STAFF, 'GET', path), expected, path);
  }
  const byProducer = await world.as.p1Analyst('GET', '/api/source-types/Acme');
  assert.ok(byProducer.body.length >= 4);
  assert.not.ok(byProducer.body.some((t: object) => 'sourceData' in t || 'description' in t), 'reduced form');
  const byModel = await world.as.p1Analyst('GET', '/api/source-types/Acme/E4');
  assert.equal(byModel.body.map((t: { model: string }) => t.model), ['E4']);
  assert.equal((await world.as.p1Analyst('GET', '/api/source-types/Nobody')).body, []);
});

t('delete: refused while a project lists the type; deletes its rows; 404 when unknown', async () => {
  assert.equal(await statuses(world, ['p1Analyst', 'p1Participant', 'anonymous'], 'DELETE', '/api/source-types/Acme/E4/v1'), { p1Analyst: 403, p1Participant: 403, anonymous: 401 });
  const [{ id }] = await rows<{ id: number }>(world.server, "SELECT id FROM source_type WHERE model = 'E4'");
  await world.server.app.db.query("INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name IN ('p1', 'p2')", [id]);
  const before = await written();
  const inUse = await world.as.sysAdmin('DELETE', '/api/source-types/Acme/E4/v1');
  assert.is(inUse.status, 403);
  assert.is(inUse.body.errorCode, 'error.sourceTypeInUse');
  assert.is(inUse.body.params['project-names'], 'p1-p2');
  assert.equal(await written(), before);
  await world.server.app.db.query('DELETE FROM project_source_type WHERE source_type_id = $1', [id]);
  const res = await world.as.mainAdmin('DELETE', '/api/source-types/Acme/E4/v1');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.sourceType.deleted');
  assert.is(res.headers.get('x-managementportalapp-params'), 'Acme E4 v1');
  assert.is(await count(world.server, 'source_data WHERE source_type_id = $1', [id]), 0);
  assert.is((await world.as.p1Admin('DELETE', '/api/source-types/Acme/M2/v1')).status, 403, 'an unused type: organization admins and above');
  assert.is((await world.as.otherAdmin('DELETE', '/api/source-types/Acme/M2/v1')).status, 200, 'of any organization');
  const gone = await world.as.sysAdmin('DELETE', '/api/source-types/Acme/E4/v1');
  assert.is(gone.status, 404);
  assert.is(gone.body.errorCode, 'error.sourceTypeNotFound');
});

t.run();
