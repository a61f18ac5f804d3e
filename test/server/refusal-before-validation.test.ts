// One rule for every route (docs/permissions.md, "Refusal before validation"): a caller without access learns nothing
// about what valid input looks like. 401 and every 403 that needs no input come before any 400 about the query or
// the body; only a caller who may act gets the 400 that names the fault. The generated permission matrix repeats the
// query half for every route (test/server/generated/permission-matrix.test.ts); this file holds the named cases.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';

let server: TestServer;
const as: Record<string, AsUser> = {};
const t = suite('refusal before validation');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'other');
  await createUser(server, 'root', [{ authority: 'ROLE_SYS_ADMIN' }]);
  await createUser(server, 'main-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'pilot-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'pilot' }]);
  for (const login of ['root', 'main-admin', 'radar-admin', 'pilot-admin']) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('management/audits/export with a bad format: 401 anonymous, 403 a non-admin, 400 only the system admin', async () => {
  const path = '/management/audits/export?format=xml';
  assert.is((await server.request('GET', path)).status, 401);
  for (const login of ['main-admin', 'radar-admin']) {
    const res = await as[login]('GET', path);
    assert.is(res.status, 403, `${login}: ${res.text}`);
    assert.is(res.body.message, 'error.accessDenied');
    assert.not.match(res.text, /csv|json/i, 'the refusal does not name the allowed formats');
  }
  const admin = await as.root('GET', path);
  assert.is(admin.status, 400);
  assert.match(admin.text, /format/);
});

t('a bad query on another project\'s route: 403 before the criteria are read', async () => {
  for (const path of [
    '/api/projects/radar/subjects?size=many', '/api/projects/radar/subjects?unknown=1',
    '/api/subjects?projectName=radar&size=many', '/api/subjects.csv?projectName=radar&dateOfBirth.is=yesterday',
    '/api/projects/radar/subjects.csv?sort=shoeSize', '/api/projects/radar/sources?assigned=perhaps',
  ]) {
    const outsider = await as['pilot-admin']('GET', path);
    assert.is(outsider.status, 403, `pilot-admin ${path}: ${outsider.text}`);
    for (const login of ['radar-admin', 'main-admin']) {
      const insider = await as[login]('GET', path);
      assert.is(insider.status, 400, `${login} ${path}: ${insider.text}`);
    }
  }
  // Without a project the list is the system admins': a non-admin is refused whatever the criteria.
  assert.is((await as['radar-admin']('GET', '/api/subjects?size=many')).status, 403);
  assert.is((await as.root('GET', '/api/subjects?size=many')).status, 400);
});

t('a bad body on another project\'s route: 403 before the body is read', async () => {
  const bad = { json: { name: 12, nonsense: [] } };
  const outsider = await as['pilot-admin']('POST', '/api/projects/radar/groups', bad);
  assert.is(outsider.status, 403, outsider.text);
  const insider = await as['radar-admin']('POST', '/api/projects/radar/groups', bad);
  assert.is(insider.status, 400, insider.text);
});

t('where the body names the entity, a caller without the permission anywhere is refused before the body is read', async () => {
  // No role of a project admin may be granted ORGANIZATION.CREATE: the token-level refusal needs no body.
  const res = await as['radar-admin']('POST', '/api/organizations', { json: { name: 17 } });
  assert.is(res.status, 403, res.text);
});

t.run();
