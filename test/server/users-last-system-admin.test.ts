// The platform keeps an activated system admin: removing the last one's role, deactivating it, or taking the role
// away through the user dialog is refused with error.lastSystemAdmin and changes nothing. With a second system
// admin the same changes go through, and then the other one is the last.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';

let server: TestServer;
const as: Record<string, AsUser> = {};
const t = suite('users: the last system admin');
t.before(async () => {
  server = await startTestServer();
  await createUser(server, 'dormant', [{ authority: 'ROLE_SYS_ADMIN' }], { activated: false });
  as.admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const activeSystemAdmins = async () =>
  (await server.app.db.query<{ login: string }>(
    `SELECT u.login FROM radar_user u JOIN role_users ru ON ru.user_id = u.id JOIN radar_role r ON r.id = ru.role_id
      WHERE r.authority_name = 'ROLE_SYS_ADMIN' AND u.activated ORDER BY u.login`)).map((r) => r.login);
const refused = (res: { status: number; body: { errorCode?: string }; headers: Headers }) => {
  assert.is(res.status, 400);
  assert.is(res.body.errorCode, 'error.lastSystemAdmin');
  assert.is(res.headers.get('x-managementportalapp-error'), 'error.lastSystemAdmin');
};

t('the only activated system admin cannot drop its role or deactivate itself (a deactivated one does not count)', async () => {
  refused(await as.admin('PUT', '/api/users/admin/roles', { json: [] }));
  const me = (await as.admin('GET', '/api/users/admin')).body;
  refused(await as.admin('PUT', '/api/users', { json: { ...me, roles: [] } }));
  refused(await as.admin('PUT', '/api/users', { json: { ...me, activated: false } }));
  assert.equal(await activeSystemAdmins(), ['admin']);
  const after = (await as.admin('GET', '/api/users/admin')).body;
  assert.equal([after.activated, after.lastModifiedDate], [true, me.lastModifiedDate], 'nothing was written');
});

t('with a second system admin the role can go; then the other one is the last', async () => {
  await createUser(server, 'second', [{ authority: 'ROLE_SYS_ADMIN' }]);
  as.second = await asUser(server, 'second');
  assert.is((await as.admin('PUT', '/api/users/admin/roles', { json: [] })).status, 204);
  assert.equal(await activeSystemAdmins(), ['second']);
  refused(await as.second('PUT', '/api/users/second/roles', { json: [] }));
  const second = (await as.second('GET', '/api/users/second')).body;
  refused(await as.second('PUT', '/api/users', { json: { ...second, activated: false } }));
  assert.equal(await activeSystemAdmins(), ['second']);
});

t.run();
