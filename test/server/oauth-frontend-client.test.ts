// The portal's own OAuth client: written at every start with ManagementPortal's settings, its secret from
// FRONTEND_CLIENT_SECRET stored as a scrypt hash, and usable at the token endpoint with that secret.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERMISSIONS } from '../../src/common/permission-matrix';
import { ensureFrontendClient } from '../../src/server/oauth/frontend-client';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { tokenRequest } from './oauth-fixtures';

let server: TestServer;
const t = suite('oauth frontend client');
t.before(async () => {
  server = await startTestServer({ FRONTEND_CLIENT_SECRET: 'front-secret' });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const row = async () =>
  (await server.app.db.query<Record<string, any>>("SELECT * FROM oauth_client WHERE client_id = 'ManagementPortalapp'"))[0];

t('is written at start-up as docs/oauth.md describes, with a hashed secret', async () => {
  const client = await row();
  assert.match(client.client_secret_hash, /^scrypt\$/);
  assert.not.match(client.client_secret_hash, /front-secret/);
  assert.equal(client.scope, [...PERMISSIONS]);
  assert.equal(client.resource_ids, ['res_ManagementPortal', 'res_appconfig', 'res_upload', 'res_restAuthorizer']);
  assert.equal([...client.authorized_grant_types].sort(), ['authorization_code', 'password', 'refresh_token']);
  assert.equal(client.auto_approve_scopes, ['true']);
  assert.is(client.access_token_validity, 14400);
  assert.is(client.refresh_token_validity, 259200);
  assert.equal(client.additional_information, { protected: true });
  assert.equal(client.registered_redirect_uri, ['http://127.0.0.1:0/api/redirect/login', 'http://127.0.0.1:0/api/redirect/account']);
});

t('is rewritten at the next start, whatever was changed meanwhile', async () => {
  await server.app.db.query("UPDATE oauth_client SET access_token_validity = 1, scope = '[]' WHERE client_id = 'ManagementPortalapp'");
  await Promise.all([ensureFrontendClient(server.app.db, server.app.config), ensureFrontendClient(server.app.db, server.app.config)]);
  const client = await row();
  assert.is(client.access_token_validity, 14400);
  assert.is(client.scope.length, PERMISSIONS.length);
});

t('takes its secret at the token endpoint and issues 4-hour tokens', async () => {
  const res = await tokenRequest(server, { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }, ['ManagementPortalapp', 'front-secret']);
  assert.is(res.status, 200, res.text);
  assert.is(res.body.expires_in, 14400);
  const refresh = JSON.parse(Buffer.from(res.body.refresh_token.split('.')[1], 'base64url').toString());
  assert.is(refresh.exp - refresh.iat, 259200);
  assert.is((await tokenRequest(server, { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }, ['ManagementPortalapp', 'secret'])).status, 401);
  assert.is((await tokenRequest(server, { grant_type: 'client_credentials' }, ['ManagementPortalapp', 'front-secret'])).body.error, 'unauthorized_client');
});

t.run();
