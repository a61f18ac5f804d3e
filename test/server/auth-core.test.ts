// Bearer tokens and the permission guard: signature, expiry, audience, current database roles, scoped checks.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildRouter } from '../../src/server/app';
import { ok } from '../../src/server/http/context';
import { signJwt } from '../../src/server/auth/jwt';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { asUser, bearerFor, createProjectRow, createUser } from '../setup/auth';
import { testRoute } from '../setup/test-routes';
import { perm } from '../../src/server/http/route';

const router = buildRouter().entries([
  testRoute('GET', '/api/test/project/:projectName', ({ principal }) => ok({ login: principal.login }), perm('PROJECT.READ', 'project'),
    ({ params }) => ({ project: params.projectName })),
]);

let server: TestServer;
const t = suite('auth core');
t.before(async () => {
  server = await startTestServer({}, { router });
  await createProjectRow(server, 'alpha', 'main');
  await createProjectRow(server, 'beta', 'other-org');
  await createUser(server, 'alpha-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }]);
  await createUser(server, 'main-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('no credentials is 401 with WWW-Authenticate', async () => {
  const res = await server.request('GET', '/api/test/project/alpha');
  assert.is(res.status, 401);
  assert.is(res.headers.get('www-authenticate'), 'Bearer');
});

t('a project admin reaches its project and nothing else', async () => {
  const as = await asUser(server, 'alpha-admin');
  assert.is((await as('GET', '/api/test/project/alpha')).status, 200);
  const other = await as('GET', '/api/test/project/beta');
  assert.is(other.status, 403);
  assert.is(other.body.message, 'error.accessDenied');
});

t('an organization admin reaches the projects of its organization only', async () => {
  const as = await asUser(server, 'main-admin');
  assert.is((await as('GET', '/api/test/project/alpha')).status, 200);
  assert.is((await as('GET', '/api/test/project/beta')).status, 403);
});

t('the system admin reaches everything', async () => {
  const as = await asUser(server, 'admin');
  assert.is((await as('GET', '/api/test/project/beta')).status, 200);
});

t('a tampered, expired or foreign-audience token is refused', async () => {
  const token = await bearerFor(server, 'admin');
  const [h, p, s] = token.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, user_name: 'alpha-admin' })).toString('base64url')}.${s}`;
  const call = (tok: string) => server.request('GET', '/api/test/project/alpha', { headers: { authorization: `Bearer ${tok}` } });
  assert.is((await call(tampered)).status, 401);
  const key = await server.app.keys.signingKey();
  const expired = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, key.privateKey, key.kid);
  assert.is((await call(expired)).status, 401);
  const foreign = signJwt({ ...claims, aud: ['res_other'] }, key.privateKey, key.kid);
  assert.is((await call(foreign)).status, 401);
});

t('roles come from the database on every request', async () => {
  const as = await asUser(server, 'alpha-admin');
  await server.app.db.query("DELETE FROM role_users WHERE user_id = (SELECT id FROM radar_user WHERE login = 'alpha-admin')");
  assert.is((await as('GET', '/api/test/project/alpha')).status, 403);
  await server.app.db.query("UPDATE radar_user SET activated = false WHERE login = 'main-admin'");
  const deactivated = await asUser(server, 'main-admin');
  assert.is((await deactivated('GET', '/api/test/project/alpha')).status, 401);
});

t.run();
