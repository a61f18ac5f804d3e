// PUT api/subjects when the subject changes between the route's read (where the permission is checked) and the
// update's transaction: the update first runs on what the route read, finds the subject changed under its lock, rolls
// that back and runs again on the subject as it now is, checking the permission again where it now lives.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects, projectRef } from '../setup/subjects';
import type { Database } from '../../src/server/db/database';

let server: TestServer;
let projectAdmin: AsUser;
const t = suite('subject update raced');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'main');
  await insertSubjects(server, [{ login: 'sub-1', project: 'radar', personName: 'Ann' }, { login: 'sub-2', project: 'radar' }]);
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  projectAdmin = await asUser(server, 'radar-admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

/** Runs `change` (committed) just before the next transaction opens: after the route's read, before the update's lock. */
function beforeNextTransaction(db: Database, change: () => Promise<unknown>): void {
  const original = db.transaction;
  db.transaction = (async (fn: Parameters<Database['transaction']>[0]) => {
    db.transaction = original;
    await change();
    return original.call(db, fn);
  }) as Database['transaction'];
}

const idOf = async (login: string) =>
  (await server.app.db.query<{ id: number }>('SELECT id FROM subject WHERE login = $1', [login]))[0].id;
const revisions = async (id: number) =>
  (await server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM revision_change WHERE entity_kind = 'subject' AND entity_id = $1", [id]))[0].n;

t('a field changed meanwhile: the update still applies, on the subject as it now is, with one revision', async () => {
  const id = await idOf('sub-1');
  const before = await revisions(id);
  beforeNextTransaction(server.app.db, () => server.app.db.query("UPDATE subject SET external_link = 'https://changed.example' WHERE id = $1", [id]));
  const res = await projectAdmin('PUT', '/api/subjects', { json: { id, login: 'sub-1', project: await projectRef(server, 'radar'), externalId: 'X-1' } });
  assert.is(res.status, 200, res.text);
  assert.is(res.body.externalId, 'X-1');
  assert.is(res.body.externalLink, 'https://changed.example');
  assert.is(res.body.personName, 'Ann');
  assert.is(await revisions(id), before + 1);
});

t('moved meanwhile into a project the caller may not update: 403 and nothing written', async () => {
  const id = await idOf('sub-2');
  const pilot = await projectRef(server, 'pilot');
  beforeNextTransaction(server.app.db, () => server.app.db.query('UPDATE subject SET project_id = $2 WHERE id = $1', [id, pilot.id]));
  const res = await projectAdmin('PUT', '/api/subjects', { json: { id, login: 'sub-2', project: await projectRef(server, 'radar'), personName: 'Bob' } });
  assert.is(res.status, 403, res.text);
  const [row] = await server.app.db.query<{ person_name: string | null }>('SELECT person_name FROM subject WHERE id = $1', [id]);
  assert.is(row.person_name, null);
});

t("the user deactivated meanwhile: an update that leaves the status out keeps the user's new status", async () => {
  await insertSubjects(server, [{ login: 'sub-3', project: 'radar' }]);
  const id = await idOf('sub-3');
  beforeNextTransaction(server.app.db, () =>
    server.app.db.query('UPDATE radar_user SET activated = false WHERE id = (SELECT user_id FROM subject WHERE id = $1)', [id]));
  const res = await projectAdmin('PUT', '/api/subjects', { json: { id, login: 'sub-3', project: await projectRef(server, 'radar'), personName: 'Cy' } });
  assert.is(res.status, 200, res.text);
  assert.is(res.body.status, 'DEACTIVATED');
  assert.is(res.body.personName, 'Cy');
  const [row] = await server.app.db.query<{ activated: boolean }>('SELECT u.activated FROM radar_user u JOIN subject s ON s.user_id = u.id WHERE s.id = $1', [id]);
  assert.is(row.activated, false);
});

t('an attribute changed meanwhile: the update applies, and answers the subject as it now is', async () => {
  await insertSubjects(server, [{ login: 'sub-4', project: 'radar' }]);
  const id = await idOf('sub-4');
  beforeNextTransaction(server.app.db, () =>
    server.app.db.query("INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value) VALUES ($1, 'site', 'Delft')", [id]));
  const res = await projectAdmin('PUT', '/api/subjects', { json: { id, login: 'sub-4', project: await projectRef(server, 'radar'), personName: 'Di' } });
  assert.is(res.status, 200, res.text);
  assert.equal([res.body.personName, res.body.attributes], ['Di', { site: 'Delft' }]);
  assert.is(await revisions(id), 1);
});

t.run();
