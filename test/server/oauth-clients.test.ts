// api/oauth-clients (docs/oauth.md): who may list, read, create, update and delete; the DTO (secret never shown,
// additional information as strings); protected clients; duplicates; bad input as 400 with field errors and
// nothing written; the stored secret is a hash that authenticates at oauth/token.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { tokenRequest } from './oauth-fixtures';

let server: TestServer;
let admin: AsUser;
let orgAdmin: AsUser;
let projectAdmin: AsUser;
const t = suite('oauth clients');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createUser(server, 'oadmin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
  await createUser(server, 'padmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'analyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'radar' }]);
  admin = await asUser(server, 'admin');
  orgAdmin = await asUser(server, 'oadmin');
  projectAdmin = await asUser(server, 'padmin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const clientBody = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  clientSecret: 'a-very-secret-secret',
  scope: ['SUBJECT.READ', 'MEASUREMENT.CREATE'],
  resourceIds: ['res_gateway'],
  authorizedGrantTypes: ['client_credentials', 'refresh_token'],
  autoApproveScopes: [],
  accessTokenValiditySeconds: 3600,
  refreshTokenValiditySeconds: 86400,
  authorities: [],
  registeredRedirectUri: [],
  additionalInformation: { dynamic_registration: 'true' },
  ...extra,
});

const count = async () => (await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oauth_client'))[0].n;

t('a system admin creates a client: 201, Location, alert, secret hashed and never shown', async () => {
  const res = await admin('POST', '/api/oauth-clients', { json: clientBody('gateway') });
  assert.is(res.status, 201, res.text);
  assert.ok(res.headers.get('location')!.endsWith('/api/oauth-clients/gateway'));
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.oauthClient.created');
  assert.is(res.headers.get('x-managementportalapp-params'), 'gateway');
  assert.is(res.body.clientSecret, null);
  assert.equal(res.body.additionalInformation, { dynamic_registration: 'true' });
  const [row] = await server.app.db.query<{ client_secret_hash: string }>("SELECT client_secret_hash FROM oauth_client WHERE client_id = 'gateway'");
  assert.not.ok(row.client_secret_hash.includes('a-very-secret-secret'));
  const token = await tokenRequest(server, { grant_type: 'client_credentials' }, ['gateway', 'a-very-secret-secret']);
  assert.is(token.status, 200, token.text);
});

t('list and read: every role the scope allows lists; reading one is a global check', async () => {
  const list = await projectAdmin('GET', '/api/oauth-clients');
  assert.is(list.status, 200);
  assert.ok(list.body.some((c: { clientId: string }) => c.clientId === 'gateway'));
  const frontend = list.body.find((c: { clientId: string }) => c.clientId === 'ManagementPortalapp');
  assert.equal(frontend.additionalInformation, { protected: 'true' });
  assert.ok(list.body.every((c: { clientSecret: unknown }) => c.clientSecret === null));
  assert.is((await (await asUser(server, 'analyst'))('GET', '/api/oauth-clients')).status, 200);
  assert.is((await admin('GET', '/api/oauth-clients/gateway')).body.clientId, 'gateway');
  assert.is((await projectAdmin('GET', '/api/oauth-clients/gateway')).status, 403);
  const missing = await admin('GET', '/api/oauth-clients/nope');
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.oAuthClientIdNotFound');
  assert.is((await server.request('GET', '/api/oauth-clients')).status, 401);
});

t('only a system admin may create, update or delete', async () => {
  for (const caller of [orgAdmin, projectAdmin]) {
    assert.is((await caller('POST', '/api/oauth-clients', { json: clientBody('sneaky') })).status, 403);
    assert.is((await caller('PUT', '/api/oauth-clients', { json: clientBody('gateway') })).status, 403);
    assert.is((await caller('DELETE', '/api/oauth-clients/gateway')).status, 403);
  }
  assert.is((await admin('GET', '/api/oauth-clients/sneaky')).status, 404);
});

t('a duplicate id is a 409 error.clientIdExists', async () => {
  const res = await admin('POST', '/api/oauth-clients', { json: clientBody('gateway') });
  assert.is(res.status, 409);
  assert.is(res.body.errorCode, 'error.clientIdExists');
  assert.is(res.headers.get('x-managementportalapp-error'), 'error.clientIdExists');
});

t('bad input is a 400 naming the fields, and nothing is written', async () => {
  const before = await count();
  const cases: Record<string, unknown>[] = [
    { clientId: '' },
    { clientId: 'bad/id' },
    { scope: ['not a scope'] },
    { scope: [] },
    { resourceIds: [] },
    { accessTokenValiditySeconds: -1 },
    { refreshTokenValiditySeconds: 'soon' },
    { accessTokenValiditySeconds: 1e12 },
    { authorizedGrantTypes: ['magic'] },
    { authorities: [3] },
    { additionalInformation: { nested: { no: 1 } } },
  ];
  for (const extra of cases) {
    const res = await admin('POST', '/api/oauth-clients', { json: clientBody('fresh', extra) });
    assert.is(res.status, 400, JSON.stringify(extra));
    assert.is(res.body.message, 'error.validation');
    assert.ok(res.body.fieldErrors.length > 0, JSON.stringify(extra));
  }
  assert.is((await admin('POST', '/api/oauth-clients', { body: '{', headers: { 'content-type': 'application/json' } })).status, 400);
  assert.is((await admin('POST', '/api/oauth-clients', { json: [] })).status, 400);
  assert.is(await count(), before);
});

t('update replaces the fields and keeps the secret unless a new one is given', async () => {
  const res = await admin('PUT', '/api/oauth-clients', { json: clientBody('gateway', { clientSecret: null, scope: ['SUBJECT.READ'], additionalInformation: {} }) });
  assert.is(res.status, 200, res.text);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.oauthClient.updated');
  assert.equal(res.body.scope, ['SUBJECT.READ']);
  assert.equal(res.body.additionalInformation, {});
  assert.is((await tokenRequest(server, { grant_type: 'client_credentials' }, ['gateway', 'a-very-secret-secret'])).status, 200);
  assert.is((await admin('PUT', '/api/oauth-clients', { json: clientBody('gateway', { clientSecret: 'a-new-secret' }) })).status, 200);
  assert.is((await tokenRequest(server, { grant_type: 'client_credentials' }, ['gateway', 'a-very-secret-secret'])).status, 401);
  assert.is((await tokenRequest(server, { grant_type: 'client_credentials' }, ['gateway', 'a-new-secret'])).status, 200);
  const missing = await admin('PUT', '/api/oauth-clients', { json: clientBody('ghost') });
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.oAuthClientIdNotFound');
});

t('protected clients cannot be updated or deleted', async () => {
  const put = await admin('PUT', '/api/oauth-clients', { json: clientBody('ManagementPortalapp') });
  assert.is(put.status, 403);
  assert.is(put.body.errorCode, 'error.oAuthClientProtected');
  const del = await admin('DELETE', '/api/oauth-clients/ManagementPortalapp');
  assert.is(del.status, 403);
  assert.is(del.body.errorCode, 'error.oAuthClientProtected');
  assert.is((await admin('POST', '/api/oauth-clients', { json: clientBody('locked', { additionalInformation: { protected: 'true' } }) })).status, 201);
  assert.is((await admin('DELETE', '/api/oauth-clients/locked')).status, 403);
  assert.is((await admin('GET', '/api/oauth-clients/ManagementPortalapp')).body.scope.length > 0, true);
});

t('a public client has no secret; delete answers 200 with an alert', async () => {
  const res = await admin('POST', '/api/oauth-clients', { json: clientBody('phone-app', { clientSecret: '' }) });
  assert.is(res.status, 201, res.text);
  const [row] = await server.app.db.query<{ client_secret_hash: string | null }>("SELECT client_secret_hash FROM oauth_client WHERE client_id = 'phone-app'");
  assert.is(row.client_secret_hash, null);
  const del = await admin('DELETE', '/api/oauth-clients/phone-app');
  assert.is(del.status, 200);
  assert.is(del.headers.get('x-managementportalapp-alert'), 'managementPortalApp.oauthClient.deleted');
  assert.is((await admin('GET', '/api/oauth-clients/phone-app')).status, 404);
  assert.is((await admin('DELETE', '/api/oauth-clients/phone-app')).status, 404);
});

t.run();
