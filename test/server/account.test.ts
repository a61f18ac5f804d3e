// GET and POST api/account: the signed-in user's own account, for every kind of caller.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERMISSIONS } from '../../src/common/permission-matrix';
import { mintAccessToken } from '../../src/server/auth/tokens';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { CAST, createCast, revisionsOf } from './users-fixtures';

let server: TestServer;
const as: Record<string, AsUser> = {};
const t = suite('account');

t.before(async () => {
  server = await startTestServer();
  await createCast(server);
  for (const login of Object.values(CAST)) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const settings = (login: string, extra: object = {}) => ({
  login,
  firstName: 'First',
  lastName: 'Last',
  email: `${login}@example.org`,
  langKey: 'nl',
  activated: true,
  authorities: ['ignored'],
  ...extra,
});
const userRow = async (login: string) =>
  (await server.app.db.query<Record<string, unknown>>('SELECT first_name, last_name, email, lang_key FROM radar_user WHERE login = $1', [login]))[0];

t('GET api/account answers the UserDTO of every signed-in user, 401 for nobody', async () => {
  for (const login of Object.values(CAST)) {
    const res = await as[login]('GET', '/api/account');
    assert.is(res.status, 200, login);
    assert.is(res.body.login, login);
    assert.not.match(res.text, /password|reset|activationKey/i);
  }
  const admin = (await as.admin('GET', '/api/account')).body;
  assert.equal([admin.email, admin.activated, admin.langKey, admin.authorities], ['admin@localhost', true, 'en', ['ROLE_SYS_ADMIN']]);
  assert.is(admin.createdBy, 'system');
  const mixed = (await as[CAST.mixed]('GET', '/api/account')).body;
  assert.is(mixed.roles.length, 2, 'one\'s own roles are all shown');
  const res = await server.request('GET', '/api/account');
  assert.is(res.status, 401);
});

t('GET api/account with a client-credentials token (no user) is 403 EX error.accessDenied', async () => {
  const { token } = await mintAccessToken(server.app.db, server.app.keys, {
    clientId: 'some-service',
    scopes: [...PERMISSIONS],
    ttlSeconds: 600,
    grantType: 'client_credentials',
  });
  const res = await server.request('GET', '/api/account', { headers: { authorization: `Bearer ${token}` } });
  assert.is(res.status, 403);
  assert.equal([res.body.errorCode, res.body.entityName], ['error.accessDenied', 'userManagement']);
  const save = await server.request('POST', '/api/account', { json: settings('x'), headers: { authorization: `Bearer ${token}` } });
  assert.is(save.status, 403);
});

t('POST api/account updates names, e-mail and language of the signed-in user only', async () => {
  // The body names another login: the signed-in user is still the one changed.
  const res = await as[CAST.alphaAdmin]('POST', '/api/account', { json: settings(CAST.betaAdmin, { email: 'new-alpha@example.org' }) });
  assert.is(res.status, 204);
  assert.is(res.text, '');
  assert.equal(await userRow(CAST.alphaAdmin), { first_name: 'First', last_name: 'Last', email: 'new-alpha@example.org', lang_key: 'nl' });
  assert.is((await userRow(CAST.betaAdmin)).first_name, CAST.betaAdmin);
  const [revision] = await revisionsOf(server, CAST.alphaAdmin);
  assert.equal([revision.change_type, revision.author], ['MOD', CAST.alphaAdmin]);
  const account = (await as[CAST.alphaAdmin]('GET', '/api/account')).body;
  assert.is(account.lastModifiedBy, CAST.alphaAdmin);
  for (const login of [CAST.sysAdmin, CAST.mainAdmin, CAST.otherAdmin]) {
    assert.is((await as[login]('POST', '/api/account', { json: settings(login) })).status, 204, login);
  }
});

t('POST api/account: roles without USER.UPDATE get 403, nothing written', async () => {
  for (const login of [CAST.alphaOwner, CAST.alphaAnalyst, CAST.participant, CAST.roleless]) {
    const res = await as[login]('POST', '/api/account', { json: settings(login, { firstName: 'Changed' }) });
    assert.is(res.status, 403, login);
    assert.is((await userRow(login)).first_name, login);
  }
  assert.is((await server.request('POST', '/api/account', { json: settings('x') })).status, 401);
});

t('POST api/account: field errors (400) and a taken e-mail (409), nothing written', async () => {
  const bad = await as[CAST.mainAdmin]('POST', '/api/account', {
    json: settings(CAST.mainAdmin, { firstName: '', lastName: 'z'.repeat(51), email: 'broken', langKey: 'x' }),
  });
  assert.is(bad.status, 400);
  assert.is(bad.body.message, 'error.validation');
  assert.equal([...new Set(bad.body.fieldErrors.map((e: { field: string }) => e.field))].sort(), ['email', 'firstName', 'langKey', 'lastName']);
  assert.is(bad.body.fieldErrors[0].objectName, 'userDTO');
  assert.match(bad.body.fieldErrors[0].message, /^NotNull: /);
  const typed = await as[CAST.mainAdmin]('POST', '/api/account', { json: settings(CAST.mainAdmin, { email: 17 }) });
  assert.is(typed.status, 400);
  const taken = await as[CAST.mainAdmin]('POST', '/api/account', { json: settings(CAST.mainAdmin, { email: 'OTHER-admin@example.org' }) });
  assert.is(taken.status, 409);
  assert.equal([taken.body.errorCode, taken.body.entityName, taken.body.params.email], ['error.emailexists', 'userManagement', 'OTHER-admin@example.org']);
  assert.is(taken.headers.get('x-managementportalapp-error'), 'error.emailexists');
  assert.is((await userRow(CAST.mainAdmin)).email, `${CAST.mainAdmin}@example.org`);
  assert.is((await as[CAST.mainAdmin]('POST', '/api/account', { body: 'nope', headers: { 'content-type': 'application/json' } })).status, 400);
});

t.run();
