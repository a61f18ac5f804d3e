// What the common requests cost the database, counted (test/setup/statement-counter.ts) on whichever database the
// suite runs: a bearer-token read of the account or a subject page is one statement, the caller's roles included, and
// the project list and a user page one round trip; a subject create and update send the statements that do not wait
// for one another's answers together (one round trip): a write's checks, its writes and the read of the DTO they
// make; then the revision with the provenance it makes, one statement. An update's subject is read with the caller's
// roles.
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

// The read itself is one round trip; the view it records (issue #35: written after the permission check and before
// the answer, so no crash loses it, src/server/subjects/subject-views.ts) is the second.
t("a subject's detail with a bearer token: one round trip to read (the caller, the subject, its provenance and full project), one to record the view", async () => {
  for (const caller of [sysAdmin, projectAdmin]) {
    const { status, statements, roundTrips } = await cost(caller, '/api/subjects/sub-1');
    assert.equal([status, roundTrips], [200, 2]);
    assert.ok(statements <= 7, `${statements} statements`);
  }
  const missing = await cost(sysAdmin, '/api/subjects/no-such-subject');
  assert.equal([missing.status, missing.roundTrips], [404, 1]);
});

t('the project list and a user page: one round trip, the caller with the count', async () => {
  for (const caller of [sysAdmin, projectAdmin]) {
    const projects = await cost(caller, '/api/projects');
    assert.equal([projects.status, projects.roundTrips], [200, 1]);
    assert.ok(projects.statements <= 5, `projects: ${projects.statements} statements`);
    const users = await cost(caller, '/api/users?page=0&size=20');
    assert.equal([users.status, users.roundTrips], [200, 1]);
    assert.ok(users.statements <= 2, `users: ${users.statements} statements`);
  }
});

t('a token claiming roles the user no longer holds: the lists follow the current roles, read again', async () => {
  await createProjectRow(server, 'other', 'main');
  await createUser(server, 'other-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'other' }]);
  const movedId = await createUser(server, 'moved-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  const moved = await asUser(server, 'moved-admin'); // its token claims the role on radar
  await server.app.db.query(
    `UPDATE role_users SET role_id = (SELECT ru.role_id FROM role_users ru JOIN radar_user u ON u.id = ru.user_id WHERE u.login = 'other-admin')
      WHERE user_id = $1`, [movedId]);
  const projects = await cost(moved, '/api/projects');
  assert.equal([projects.status, projects.roundTrips], [200, 2]);
  assert.equal((await moved('GET', '/api/projects')).body.map((p: { projectName: string }) => p.projectName), ['other']);
  const users = await cost(moved, '/api/users?page=0&size=20');
  assert.equal([users.status, users.roundTrips], [200, 2]);
  const logins = (await moved('GET', '/api/users?page=0&size=20')).body.map((u: { login: string }) => u.login);
  assert.equal(logins.sort(), ['moved-admin', 'other-admin']);
});

t('a token for a user that was deactivated since is refused by the same one statement', async () => {
  await server.app.db.query("UPDATE radar_user SET activated = false WHERE login = 'radar-admin'");
  counter.reset();
  const res = await projectAdmin('GET', '/api/account');
  assert.is(res.status, 401);
  assert.is(counter.statements, 1);
  await server.app.db.query("UPDATE radar_user SET activated = true WHERE login = 'radar-admin'");
});

t('a subject create costs 9 statements in 3 round trips and an update 6 in 3, the caller and the revision included', async () => {
  const radar = await projectRef(server, 'radar');
  const [{ id }] = await server.app.db.query<{ id: number }>("SELECT id FROM subject WHERE login = 'sub-2'");
  for (let i = 0; i < 2; i++) {
    counter.reset();
    const created = await sysAdmin('POST', '/api/subjects', { json: { login: `counted-${i}`, externalId: `C-${i}`, project: radar, attributes: { site: 'a' } } });
    assert.is(created.status, 201);
    // The caller's roles; the checks, the write and the new subject's DTO sent together; the revision with its
    // provenance, one statement.
    assert.ok(counter.statements <= 9, `create: ${counter.statements} statements`);
    assert.ok(counter.roundTrips <= 3, `create: ${counter.roundTrips} round trips`);
    counter.reset();
    const updated = await sysAdmin('PUT', '/api/subjects', { json: { id, login: 'sub-2', project: radar, personName: `Person ${i}` } });
    assert.is(updated.status, 200);
    // The caller's roles with the subject where the permission is checked, then in the transaction: the subject and
    // its user locked and re-read, with the writes and the DTO's reads sent behind; the revision with its provenance.
    assert.ok(counter.statements <= 6, `update: ${counter.statements} statements`);
    assert.ok(counter.roundTrips <= 3, `update: ${counter.roundTrips} round trips`);
  }
  const [{ n }] = await server.app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM role_users ru JOIN radar_user u ON u.id = ru.user_id WHERE u.login LIKE 'counted-%'");
  assert.is(n, 2, 'each new subject holds its PARTICIPANT role');
});

t.run();
