// The read side of source types: the list every staff member's client loads, and one type by its triple.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { asUser, createProjectRow, createUser } from '../setup/auth';

let server: TestServer;
const t = suite('source types (read)');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'alpha');
  await createUser(server, 'alpha-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }]);
  await createUser(server, 'participant', [{ authority: 'ROLE_PARTICIPANT', project: 'alpha' }]);
  const [st] = await server.app.db.query<{ id: number }>(
    "INSERT INTO source_type (producer, model, catalog_version, source_type_scope, dynamic_registration, name) VALUES ('Empatica', 'E4', 'v1', 'PASSIVE', false, 'Empatica E4') RETURNING id",
  );
  await server.app.db.query(
    "INSERT INTO source_data (source_data_type, source_data_name, source_type_id, frequency, processing_state) VALUES ('ACCELEROMETER', 'EMPATICA_E4_v1_ACCELEROMETER', $1, '32', 'RAW')",
    [st.id],
  );
  await server.app.db.query("INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ('THINC-IT App', 'App', 'v1', 'ACTIVE')");
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('staff read the full list with source data and paging headers', async () => {
  for (const login of ['admin', 'alpha-admin']) {
    const res = await (await asUser(server, login))('GET', '/api/source-types');
    assert.is(res.status, 200, login);
    assert.is(res.headers.get('x-total-count'), '2');
    assert.ok(res.headers.get('link')!.includes('rel="first"'));
    const e4 = res.body[0];
    assert.equal(
      { producer: e4.producer, model: e4.model, catalogVersion: e4.catalogVersion, scope: e4.sourceTypeScope, dynamic: e4.canRegisterDynamically },
      { producer: 'Empatica', model: 'E4', catalogVersion: 'v1', scope: 'PASSIVE', dynamic: false },
    );
    assert.is(e4.sourceData[0].sourceDataName, 'EMPATICA_E4_v1_ACCELEROMETER');
    assert.not.ok('description' in e4, 'null fields are omitted');
    assert.not.ok('sourceData' in res.body[1], 'an empty list is omitted');
  }
});

t('participants and anonymous callers are refused', async () => {
  assert.is((await (await asUser(server, 'participant'))('GET', '/api/source-types')).status, 403);
  assert.is((await server.request('GET', '/api/source-types')).status, 401);
});

t('one type by producer, model and version; unknown is 404 with the error code', async () => {
  const as = await asUser(server, 'alpha-admin');
  const res = await as('GET', '/api/source-types/Empatica/E4/v1');
  assert.is(res.status, 200);
  assert.is(res.body.name, 'Empatica E4');
  const missing = await as('GET', '/api/source-types/Empatica/E4/v9');
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.sourceTypeNotFound');
  assert.is(missing.headers.get('x-managementportalapp-error'), 'error.sourceTypeNotFound');
  assert.is((await as('GET', '/api/source-types?sort=nope')).status, 400);
});

t.run();
