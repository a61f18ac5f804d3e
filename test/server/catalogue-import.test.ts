// CATALOGUE_AUTO_IMPORT (docs/catalogue.md) against a small catalogue server in this test: entries mapped field by field,
// incomplete, present and invalid entries skipped, one revision by `system`; a second run imports nothing; a 500,
// garbage, a refused connection or a timeout is logged and writes nothing; concurrent imports take turns; start-up.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { runTwiceAtOnce } from '../setup/lock-contention';
import { LoggerRegistry } from '../../src/server/log';
import { CATALOGUE_LOCK, importCatalogue } from '../../src/server/source-types/catalogue-import';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';

const E4 = {
  vendor: 'Empatica', model: 'E4', version: 'v1', name: 'Empatica E4', doc: 'Wristband with several sensors', scope: 'PASSIVE',
  assessment_type: 'SENSOR', app_provider: 'org.radarcns.empatica.E4ServiceProvider',
  data: [
    {
      type: 'ACCELEROMETER', sample_rate: { frequency: 32 }, unit: 'G', topic: 'android_empatica_e4_acceleration',
      key_schema: 'org.radarcns.kafka.ObservationKey', value_schema: 'org.radarcns.passive.empatica.EmpaticaE4Acceleration',
      processing_state: 'RAW', app_provider: 'org.radarcns.empatica.E4ServiceProvider', doc: 'ignored', fields: [{ name: 'x' }],
    },
    { type: 'BATTERY_LEVEL', sample_rate: { frequency: 0.25 }, topic: 'android_empatica_e4_battery_level' },
    { topic: 'no_type_no_row' },
  ],
};
const QUESTIONNAIRE = { vendor: 'RADAR', model: 'aRMT', version: '1.4.3', scope: 'ACTIVE', name: 'RADAR aRMT', data: [{ type: 'QUESTIONNAIRE', topic: 'questionnaire' }] };
const CONNECTOR = { vendor: 'Fitbit', model: 'Charge', version: 'v1', scope: 'CONNECTOR', doc: 'x'.repeat(400) };
const CATALOGUE = {
  'passive-source-types': [E4, { model: 'NoVendor', version: 'v1', scope: 'PASSIVE' }, { vendor: 'Empatica', model: 'E4', version: 'v1', scope: 'PASSIVE' }],
  'active-source-types': [QUESTIONNAIRE, { vendor: 'RADAR', model: 'NoVersion', scope: 'ACTIVE' }],
  'monitor-source-types': [{ vendor: 'RADAR', model: 'Bad Scope', version: 'v1', data: [] }, { vendor: 'RADAR', model: 'BadData', version: 'v1', scope: 'MONITOR', data: { type: 'X' } }],
  'connector-source-types': [CONNECTOR, { vendor: 'Oura', model: 'Ring/2', version: 'v1', scope: 'CONNECTOR' }],
  'smartphone-source-types': [{ vendor: 'Ignored', model: 'Array', version: 'v1', scope: 'PASSIVE' }],
};

/** What the catalogue server answers next: a status and a body, or nothing at all (hang). */
let answer: (res: ServerResponse) => void = () => {};
let catalogue: Server;
let catalogueUrl: string;
let server: TestServer;
let admin: AsUser;
const t = suite('catalogue import');

// `connection: close`: no kept-alive socket for a later test to find closed under it.
const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

t.before(async () => {
  catalogue = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => catalogue.listen(0, '127.0.0.1', resolve));
  catalogueUrl = `http://127.0.0.1:${(catalogue.address() as AddressInfo).port}/source-types`;
  server = await startTestServer();
  admin = await asUser(server, 'admin');
});
t.before.each(async () => {
  answer = json(200, CATALOGUE);
  await server.app.db.query('DELETE FROM source_data');
  await server.app.db.query('DELETE FROM source_type');
});
t.after(async () => {
  catalogue.closeAllConnections();
  await new Promise((resolve) => catalogue.close(resolve));
  await server?.close();
  await dropTemplates();
});

function logger() {
  const lines: string[] = [];
  return { lines, log: new LoggerRegistry('INFO', (l) => lines.push(l)).get('catalogue') };
}

const counts = async (db: Database = server.app.db) => {
  const [row] = await db.query<{ types: number; rows: number; revisions: number }>(
    `SELECT (SELECT count(*)::int FROM source_type) AS types, (SELECT count(*)::int FROM source_data) AS rows,
            (SELECT count(*)::int FROM revision) AS revisions`,
  );
  return row;
};

t('entries are mapped as docs/catalogue.md says', async () => {
  const { log } = logger();
  const result = await importCatalogue(server.app.db, catalogueUrl, log);
  assert.equal(result.imported, ['Empatica E4 v1', 'RADAR aRMT 1.4.3', 'Fitbit Charge v1']);
  const e4 = await admin('GET', '/api/source-types/Empatica/E4/v1');
  assert.is(e4.status, 200);
  const { id, sourceData, usage, ...type } = e4.body;
  assert.ok(id);
  assert.equal(usage, { projectCount: 0, projects: [] }, 'an imported type is used by no project');
  assert.equal(type, {
    producer: 'Empatica', model: 'E4', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false,
    name: 'Empatica E4', description: 'Wristband with several sensors', assessmentType: 'SENSOR', appProvider: 'org.radarcns.empatica.E4ServiceProvider',
  });
  assert.equal(sourceData.map(({ id: rowId, ...row }: { id: number }) => (assert.ok(rowId), row)), [
    {
      sourceDataType: 'ACCELEROMETER', sourceDataName: 'Empatica_E4_v1_ACCELEROMETER', frequency: '32.0', unit: 'G', processingState: 'RAW',
      dataClass: null, keySchema: 'org.radarcns.kafka.ObservationKey', valueSchema: 'org.radarcns.passive.empatica.EmpaticaE4Acceleration',
      topic: 'android_empatica_e4_acceleration', provider: 'org.radarcns.empatica.E4ServiceProvider', enabled: true,
    },
    {
      sourceDataType: 'BATTERY_LEVEL', sourceDataName: 'Empatica_E4_v1_BATTERY_LEVEL', frequency: '0.25', unit: null, processingState: null,
      dataClass: null, keySchema: null, valueSchema: null, topic: 'android_empatica_e4_battery_level', provider: null, enabled: true,
    },
  ]);
  const armt = await admin('GET', '/api/source-types/RADAR/aRMT/1.4.3');
  assert.is(armt.body.sourceTypeScope, 'ACTIVE');
  assert.is(armt.body.sourceData[0].sourceDataName, 'RADAR_aRMT_1.4.3_QUESTIONNAIRE');
  const fitbit = await admin('GET', '/api/source-types/Fitbit/Charge/v1');
  assert.is(fitbit.body.description, 'x'.repeat(255), 'a long doc is cut to the column width');
  assert.is(fitbit.body.sourceData, undefined);
});

t('the import is one revision by system holding every type and row it created', async () => {
  const before = await counts();
  await importCatalogue(server.app.db, catalogueUrl, logger().log);
  const after = await counts();
  assert.equal([after.types, after.rows, after.revisions - before.revisions], [3, 3, 1]);
  const [revision] = await server.app.db.query<{ id: number; author: string }>('SELECT id, author FROM revision ORDER BY id DESC LIMIT 1');
  assert.is(revision.author, 'system');
  const changes = await server.app.db.query<{ entity_kind: string; entity_key: string; change_type: string }>(
    'SELECT entity_kind, entity_key, change_type FROM revision_change WHERE revision_id = $1 ORDER BY id', [revision.id],
  );
  assert.equal(changes.map((c) => `${c.change_type} ${c.entity_kind} ${c.entity_key}`), [
    'ADD sourcetype Empatica_E4_v1', 'ADD sourcedata Empatica_E4_v1_ACCELEROMETER', 'ADD sourcedata Empatica_E4_v1_BATTERY_LEVEL',
    'ADD sourcetype RADAR_aRMT_1.4.3', 'ADD sourcedata RADAR_aRMT_1.4.3_QUESTIONNAIRE', 'ADD sourcetype Fitbit_Charge_v1',
  ]);
  // The run is in the audit trail, by system.
  const [event] = await server.app.db.query<{ principal: string; data: Record<string, string> }>(
    "SELECT principal, data FROM audit_event WHERE event_type = 'CATALOGUE_IMPORTED' ORDER BY id DESC LIMIT 1");
  assert.equal([event.principal, event.data.url, event.data.imported], ['system', catalogueUrl, '3']);
});

t('incomplete, invalid, duplicate and present entries are skipped and logged; a second run imports nothing', async () => {
  await server.app.db.query("INSERT INTO source_type (producer, model, catalog_version, source_type_scope, name) VALUES ('RADAR', 'aRMT', '1.4.3', 'ACTIVE', 'mine')");
  const { lines, log } = logger();
  const first = await importCatalogue(server.app.db, catalogueUrl, log);
  assert.equal(first.imported, ['Empatica E4 v1', 'Fitbit Charge v1']);
  assert.equal([first.present, first.incomplete, first.invalid], [2, 2, 3]);
  assert.is((await admin('GET', '/api/source-types/RADAR/aRMT/1.4.3')).body.name, 'mine', 'an existing type is left as it is');
  const warnings = lines.filter((l) => l.includes('WARN')).join('\n');
  assert.match(warnings, '? NoVendor v1 skipped: it lacks a vendor, model or version');
  assert.match(warnings, 'RADAR NoVersion ? skipped');
  assert.match(warnings, 'RADAR Bad Scope v1 skipped: sourceTypeScope: NotNull');
  assert.match(warnings, 'RADAR BadData v1 skipped: "data" must be a list');
  assert.match(warnings, 'Oura Ring/2 v1 skipped: model: Pattern');
  assert.ok(lines.some((l) => l.includes('INFO') && l.includes('imported 2 source type(s)') && l.includes('2 already present, 5 skipped')));

  const before = await counts();
  const second = await importCatalogue(server.app.db, catalogueUrl, logger().log);
  assert.equal(second.imported, []);
  assert.is(second.present, 4);
  assert.equal(await counts(), before, 'no new type, row or revision');
});

t('a type whose source-data names are taken by other rows is left out whole', async () => {
  await server.app.db.query(
    "INSERT INTO source_data (source_data_type, source_data_name) VALUES ('BATTERY_LEVEL', 'Empatica_E4_v1_BATTERY_LEVEL')",
  );
  answer = json(200, { 'passive-source-types': [E4], 'active-source-types': [QUESTIONNAIRE] });
  const { lines, log } = logger();
  const result = await importCatalogue(server.app.db, catalogueUrl, log);
  assert.equal(result.imported, ['RADAR aRMT 1.4.3']);
  assert.is((await admin('GET', '/api/source-types/Empatica/E4/v1')).status, 404);
  assert.is((await counts()).rows, 2);
  assert.ok(lines.some((l) => l.includes('Empatica E4 v1 skipped: source data name(s) already in use: Empatica_E4_v1_BATTERY_LEVEL')));
});

t('an error answer, garbage or no catalogue at all is logged and writes nothing', async () => {
  const before = await counts();
  const cases: [(res: ServerResponse) => void, RegExp][] = [
    [json(500, { error: 'boom' }), /it answered HTTP 500/],
    [json(404, 'Not found'), /it answered HTTP 404/],
    [json(200, '<html>maintenance</html>'), /the answer is not JSON/],
    [json(200, '{"passive-source-types": [{"vendor": "Empatica"'), /the answer is not JSON/],
    [json(200, [E4]), /the answer is not a JSON object/],
    [json(200, { 'passive-source-types': E4 }), /"passive-source-types" is not a list/],
    [json(200, null), /the answer is not a JSON object/],
  ];
  for (const [respond, reason] of cases) {
    answer = respond;
    const { lines, log } = logger();
    const result = await importCatalogue(server.app.db, catalogueUrl, log);
    assert.match(result.failure!, reason);
    assert.equal(result.imported, []);
    assert.ok(lines.some((l) => l.includes('WARN') && l.includes(`not imported from the catalogue server ${catalogueUrl}`)), String(reason));
  }
  const { log } = logger();
  const refused = await importCatalogue(server.app.db, 'http://127.0.0.1:1/source-types', log);
  assert.ok(refused.failure);
  assert.equal(await counts(), before);
});

t('a catalogue that does not answer, or stops half-way through its body, is given up after the timeout', async () => {
  const before = await counts();
  const hanging: ServerResponse[] = [];
  for (const respond of [
    (res: ServerResponse) => hanging.push(res), // never answers
    (res: ServerResponse) => {
      hanging.push(res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"passive-source-types": ['); // and never finishes
    },
  ]) {
    answer = respond;
    const started = Date.now();
    const result = await importCatalogue(server.app.db, catalogueUrl, logger().log, 300);
    assert.is(result.failure, 'no answer within 300 ms');
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
  }
  for (const res of hanging) res.destroy();
  assert.equal(await counts(), before);
});

t('imports at once (processes starting together) create each type once', async () => {
  const run = (db: Database) => importCatalogue(db, catalogueUrl, logger().log);
  const results = await runTwiceAtOnce(server, CATALOGUE_LOCK, run);
  assert.equal(results.map((r) => r.imported.length).sort(), [0, 3]);
  assert.equal(results.map((r) => r.present).sort(), [1, 4], 'the catalogue lists E4 twice');
  const [{ types, rows }] = [await counts()];
  assert.equal([types, rows], [3, 3]);
});

t('CATALOGUE_AUTO_IMPORT and CATALOGUE_SERVER_URL: defaults, and bad values are ConfigErrors', () => {
  const defaults = loadConfig({});
  assert.is(defaults.catalogueAutoImport, false);
  assert.is(defaults.catalogueServerUrl, 'http://catalogue-server:8080');
  assert.is(loadConfig({ CATALOGUE_AUTO_IMPORT: 'TRUE' }).catalogueAutoImport, true);
  assert.is(loadConfig({ CATALOGUE_AUTO_IMPORT: 'false' }).catalogueAutoImport, false);
  for (const [env, variable] of [
    [{ CATALOGUE_AUTO_IMPORT: 'yes' }, 'CATALOGUE_AUTO_IMPORT'],
    [{ CATALOGUE_SERVER_URL: 'catalogue-server:8080' }, 'CATALOGUE_SERVER_URL'],
    [{ CATALOGUE_SERVER_URL: 'ftp://catalogue' }, 'CATALOGUE_SERVER_URL'],
  ] as const) {
    assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && e.variable === variable, variable);
  }
});

t('at start-up the catalogue is imported when enabled, and a broken catalogue does not stop the start', async () => {
  const started = await startTestServer({ CATALOGUE_AUTO_IMPORT: 'true', CATALOGUE_SERVER_URL: catalogueUrl });
  try {
    assert.is((await counts(started.app.db)).types, 3);
  } finally {
    await started.close();
  }
  answer = json(503, 'down');
  const broken = await startTestServer({ CATALOGUE_AUTO_IMPORT: 'true', CATALOGUE_SERVER_URL: catalogueUrl });
  try {
    assert.is((await broken.request('GET', '/management/health')).status, 200);
    assert.is((await counts(broken.app.db)).types, 0);
    assert.ok(broken.logLines.some((l) => l.includes('WARN') && l.includes('it answered HTTP 503')));
  } finally {
    await broken.close();
  }
});

t.run();
