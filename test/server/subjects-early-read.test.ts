// The subject lists read the page and the caller's roles in one statement when the caller's signed token claims the
// permission (requireAuthSpeculating). The decision is still taken on the roles in the database: a token whose
// claimed role was taken away is refused and sees no subject; anonymous callers, bad tokens and users deleted or
// deactivated get their 401 before anything else; a browser session still wins over a bearer token; a bad query is
// a 400 for a caller who may read.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRoleClaims } from '../../src/server/auth/user-roles';
import { bearerFor, createProjectRow, createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { signIn } from '../setup/session';
import { insertSubjects } from '../setup/subjects';

let server: TestServer;
const t = suite('subject lists: the early read');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await insertSubjects(server, [{ login: 'early-1', project: 'radar', externalId: 'E-1' }]);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const get = (path: string, token?: string) =>
  server.request('GET', path, token ? { headers: { authorization: `Bearer ${token}` } } : {});

t('the roles claim parses back into roles', () => {
  assert.equal(parseRoleClaims(['radar:ROLE_PROJECT_ADMIN', 'ROLE_SYS_ADMIN', 'a:b:ROLE_PARTICIPANT']), [
    { authority: 'ROLE_PROJECT_ADMIN', referent: 'radar' },
    { authority: 'ROLE_SYS_ADMIN' },
    { authority: 'ROLE_PARTICIPANT', referent: 'a:b' },
  ]);
});

t('a token still claiming a role the user lost is refused, without any subject', async () => {
  const userId = await createUser(server, 'was-radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  const token = await bearerFor(server, 'was-radar-admin');
  assert.is((await get('/api/projects/radar/subjects', token)).status, 200, 'allowed while the role is held');
  await server.app.db.query('DELETE FROM role_users WHERE user_id = $1', [userId]);
  for (const path of ['/api/projects/radar/subjects', '/api/projects/radar/subjects?externalId=E', '/api/subjects?projectName=radar']) {
    const res = await get(path, token);
    assert.is(res.status, 403, path);
    assert.is(res.body.message, 'error.accessDenied');
    assert.not.match(res.text, 'early-1');
  }
});

t('a former system admin no longer lists every subject', async () => {
  const userId = await createUser(server, 'was-sys-admin', [{ authority: 'ROLE_SYS_ADMIN' }]);
  const token = await bearerFor(server, 'was-sys-admin');
  assert.is((await get('/api/subjects', token)).status, 200);
  await server.app.db.query('DELETE FROM role_users WHERE user_id = $1', [userId]);
  const res = await get('/api/subjects', token);
  assert.is(res.status, 403);
  assert.not.match(res.text, 'early-1');
});

t('anonymous callers, bad tokens and deactivated users get a 401 whatever the query', async () => {
  for (const path of ['/api/projects/radar/subjects', '/api/projects/radar/subjects?size=0', '/api/subjects?bogus=1']) {
    assert.is((await get(path)).status, 401, path);
    assert.is((await get(path, 'not.a.token')).status, 401, path);
  }
  await createUser(server, 'gone-admin', [{ authority: 'ROLE_SYS_ADMIN' }]);
  const token = await bearerFor(server, 'gone-admin');
  await server.app.db.query("UPDATE radar_user SET activated = false WHERE login = 'gone-admin'");
  const res = await get('/api/projects/radar/subjects', token);
  assert.is(res.status, 401);
  assert.not.match(res.text, 'early-1');
});

t('a token issued before the user\'s credentials changed is a 401 without any subject; a newer one reads', async () => {
  const userId = await createUser(server, 'changed-admin', [{ authority: 'ROLE_SYS_ADMIN' }]);
  const old = await bearerFor(server, 'changed-admin');
  assert.is((await get('/api/projects/radar/subjects', old)).status, 200);
  await server.app.db.query('UPDATE radar_user SET credentials_changed_at = now() WHERE id = $1', [userId]);
  for (const path of ['/api/projects/radar/subjects', '/api/subjects?projectName=radar', '/api/subjects']) {
    const res = await get(path, old);
    assert.is(res.status, 401, path);
    assert.not.match(res.text, 'early-1');
  }
  const fresh = await bearerFor(server, 'changed-admin');
  assert.is((await get('/api/projects/radar/subjects', fresh)).body[0].login, 'early-1');
});

t('a reader with a bad query gets the 400; a missing project is a 404', async () => {
  const token = await bearerFor(server, 'admin');
  const bad = await get('/api/projects/radar/subjects?size=0', token);
  assert.is(bad.status, 400);
  assert.is((await get('/api/projects/nowhere/subjects', token)).status, 404);
  assert.is((await get('/api/projects/radar/subjects?externalId=E-1', token)).body[0].login, 'early-1');
});

/** The statements the server sends while `fn` runs. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const db = server.app.db;
  const original = db.query.bind(db);
  const seen: string[] = [];
  db.query = ((sql: string, ...rest: unknown[]) => {
    seen.push(sql);
    return (original as (...a: unknown[]) => Promise<unknown[]>)(sql, ...rest);
  }) as typeof db.query;
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return seen;
}

t('a reader with a bearer token costs one statement: the page carries the roles', async () => {
  await createUser(server, 'radar-reader', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  const token = await bearerFor(server, 'radar-reader');
  const admin = await bearerFor(server, 'admin');
  // A user whose credentials changed once: its newer token is checked against the change in the same statement.
  const changedId = await createUser(server, 'radar-reader-changed', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await server.app.db.query("UPDATE radar_user SET credentials_changed_at = now() - interval '1 hour' WHERE id = $1", [changedId]);
  const changed = await bearerFor(server, 'radar-reader-changed');
  for (const [path, bearer] of [['/api/projects/radar/subjects', token], ['/api/projects/radar/subjects?externalId=E', token],
    ['/api/subjects', admin], ['/api/projects/nowhere/subjects', admin], ['/api/projects/radar/subjects', changed]] as const) {
    await get(path, bearer); // keys and claims cached, as on a server that has been up a while
    let status = 0;
    const statements = await statementsDuring(async () => { status = (await get(path, bearer)).status; });
    assert.is(statements.length, 1, `${path}: ${statements.join(' | ')}`);
    assert.ok([200, 404].includes(status), `${path}: ${status}`);
  }
});

t('a token naming a deleted user is a 401 without any subject', async () => {
  await createUser(server, 'deleted-admin', [{ authority: 'ROLE_SYS_ADMIN' }]);
  const token = await bearerFor(server, 'deleted-admin');
  await server.app.db.query("DELETE FROM role_users WHERE user_id = (SELECT id FROM radar_user WHERE login = 'deleted-admin')");
  await server.app.db.query("DELETE FROM radar_user WHERE login = 'deleted-admin'");
  const res = await get('/api/projects/radar/subjects', token);
  assert.is(res.status, 401);
  assert.not.match(res.text, 'early-1');
});

t('a browser session wins over a bearer token sent along with it', async () => {
  await createUser(server, 'session-nobody', [], { password: 'session-nobody-pw' });
  const browser = await signIn(server, 'session-nobody', 'session-nobody-pw');
  const admin = await bearerFor(server, 'admin');
  const res = await browser.request('GET', '/api/projects/radar/subjects', { headers: { authorization: `Bearer ${admin}` } });
  assert.is(res.status, 403, 'the session user may not read radar, whatever the bearer token claims');
  assert.not.match(res.text, 'early-1');
});

t.run();
