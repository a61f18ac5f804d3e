// The audit trail (docs/management.md, Audits): every security-relevant action writes its event, with who acted and
// on whom: sign-in, passwords, roles, users, OAuth clients, pairing links and sessions. One test per group.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { signIn, openSignInPage, submitSignIn, CookieJar } from '../setup/session';
import { insertSubjects } from '../setup/subjects';
import { issueResetKey } from '../../src/server/account/account-keys';
import { addClient, auditEvents, testRouter } from './oauth-fixtures';

let server: TestServer;
let root: AsUser;
let projectId: number;
const t = suite('audit-trail');
t.before(async () => {
  server = await startTestServer({}, { router: testRouter() });
  projectId = await createProjectRow(server, 'radar', 'main');
  await createUser(server, 'root', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Root-Password-1' });
  await createUser(server, 'carl', [], { password: 'Carl-Password-1' });
  await insertSubjects(server, [{ login: 'sub-1', project: 'radar' }]);
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'], additionalInformation: { dynamic_registration: 'true' } });
  root = await asUser(server, 'root');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const text = (body: string) => ({ body, headers: { 'content-type': 'text/plain' } });
const organizationId = async (name: string) =>
  (await server.app.db.query<{ id: number }>('SELECT id FROM radar_organization WHERE name = $1', [name]))[0].id;
const last = async (type: string) => (await auditEvents(server, type)).at(-1);

t('sign-in success and failure', async () => {
  await signIn(server, 'carl', 'Carl-Password-1');
  assert.is((await last('AUTHENTICATION_SUCCESS'))?.principal, 'carl');
  const jar = new CookieJar();
  await submitSignIn(jar, await openSignInPage(server.url, jar), 'carl', 'wrong-password');
  assert.is((await last('AUTHENTICATION_FAILURE'))?.principal, 'carl');
});

t('password changed and reset', async () => {
  const carl = await asUser(server, 'carl');
  assert.is((await carl('POST', '/api/account/change_password', text('Carl-Password-2'))).status, 204);
  assert.equal((await last('PASSWORD_CHANGED'))?.principal, 'carl');
  assert.is((await last('PASSWORD_CHANGED'))?.data.user, 'carl');
  const [{ id }] = await server.app.db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'carl'");
  const key = await issueResetKey(server.app.db, id);
  const res = await server.request('POST', '/api/account/reset_password/finish', { json: { key, newPassword: 'Carl-Password-3' } });
  assert.is(res.status, 204, res.text);
  assert.is((await last('PASSWORD_RESET'))?.data.user, 'carl');
});

t('user created, roles granted and removed, deactivated and deleted: who, whom, which role and scope', async () => {
  const created = await root('POST', '/api/users', {
    json: { login: 'dora', firstName: 'Dora', lastName: 'D', email: 'dora@example.org', langKey: 'en', activated: true, roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId }] },
  });
  assert.is(created.status, 201, created.text);
  assert.equal(await last('USER_CREATED'), { principal: 'root', data: { user: 'dora' } });
  assert.equal(await last('ROLE_GRANTED'), { principal: 'root', data: { user: 'dora', authority: 'ROLE_PROJECT_ADMIN', project: 'radar' } });

  const put = await root('PUT', '/api/users/dora/roles', { json: [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: await organizationId('main') }] });
  assert.is(put.status, 204, put.text);
  assert.equal(await last('ROLE_REMOVED'), { principal: 'root', data: { user: 'dora', authority: 'ROLE_PROJECT_ADMIN', project: 'radar' } });
  assert.equal(await last('ROLE_GRANTED'), { principal: 'root', data: { user: 'dora', authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' } });

  const dto = (await root('GET', '/api/users/dora')).body as Record<string, unknown>;
  assert.is((await root('PUT', '/api/users', { json: { ...dto, activated: true } })).status, 200);
  assert.is((await auditEvents(server, 'USER_DEACTIVATED')).length, 0);
  const deactivated = await root('PUT', '/api/users', { json: { ...dto, activated: false } });
  assert.is(deactivated.status, 200, deactivated.text);
  assert.equal(await last('USER_DEACTIVATED'), { principal: 'root', data: { user: 'dora' } });
  const again = await root('PUT', '/api/users', { json: { ...dto, activated: false } });
  assert.is(again.status, 200);
  assert.is((await auditEvents(server, 'USER_DEACTIVATED')).length, 1, 'saving an inactive user again is no new deactivation');

  assert.is((await root('DELETE', '/api/users/dora')).status, 200);
  assert.equal(await last('USER_DELETED'), { principal: 'root', data: { user: 'dora' } });
});

t('an action that fails writes no event: the event shares its transaction', async () => {
  const before = (await auditEvents(server, 'ROLE_REMOVED')).length;
  // With root the only activated system admin, removing its role is refused inside the transaction (error.lastSystemAdmin).
  const others = await server.app.db.query<{ id: number }>(
    "UPDATE radar_user SET activated = false WHERE activated AND login <> 'root' AND id IN (SELECT user_id FROM role_users) RETURNING id",
  );
  try {
    const res = await root('PUT', '/api/users/root/roles', { json: [] });
    assert.is(res.status, 400, res.text);
    assert.is((await auditEvents(server, 'ROLE_REMOVED')).length, before);
  } finally {
    await server.app.db.query('UPDATE radar_user SET activated = true WHERE id = ANY($1::bigint[])', [others.map((o) => o.id)]);
  }
});

t('OAuth client created, changed and deleted', async () => {
  const body = {
    clientId: 'gateway', clientSecret: 'a-very-secret-secret', scope: ['SUBJECT.READ'], resourceIds: ['res_gateway'],
    authorizedGrantTypes: ['client_credentials'], autoApproveScopes: [], accessTokenValiditySeconds: 3600,
    refreshTokenValiditySeconds: 86400, authorities: [], registeredRedirectUri: [], additionalInformation: {},
  };
  assert.is((await root('POST', '/api/oauth-clients', { json: body })).status, 201);
  assert.equal(await last('OAUTH_CLIENT_CREATED'), { principal: 'root', data: { client_id: 'gateway' } });
  const { clientSecret: _, ...noSecret } = body;
  assert.is((await root('PUT', '/api/oauth-clients', { json: noSecret })).status, 200);
  assert.equal(await last('OAUTH_CLIENT_UPDATED'), { principal: 'root', data: { client_id: 'gateway', secretChanged: 'false' } });
  assert.is((await root('DELETE', '/api/oauth-clients/gateway')).status, 200);
  assert.equal(await last('OAUTH_CLIENT_DELETED'), { principal: 'root', data: { client_id: 'gateway' } });
});

t('pairing link issued, exchanged and revoked', async () => {
  const pair = async () => (await root('GET', `/api/oauth-clients/pair?login=sub-1&clientId=aRMT&persistent=false`)).body as { tokenName: string };
  const first = await pair();
  assert.equal(await last('PAIR_CLIENT_REQUEST'), { principal: 'root', data: { client_id: 'aRMT', subject_login: 'sub-1' } });
  assert.is((await server.request('GET', `/api/meta-token/${first.tokenName}`)).status, 200);
  const exchanged = await last('PAIRING_TOKEN_EXCHANGED');
  assert.is(exchanged?.principal, 'sub-1');
  assert.is(exchanged?.data.client_id, 'aRMT');
  const second = await pair();
  assert.is((await root('DELETE', `/api/meta-token/${second.tokenName}`)).status, 204);
  assert.equal(await last('PAIRING_TOKEN_REVOKED'), { principal: 'root', data: { subject_login: 'sub-1' } });
});

t.run();
