// URLs that apps open or the portal redirects to (issue #34, item 12; docs/oauth.md "Redirect URIs", docs/projects.md
// "Attributes"): only http(s) for a privacy policy, http(s) or an app's own scheme for a redirect URI. New values
// with another scheme are a 400; values stored before (imported from ManagementPortal, written by hand) are never
// handed on.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects } from '../setup/subjects';
import { addClient } from './oauth-fixtures';

let server: TestServer;
let admin: AsUser;
const t = suite('unsafe urls');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await insertSubjects(server, [{ login: 'sub-radar', project: 'radar' }]);
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'] });
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const clientBody = (clientId: string, registeredRedirectUri: string[]) => ({
  clientId, clientSecret: 'a-very-secret-secret', scope: ['SUBJECT.READ'], resourceIds: ['res_ManagementPortal'], authorizedGrantTypes: ['authorization_code'],
  autoApproveScopes: [], accessTokenValiditySeconds: 3600, refreshTokenValiditySeconds: 86400, authorities: [], registeredRedirectUri, additionalInformation: {},
});

t('an admin cannot register a javascript:, data: or file: redirect URI; http(s) and app schemes are fine', async () => {
  for (const uri of ['javascript:alert(document.domain)//', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'vbscript:msgbox(1)']) {
    const res = await admin('POST', '/api/oauth-clients', { json: clientBody('evil', ['https://ok.example/cb', uri]) });
    assert.is(res.status, 400, `${uri}: ${res.text}`);
    assert.equal(res.body.fieldErrors.map((e: { field: string }) => e.field), ['registeredRedirectUri']);
  }
  assert.is((await server.app.db.query("SELECT 1 FROM oauth_client WHERE client_id = 'evil'")).length, 0);
  const good = await admin('POST', '/api/oauth-clients', { json: clientBody('good', ['https://ok.example/cb', 'org.radarbase.armt:/oauth', 'http://localhost:8080/cb']) });
  assert.is(good.status, 201, good.text);
  assert.equal(good.body.registeredRedirectUri, ['https://ok.example/cb', 'org.radarbase.armt:/oauth', 'http://localhost:8080/cb']);
});

t('a javascript: redirect URI stored before is neither served nor redirected to', async () => {
  await addClient(server, { clientId: 'legacy', secret: 'legacy-secret', grantTypes: ['authorization_code'], redirectUris: ['javascript:alert(1)', 'https://legacy.example/cb'] });
  const read = await admin('GET', '/api/oauth-clients/legacy');
  assert.is(read.status, 200, read.text);
  assert.equal(read.body.registeredRedirectUri, ['https://legacy.example/cb']);
  const authorize = await server.request('GET', `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'legacy', redirect_uri: 'javascript:alert(1)' })}`);
  assert.is(authorize.status, 400);
  assert.is(authorize.headers.get('location'), null);
});

t('a project\'s privacy-policy URL must be http(s); a stored javascript: one is replaced by the platform\'s for the app', async () => {
  const project = (await admin('GET', '/api/projects/radar')).body;
  for (const url of ['javascript:alert(1)', 'data:text/html,x', 'not a url']) {
    const res = await admin('PUT', '/api/projects', { json: { ...project, attributes: { ...project.attributes, 'Privacy-policy-url': url } } });
    assert.is(res.status, 400, `${url}: ${res.text}`);
    assert.equal(res.body.fieldErrors.map((e: { field: string }) => e.field), ['attributes.Privacy-policy-url']);
  }
  const ok = await admin('PUT', '/api/projects', { json: { ...project, attributes: { ...project.attributes, 'Privacy-policy-url': 'https://radar.example/privacy' } } });
  assert.is(ok.status, 200, ok.text);

  await server.app.db.query(
    "UPDATE project_metadata SET attribute_value = 'javascript:alert(document.cookie)' WHERE attribute_key = 'Privacy-policy-url' AND project_id = (SELECT id FROM project WHERE project_name = 'radar')",
  );
  const pair = await admin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login: 'sub-radar', clientId: 'aRMT', persistent: 'false' })}`);
  assert.is(pair.status, 200, pair.text);
  const fetched = await server.request('GET', `/api/meta-token/${pair.body.tokenName}`);
  assert.is(fetched.status, 200, fetched.text);
  assert.is(fetched.body.privacyPolicyUrl, server.app.config.privacyPolicyUrl);
  assert.match(fetched.body.privacyPolicyUrl, /^https?:\/\//);
});

t.run();
