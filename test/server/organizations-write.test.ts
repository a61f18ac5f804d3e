// Writing organizations: create (system admins), update (them or the organization's admin), delete while empty;
// bad input and refusals write nothing, not even a revision.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { count, revisionCount, startWorld, rows, statuses, type World } from './projects-fixtures';

let world: World;
const t = suite('organizations: writing');
t.before(async () => {
  world = await startWorld();
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const org = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `${name} org`, location: 'Delft', ...extra });
const orgCount = () => count(world.server, 'radar_organization');

t('only a system admin creates; 201 with Location, alert and a revision', async () => {
  const refused = await statuses(world, ['mainAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'POST', '/api/organizations', () => org('x1'));
  assert.equal(refused, { mainAdmin: 403, p1Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401 });
  const before = await revisionCount(world.server);
  const res = await world.as.sysAdmin('POST', '/api/organizations', { json: org('new-org', { checked: true }) });
  assert.is(res.status, 201);
  assert.is(res.headers.get('location'), '/api/organizations/new-org');
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.organization.created');
  assert.is(res.headers.get('x-managementportalapp-params'), 'new-org');
  assert.equal(res.body, { id: res.body.id, name: 'new-org', description: 'new-org org', location: 'Delft', projects: [] });
  assert.is(await revisionCount(world.server), before + 1);
  const [change] = await rows<{ entity_kind: string; change_type: string; entity_key: string }>(
    world.server,
    'SELECT entity_kind, change_type, entity_key FROM revision_change ORDER BY id DESC LIMIT 1',
  );
  assert.equal(change, { entity_kind: 'organization', change_type: 'ADD', entity_key: 'new-org' });
});

t('bad input is a 400 with field errors and writes nothing', async () => {
  const before = [await orgCount(), await revisionCount(world.server)];
  const missing = await world.as.sysAdmin('POST', '/api/organizations', { json: { name: 'bad/name', location: 7 } });
  assert.is(missing.status, 400);
  assert.is(missing.body.message, 'error.validation');
  assert.equal(missing.body.fieldErrors.map((e: { field: string }) => e.field).sort(), ['description', 'location', 'name']);
  assert.is(missing.body.fieldErrors[0].objectName, 'organizationDTO');
  const notObject = await world.as.sysAdmin('POST', '/api/organizations', { json: ['x'] });
  assert.is(notObject.status, 400);
  const malformed = await world.as.sysAdmin('POST', '/api/organizations', { body: '{"name":', headers: { 'content-type': 'application/json' } });
  assert.is(malformed.status, 400);
  const withId = await world.as.sysAdmin('POST', '/api/organizations', { json: org('with-id', { id: 5 }) });
  assert.is(withId.status, 400);
  assert.is(withId.headers.get('x-managementportalapp-error'), 'error.idexists');
  assert.equal([await orgCount(), await revisionCount(world.server)], before);
});

t('a duplicate name is a 409 nameexists failure alert and leaves no revision', async () => {
  const before = await revisionCount(world.server);
  const res = await world.as.sysAdmin('POST', '/api/organizations', { json: org('main') });
  assert.is(res.status, 409);
  assert.is(res.headers.get('x-managementportalapp-error'), 'error.nameexists');
  assert.is(res.headers.get('x-managementportalapp-params'), 'organization');
  assert.is(await revisionCount(world.server), before);
});

t('update: system admin or the organization admin; alert updated; name immutable', async () => {
  const { body: main } = await world.as.sysAdmin('GET', '/api/organizations/main');
  const edit = () => ({ id: main.id, name: 'main', description: 'Edited', location: 'Leiden' });
  assert.equal(await statuses(world, ['otherAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'PUT', '/api/organizations', edit), {
    otherAdmin: 403, p1Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  const res = await world.as.mainAdmin('PUT', '/api/organizations', { json: edit() });
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.organization.updated');
  assert.is(res.body.description, 'Edited');
  assert.equal(res.body.projects.map((p: { projectName: string }) => p.projectName), ['p1', 'p2']);
  const before = await revisionCount(world.server);
  const renamed = await world.as.sysAdmin('PUT', '/api/organizations', { json: { ...edit(), name: 'renamed' } });
  assert.is(renamed.status, 400);
  assert.is(renamed.body.errorCode, 'error.validation');
  assert.is(await count(world.server, "radar_organization WHERE name = 'renamed'"), 0);
  assert.is((await world.as.sysAdmin('PUT', '/api/organizations', { json: { ...edit(), id: 999999 } })).status, 404);
  assert.is((await world.as.mainAdmin('PUT', '/api/organizations', { json: { ...edit(), id: 999999 } })).status, 403);
  assert.is(await revisionCount(world.server), before);
});

t('delete: 409 error.organizationNotEmpty while projects remain, then 200 with its roles gone', async () => {
  assert.equal(await statuses(world, ['mainAdmin', 'p1Admin', 'p1Analyst', 'anonymous'], 'DELETE', '/api/organizations/other'), {
    mainAdmin: 403, p1Admin: 403, p1Analyst: 403, anonymous: 401,
  });
  const full = await world.as.otherAdmin('DELETE', '/api/organizations/other');
  assert.is(full.status, 409);
  assert.is(full.body.errorCode, 'error.organizationNotEmpty');
  assert.is(full.headers.get('x-managementportalapp-error'), 'error.organizationNotEmpty');
  assert.is((await world.as.sysAdmin('DELETE', '/api/projects/p3')).status, 200);
  const res = await world.as.otherAdmin('DELETE', '/api/organizations/other');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.organization.deleted');
  assert.is(res.headers.get('x-managementportalapp-params'), 'other');
  assert.is(await count(world.server, "radar_organization WHERE name = 'other'"), 0);
  assert.is(await count(world.server, "radar_role WHERE authority_name = 'ROLE_ORGANIZATION_ADMIN' AND organization_id IS NOT NULL"), 1);
  const changes = await rows<{ entity_kind: string; change_type: string }>(
    world.server,
    'SELECT entity_kind, change_type FROM revision_change WHERE revision_id = (SELECT max(id) FROM revision) ORDER BY id',
  );
  assert.equal(changes, [{ entity_kind: 'organization', change_type: 'DEL' }, { entity_kind: 'role', change_type: 'DEL' }]);
  assert.is((await world.as.sysAdmin('DELETE', '/api/organizations/other')).status, 404);
});

t.run();
