// The subject DTO functions are planned once per session (migration 060, docs/subjects.md): they carry
// plan_cache_mode = force_generic_plan. A later migration that redefines one with CREATE OR REPLACE and forgets the
// setting drops it silently (the answers stay the same, each call pays for planning again), so it is checked here.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createProjectRow } from '../setup/auth';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects } from '../setup/subjects';

let server: TestServer;
const t = suite('subject DTO functions: one generic plan');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await insertSubjects(server, [{ login: 'plan-1', project: 'radar' }, { login: 'plan-2', project: 'radar' }, { login: 'plan-3', project: 'radar' }]);
});
t.after(async () => {
  await server.close();
});

t('subject_rows and subject_list_dtos run with a generic plan and find each subject by its key', async () => {
  const rows = await server.app.db.query<{ proname: string; config: string | null; body: string }>(
    `SELECT proname, array_to_string(proconfig, ',') AS config, prosrc AS body FROM pg_proc
      WHERE proname IN ('subject_rows', 'subject_list_dtos') AND pronamespace = to_regnamespace(current_schema()) ORDER BY proname`);
  assert.equal(rows.map((r) => r.proname), ['subject_list_dtos', 'subject_rows']);
  for (const row of rows) {
    assert.is(row.config, 'plan_cache_mode=force_generic_plan', row.proname);
    assert.match(row.body, /CROSS JOIN LATERAL \(SELECT \* FROM subject WHERE subject\.id = k\.id OFFSET 0\) s/, row.proname);
  }
});

t('a subject read through both gives the same subject (the key lookup keeps the order of the ids)', async () => {
  const db = server.app.db;
  const ids = (await db.query<{ id: number }>("SELECT id FROM subject WHERE login LIKE 'plan-%' ORDER BY id")).map((r) => Number(r.id));
  assert.is(ids.length, 3);
  const [rows, list] = await Promise.all([
    db.query<{ ord: number; id: number }>("SELECT d.ord, (d.row_json->>'id')::int8 AS id FROM subject_rows($1::bigint[]) d", [[...ids].reverse()]),
    db.query<{ ord: number; subject_id: number }>('SELECT d.ord, d.subject_id FROM subject_list_dtos($1::bigint[]) d', [[...ids].reverse()]),
  ]);
  assert.equal(rows.map((r) => Number(r.id)), [...ids].reverse());
  assert.equal(list.map((r) => Number(r.subject_id)), [...ids].reverse());
});

t.run();
