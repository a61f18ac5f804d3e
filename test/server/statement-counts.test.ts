// What the common requests cost the database, counted (test/setup/statement-counter.ts) on whichever database the
// suite runs: a bearer-token read of the account or a subject page is one statement, the caller's roles included; a
// subject create and update stay within the statements they cost now (a new user's role granted in one statement,
// no release of sources a new subject cannot hold, the revision and its change in one statement).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { countStatements, type StatementCounter } from '../setup/statement-counter';
import { insertSubjects, projectRef } from '../setup/subjects';

const t = suite('statement counts');
let server: TestServer;
let counter: StatementCounter;
let sysAdmin: AsUser;
let projectAdmin: AsUser;

t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await insertSubjects(server, [{ login: 'sub-1', project: 'radar' }, { login: 'sub-2', project: 'radar' }]);
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  sysAdmin = await asUser(server, 'admin');
  projectAdmin = await asUser(server, 'radar-admin');
  counter = countStatements(server.app.db);
});
t.after(async () => {
  counter?.restore();
  await server?.close();
  await dropTemplates();
});

/** Statements and round trips of the second of two identical requests (the first fills the per-process caches). */
async function cost(call: AsUser, path: string): Promise<{ status: number; statements: number; roundTrips: number }> {
  await call('GET', path);
  counter.reset();
  const res = await call('GET', path);
  return { status: res.status, statements: counter.statements, roundTrips: counter.roundTrips };
}

t('GET api/account with a bearer token: one statement (the account, its roles and the caller together)', async () => {
  for (const [caller, login] of [[sysAdmin, 'admin'], [projectAdmin, 'radar-admin']] as const) {
    await caller('GET', '/api/account');
    counter.reset();
    const res = await caller('GET', '/api/account');
    assert.is(res.status, 200);
    assert.is(res.body.login, login);
    assert.equal([counter.statements, counter.roundTrips], [1, 1]);
  }
});

t('a subject page with a bearer token: one statement', async () => {
  for (const caller of [sysAdmin, projectAdmin]) {
    assert.equal(await cost(caller, '/api/projects/radar/subjects?size=20&sort=login,asc'), { status: 200, statements: 1, roundTrips: 1 });
  }
});

t('a token for a user that was deactivated since is refused by the same one statement', async () => {
  await server.app.db.query("UPDATE radar_user SET activated = false WHERE login = 'radar-admin'");
  counter.reset();
  const res = await projectAdmin('GET', '/api/account');
  assert.is(res.status, 401);
  assert.is(counter.statements, 1);
  await server.app.db.query("UPDATE radar_user SET activated = true WHERE login = 'radar-admin'");
});

t('a subject create costs at most 16 statements and an update at most 13, the revision included', async () => {
  const radar = await projectRef(server, 'radar');
  const [{ id }] = await server.app.db.query<{ id: number }>("SELECT id FROM subject WHERE login = 'sub-2'");
  for (let i = 0; i < 2; i++) {
    counter.reset();
    const created = await sysAdmin('POST', '/api/subjects', { json: { login: `counted-${i}`, externalId: `C-${i}`, project: radar, attributes: { site: 'a' } } });
    assert.is(created.status, 201);
    assert.ok(counter.statements <= 16, `create: ${counter.statements} statements`);
    counter.reset();
    const updated = await sysAdmin('PUT', '/api/subjects', { json: { id, login: 'sub-2', project: radar, personName: `Person ${i}` } });
    assert.is(updated.status, 200);
    assert.ok(counter.statements <= 13, `update: ${counter.statements} statements`);
  }
  const [{ n }] = await server.app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM role_users ru JOIN radar_user u ON u.id = ru.user_id WHERE u.login LIKE 'counted-%'");
  assert.is(n, 2, 'each new subject holds its PARTICIPANT role');
});

t.run();
