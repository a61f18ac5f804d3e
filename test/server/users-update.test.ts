// PUT api/users and DELETE api/users/{login}: who may change or delete whom, error codes, nothing half-written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { CAST, createCast, revisionsOf, roleRowsOf, userCount, type Ids } from './users-fixtures';

let server: TestServer;
let ids: Ids;
const as: Record<string, AsUser> = {};
const t = suite('users: update and delete');

t.before(async () => {
  server = await startTestServer();
  ids = await createCast(server);
  for (const login of Object.values(CAST)) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

/** The user as the system admin reads it, ready to be edited and PUT back. */
const current = async (login: string) => (await as.admin('GET', `/api/users/${login}`)).body;
const row = async (login: string) =>
  (await server.app.db.query<Record<string, unknown>>('SELECT * FROM radar_user WHERE login = $1', [login]))[0];

t('a system admin updates names, e-mail, activation, language, identity and roles', async () => {
  const user = await current(CAST.alphaOwner);
  const identity = 'abcdefgh-1234-5678-9012-abcdefghijkl';
  const res = await as.admin('PUT', '/api/users', {
    json: { ...user, firstName: 'Olive', email: 'olive@example.org', langKey: 'nl', identity, activated: true,
      roles: [...user.roles, { authorityName: 'ROLE_PROJECT_ANALYST', projectId: ids.beta }] },
  });
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'userManagement.updated');
  assert.is(res.headers.get('x-managementportalapp-params'), CAST.alphaOwner);
  assert.equal([res.body.firstName, res.body.email, res.body.langKey, res.body.identity], ['Olive', 'olive@example.org', 'nl', identity]);
  assert.is(res.body.lastModifiedBy, 'admin');
  assert.equal(await roleRowsOf(server, CAST.alphaOwner), ['ROLE_PROJECT_ANALYST:beta', 'ROLE_PROJECT_OWNER:alpha']);
  assert.equal((await revisionsOf(server, CAST.alphaOwner)).map((r) => r.change_type), ['MOD']);
  // Omitting `activated` deactivates; omitting `roles` leaves them alone.
  const { activated: _a, roles: _r, ...rest } = res.body;
  assert.is((await as.admin('PUT', '/api/users', { json: rest })).status, 200);
  assert.is((await row(CAST.alphaOwner)).activated, false);
  assert.is((await roleRowsOf(server, CAST.alphaOwner)).length, 2);
  assert.is((await as.admin('PUT', '/api/users', { json: { ...rest, activated: true } })).status, 200);
  // Its tokens from before the deactivation stay refused once it is activated again (docs/oauth.md, Revocation).
  assert.is((await as[CAST.alphaOwner]('GET', '/api/account')).status, 401);
  as[CAST.alphaOwner] = await asUser(server, CAST.alphaOwner);
  assert.is((await as[CAST.alphaOwner]('GET', '/api/account')).status, 200);
});

t('errors: missing id, unknown id, e-mail or login of another user, a removed subject activated', async () => {
  const user = await current(CAST.alphaAnalyst);
  const put = (json: object) => as.admin('PUT', '/api/users', { json });
  const { id: _id, ...noId } = user;
  assert.is((await put(noId)).status, 400);
  assert.is((await put({ ...user, id: 99999 })).status, 404);
  const email = await put({ ...user, email: 'BETA-admin@example.org' });
  assert.equal([email.status, email.body.errorCode, email.headers.get('x-managementportalapp-error')], [400, 'emailexists', 'emailexists']);
  const login = await put({ ...user, login: CAST.betaAdmin });
  assert.equal([login.status, login.body.errorCode], [400, 'userexists']);
  const invalid = await put({ ...user, firstName: 'y'.repeat(60), email: 'nope' });
  assert.equal([...new Set(invalid.body.fieldErrors.map((e: { field: string }) => e.field))].sort(), ['email', 'firstName']);
  await server.app.db.query('UPDATE subject SET removed = true WHERE login = $1', [CAST.participant]);
  const subject = await current(CAST.participant);
  const removed = await put({ ...subject, activated: true });
  assert.equal([removed.status, removed.body.errorCode], [403, 'error.invalidsubjectstate']);
  assert.equal((await row(CAST.alphaAnalyst)).email, 'alpha-analyst@example.org');
  assert.is((await revisionsOf(server, CAST.alphaAnalyst)).length, 0);
});

t('scoped admins update only users whose every role they administer', async () => {
  const edit = async (caller: string, login: string) => {
    const seen = await as[caller]('GET', `/api/users/${login}`);
    const user = seen.status === 200 ? seen.body : await current(login);
    return (await as[caller]('PUT', '/api/users', { json: { ...user, lastName: `by ${caller}` } })).status;
  };
  assert.is(await edit(CAST.mainAdmin, CAST.alphaAdmin), 200);
  assert.is(await edit(CAST.alphaAdmin, CAST.alphaAnalyst), 200);
  // `mixed` also administers beta: changing its e-mail would let main's admin take over that account.
  assert.is(await edit(CAST.mainAdmin, CAST.mixed), 403);
  assert.is(await edit(CAST.mainAdmin, CAST.betaAdmin), 403);
  assert.is(await edit(CAST.alphaAdmin, CAST.mainAdmin), 403);
  assert.is(await edit(CAST.otherAdmin, CAST.alphaAdmin), 403);
  assert.is(await edit(CAST.mainAdmin, CAST.sysAdmin), 403);
  for (const caller of [CAST.alphaOwner, CAST.alphaAnalyst, CAST.participant]) assert.is(await edit(caller, CAST.alphaAdmin), 403);
  assert.is((await server.request('PUT', '/api/users', { json: await current(CAST.alphaAdmin) })).status, 401);
  assert.is((await row(CAST.mixed)).last_name, 'Tester');
});

t('role changes in PUT api/users follow the per-role rules, all or nothing', async () => {
  const user = (await as[CAST.alphaAdmin]('GET', `/api/users/${CAST.alphaAnalyst}`)).body;
  const gamma = { authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.gamma };
  const res = await as[CAST.alphaAdmin]('PUT', '/api/users', { json: { ...user, lastName: 'Changed', roles: [...user.roles, gamma] } });
  assert.is(res.status, 403);
  assert.equal(await roleRowsOf(server, CAST.alphaAnalyst), ['ROLE_PROJECT_ANALYST:alpha']);
  assert.is.not((await row(CAST.alphaAnalyst)).last_name, 'Changed');
  const main = await as[CAST.mainAdmin]('PUT', '/api/users', { json: { ...user, roles: [gamma] } });
  assert.is(main.status, 200);
  assert.equal(await roleRowsOf(server, CAST.alphaAnalyst), ['ROLE_PROJECT_ADMIN:gamma']);
});

t('DELETE: never oneself, never a subject, 404 for nobody, scoped like updates', async () => {
  const before = await userCount(server);
  const self = await as[CAST.mainAdmin]('DELETE', `/api/users/${CAST.mainAdmin}`);
  assert.equal([self.status, self.body.errorCode], [400, 'error.cannotDeleteSelf']);
  const subject = await as.admin('DELETE', `/api/users/${CAST.participant}`);
  assert.equal([subject.status, subject.body.errorCode], [400, 'error.userIsSubject']);
  assert.is((await as.admin('DELETE', '/api/users/nobody')).status, 404);
  assert.is((await as[CAST.mainAdmin]('DELETE', `/api/users/${CAST.mixed}`)).status, 403);
  assert.is((await as[CAST.alphaAdmin]('DELETE', `/api/users/${CAST.betaAdmin}`)).status, 403);
  assert.is((await as[CAST.mainAdmin]('DELETE', `/api/users/${CAST.roleless}`)).status, 403);
  assert.is((await as[CAST.alphaOwner]('DELETE', `/api/users/${CAST.alphaAdmin}`)).status, 403);
  assert.is((await as[CAST.alphaAnalyst]('DELETE', `/api/users/${CAST.alphaAdmin}`)).status, 403);
  assert.is((await as[CAST.participant]('DELETE', `/api/users/${CAST.alphaAdmin}`)).status, 403);
  assert.is((await as[CAST.otherAdmin]('DELETE', `/api/users/${CAST.alphaAdmin}`)).status, 403);
  assert.is((await server.request('DELETE', `/api/users/${CAST.alphaAdmin}`)).status, 401);
  assert.is(await userCount(server), before);

  await server.app.db.query(
    "INSERT INTO http_session (id_hash, user_id, xsrf_token, expires_at) SELECT 'h1', id, 'x', now() + interval '1 hour' FROM radar_user WHERE login = $1",
    [CAST.alphaAdmin],
  );
  const ok = await as[CAST.mainAdmin]('DELETE', `/api/users/${CAST.alphaAdmin}`);
  assert.is(ok.status, 200);
  assert.is(ok.headers.get('x-managementportalapp-alert'), 'userManagement.deleted');
  assert.is(ok.headers.get('x-managementportalapp-params'), CAST.alphaAdmin);
  assert.is(await row(CAST.alphaAdmin), undefined);
  const last = (await revisionsOf(server, CAST.alphaAdmin)).at(-1)!;
  assert.equal([last.change_type, last.author], ['DEL', CAST.mainAdmin]);
  assert.is((last.snapshot as { login: string }).login, CAST.alphaAdmin);
  assert.is(await server.app.db.query("SELECT 1 FROM http_session WHERE id_hash = 'h1'").then((r) => r.length), 0);
  assert.is((await as.admin('DELETE', `/api/users/${CAST.roleless}`)).status, 200);
  assert.is(await userCount(server), before - 2);
});

t.run();
