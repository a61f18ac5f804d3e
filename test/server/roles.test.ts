// api/roles: one role of a project or organization (ROLE.READ there), all roles and the admin roles (system admins).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { startWorld, statuses, type Caller, type World } from './projects-fixtures';

let world: World;
const t = suite('roles');
t.before(async () => {
  world = await startWorld();
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const everyone: Caller[] = ['sysAdmin', 'mainAdmin', 'otherAdmin', 'p1Admin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'];

t('a project role: ROLE.READ on the project, RoleDTO without organization fields', async () => {
  assert.equal(await statuses(world, everyone, 'GET', '/api/roles/p1/ROLE_PROJECT_ADMIN'), {
    sysAdmin: 200, mainAdmin: 200, otherAdmin: 403, p1Admin: 200, p2Admin: 403, p1Analyst: 200, p1Participant: 403, anonymous: 401,
  });
  const res = await world.as.p1Analyst('GET', '/api/roles/p1/project_admin');
  assert.equal(res.body, { id: res.body.id, projectId: res.body.projectId, projectName: 'p1', authorityName: 'ROLE_PROJECT_ADMIN' });
});

t('an organization role: ROLE.READ on the organization', async () => {
  assert.equal(await statuses(world, everyone, 'GET', '/api/roles/main/ROLE_ORGANIZATION_ADMIN'), {
    sysAdmin: 200, mainAdmin: 200, otherAdmin: 403, p1Admin: 200, p2Admin: 200, p1Analyst: 200, p1Participant: 403, anonymous: 401,
  });
  const res = await world.as.mainAdmin('GET', '/api/roles/main/ROLE_ORGANIZATION_ADMIN');
  assert.equal(res.body, { id: res.body.id, organizationId: res.body.organizationId, organizationName: 'main', authorityName: 'ROLE_ORGANIZATION_ADMIN' });
});

t('a role nobody holds, an unknown authority or name: 404 for those allowed to look', async () => {
  for (const path of ['/api/roles/p2/ROLE_PROJECT_OWNER', '/api/roles/p1/ROLE_NOPE', '/api/roles/p1/ROLE_SYS_ADMIN', '/api/roles/nope/ROLE_PROJECT_ADMIN']) {
    const res = await world.as.sysAdmin('GET', path);
    assert.is(res.status, 404, path);
    assert.is(res.body.description, '404 NOT_FOUND');
  }
  assert.is((await world.as.p1Admin('GET', '/api/roles/p1/ROLE_PROJECT_OWNER')).status, 404);
  assert.is((await world.as.p1Admin('GET', '/api/roles/nope/ROLE_PROJECT_ADMIN')).status, 403);
});

t('all roles and the admin roles: system admins only', async () => {
  const callers: Caller[] = ['sysAdmin', 'mainAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'];
  const expected = { sysAdmin: 200, mainAdmin: 403, p1Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401 };
  assert.equal(await statuses(world, callers, 'GET', '/api/roles'), expected);
  assert.equal(await statuses(world, callers, 'GET', '/api/roles/admin'), expected);
  const all = await world.as.sysAdmin('GET', '/api/roles');
  assert.ok(all.body.length >= 7);
  const admins = await world.as.sysAdmin('GET', '/api/roles/admin');
  assert.equal(admins.body, [{ id: admins.body[0].id, authorityName: 'ROLE_SYS_ADMIN' }]);
});

t.run();
