// POST api/users: validation, uniqueness, role rules per caller, the activation mail over SMTP and its link.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyPassword } from '../../src/server/auth/password-hash';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { lastMailTo, linkKey, startSmtpServer, type TestSmtpServer } from '../setup/smtp-server';
import { CAST, createCast, revisionsOf, roleRowsOf, userCount, type Ids } from './users-fixtures';

let server: TestServer;
let smtp: TestSmtpServer;
let ids: Ids;
const as: Record<string, AsUser> = {};
const t = suite('users: create');

t.before(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.org' });
  ids = await createCast(server);
  for (const login of Object.values(CAST)) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await smtp?.close();
  await dropTemplates();
});

const newUser = (login: string, roles: object[] = [], extra: object = {}) => ({
  login,
  firstName: 'New',
  lastName: 'User',
  email: `${login.toLowerCase()}@example.org`,
  langKey: 'en',
  activated: true,
  password: 'ignored',
  roles,
  ...extra,
});

t('a system admin creates a user: 201, Location, alert, a DTO without secrets, an activation mail', async () => {
  const res = await as.admin('POST', '/api/users', {
    json: newUser('Fresh.User', [{ authorityName: 'project_admin', projectId: ids.alpha }]),
  });
  assert.is(res.status, 201);
  assert.is(res.headers.get('location'), '/api/users/fresh.user');
  assert.is(res.headers.get('x-managementportalapp-alert'), 'userManagement.created');
  assert.is(res.headers.get('x-managementportalapp-params'), 'fresh.user');
  assert.is(res.body.login, 'fresh.user');
  assert.is(res.body.activated, false);
  assert.equal(res.body.authorities, ['ROLE_PROJECT_ADMIN']);
  assert.equal(res.body.roles[0].projectName, 'alpha');
  assert.is(res.body.createdBy, 'admin');
  assert.not.match(res.text, /password|resetKey|reset_key|ignored/i);
  const [row] = await server.app.db.query<{ activated: boolean; password_hash: string | null; reset_key_hash: string }>(
    "SELECT activated, password_hash, reset_key_hash FROM radar_user WHERE login = 'fresh.user'",
  );
  assert.equal([row.activated, row.password_hash], [false, null]);
  assert.match(row.reset_key_hash, /^[0-9a-f]{64}$/);
  assert.equal((await revisionsOf(server, 'fresh.user')).map((r) => [r.change_type, r.author]), [['ADD', 'admin']]);

  const mail = lastMailTo('fresh.user@example.org');
  assert.ok(mail, 'the activation mail arrived over SMTP');
  assert.is(mail!.subject, 'ManagementPortal account activation');
  assert.is(mail!.envelopeFrom, 'portal@example.org');
  assert.match(mail!.text, `${server.url}/#/reset/finish?key=`);
  const key = linkKey(mail!, '#/reset/finish')!;
  assert.ok(key.length >= 40);
  const finish = await server.request('POST', '/api/account/reset_password/finish', { json: { key, newPassword: 'Chosen-Pass-42' } });
  assert.is(finish.status, 204);
  const [after] = await server.app.db.query<{ activated: boolean; password_hash: string }>(
    "SELECT activated, password_hash FROM radar_user WHERE login = 'fresh.user'",
  );
  assert.is(after.activated, true);
  assert.ok(await verifyPassword('Chosen-Pass-42', after.password_hash));
});

t('bad input is a 400 naming the fields, and nothing is written', async () => {
  const before = await userCount(server);
  const res = await as.admin('POST', '/api/users', {
    json: newUser('bad/login', [], { firstName: 'x'.repeat(51), email: 'not-an-email', langKey: 'toolong', identity: 'short' }),
  });
  assert.is(res.status, 400);
  assert.is(res.body.message, 'error.validation');
  const fields = res.body.fieldErrors.map((e: { field: string }) => e.field).sort();
  assert.equal(fields, ['email', 'firstName', 'identity', 'langKey', 'login']);
  assert.is(res.body.fieldErrors[0].objectName, 'managedUserVM');
  const typed = await as.admin('POST', '/api/users', { json: newUser('typed', [], { firstName: 42, activated: 'yes', roles: 'x' }) });
  assert.equal(typed.body.fieldErrors.map((e: { field: string }) => e.field).sort(), ['activated', 'firstName', 'roles']);
  assert.is((await as.admin('POST', '/api/users', { json: newUser('', []) })).status, 400);
  assert.is((await as.admin('POST', '/api/users', { json: [1] })).status, 400);
  assert.is((await as.admin('POST', '/api/users', { body: '{oops', headers: { 'content-type': 'application/json' } })).status, 400);
  assert.is(await userCount(server), before);
});

t('failure alerts: idexists, userexists, emailexists', async () => {
  const expectAlert = async (body: object, key: string) => {
    const res = await as.admin('POST', '/api/users', { json: body });
    assert.is(res.status, 400, key);
    assert.is(res.headers.get('x-managementportalapp-error'), `error.${key}`);
    assert.is(res.headers.get('x-managementportalapp-params'), 'userManagement');
    assert.is(res.text, '');
  };
  await expectAlert(newUser('with-id', [], { id: 5 }), 'idexists');
  await expectAlert(newUser('MAIN-ADMIN'), 'userexists');
  await expectAlert(newUser('someone', [], { email: 'Alpha-Admin@Example.org' }), 'emailexists');
});

t('role errors: unknown authority, missing or unknown ids, participant roles', async () => {
  const before = await userCount(server);
  const post = (roles: object[]) => as.admin('POST', '/api/users', { json: newUser('role-test', roles) });
  const bad = await post([{ authorityName: 'ROLE_KING' }]);
  assert.is(bad.status, 400);
  assert.is(bad.body.errorCode, 'error.invalidAuthority');
  assert.is(bad.body.entityName, 'userManagement');
  assert.is(bad.body.params.authorityName, 'ROLE_KING');
  assert.is((await post([{ authorityName: 'ROLE_PROJECT_ADMIN' }])).status, 400);
  assert.is((await post([{ authorityName: 'ROLE_ORGANIZATION_ADMIN', projectId: ids.alpha }])).status, 400);
  const unknown = await post([{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 99999 }]);
  assert.is(unknown.status, 404);
  assert.is(unknown.body.errorCode, 'error.invalidAuthority');
  assert.is((await post([{ authorityName: 'ROLE_PARTICIPANT', projectId: ids.alpha }])).status, 400);
  assert.is(await userCount(server), before);
});

t('scoped admins create users only with roles inside their scope', async () => {
  const before = await userCount(server);
  const tryCreate = async (caller: string, login: string, roles: object[]) =>
    (await as[caller]('POST', '/api/users', { json: newUser(login, roles) })).status;
  const project = (authorityName: string, projectId: number) => ({ authorityName, projectId });
  const org = (organizationId: number) => ({ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId });
  assert.is(await tryCreate(CAST.mainAdmin, 'm1', [project('ROLE_PROJECT_ADMIN', ids.beta)]), 403);
  assert.is(await tryCreate(CAST.mainAdmin, 'm2', [org(ids.other)]), 403);
  assert.is(await tryCreate(CAST.mainAdmin, 'm3', [{ authorityName: 'ROLE_SYS_ADMIN' }]), 403);
  assert.is(await tryCreate(CAST.mainAdmin, 'm4', []), 403);
  assert.is(await tryCreate(CAST.mainAdmin, 'm5', [project('ROLE_PROJECT_ADMIN', ids.alpha), project('ROLE_PROJECT_ADMIN', ids.beta)]), 403);
  assert.is(await tryCreate(CAST.alphaAdmin, 'a1', [org(ids.main)]), 403);
  assert.is(await tryCreate(CAST.alphaAdmin, 'a2', [project('ROLE_PROJECT_ADMIN', ids.gamma)]), 403);
  assert.is(await tryCreate(CAST.otherAdmin, 'o1', [project('ROLE_PROJECT_ANALYST', ids.alpha)]), 403);
  for (const caller of [CAST.alphaAnalyst, CAST.alphaOwner, CAST.participant]) {
    assert.is(await tryCreate(caller, 'x1', [project('ROLE_PROJECT_ANALYST', ids.alpha)]), 403, caller);
  }
  assert.is((await server.request('POST', '/api/users', { json: newUser('anon') })).status, 401);
  assert.is(await userCount(server), before);

  assert.is(await tryCreate(CAST.mainAdmin, 'm-ok', [org(ids.main), project('ROLE_PROJECT_ADMIN', ids.gamma)]), 201);
  assert.equal(await roleRowsOf(server, 'm-ok'), ['ROLE_ORGANIZATION_ADMIN:main', 'ROLE_PROJECT_ADMIN:gamma']);
  assert.is(await tryCreate(CAST.alphaAdmin, 'a-ok', [project('ROLE_PROJECT_ANALYST', ids.alpha)]), 201);
  assert.is(await tryCreate(CAST.otherAdmin, 'o-ok', [project('ROLE_PROJECT_OWNER', ids.beta)]), 201);
});

t('role rows are created on demand, once, also when requests race', async () => {
  const [p] = await server.app.db.query<{ id: number }>(
    "INSERT INTO project (project_name, description, location, organization_id) VALUES ('delta', 'd', '-', $1) RETURNING id",
    [ids.main],
  );
  const results = await Promise.all(
    ['race-1', 'race-2', 'race-3'].map((login) =>
      as.admin('POST', '/api/users', { json: newUser(login, [{ authorityName: 'ROLE_PROJECT_AFFILIATE', projectId: p.id }]) }),
    ),
  );
  assert.equal(results.map((r) => r.status), [201, 201, 201]);
  const rows = await server.app.db.query('SELECT id FROM radar_role WHERE project_id = $1', [p.id]);
  assert.is(rows.length, 1);
});

t.run();
