// POST and PUT api/roles: a role row (authority + project, organization or nothing) is created or changed by callers
// holding ROLE.CREATE / ROLE.UPDATE on its project or organization, an organization role only from that organization;
// a row users hold keeps its authority and referent; every refusal and bad input writes nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import type { TestResponse } from '../setup/server';
import { count, revisionCount, rows, startWorld, statuses, type Caller, type World } from './projects-fixtures';

let world: World;
let p1Owner: AsUser;
const ids: Record<string, number> = {};
const t = suite('roles: writing');
t.before(async () => {
  world = await startWorld();
  await createUser(world.server, 'p1-owner', [{ authority: 'ROLE_PROJECT_OWNER', project: 'p1' }]);
  p1Owner = await asUser(world.server, 'p1-owner');
  for (const r of await rows<{ project_name: string; id: number }>(world.server, 'SELECT project_name, id FROM project')) ids[r.project_name] = r.id;
  for (const r of await rows<{ name: string; id: number }>(world.server, 'SELECT name, id FROM radar_organization')) ids[`org:${r.name}`] = r.id;
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const refusedCallers: Caller[] = ['otherAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'];
const snapshot = async () => [await count(world.server, 'radar_role'), await revisionCount(world.server)];

async function roleId(authority: string, where: { project?: string; organization?: string } = {}): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    world.server,
    `SELECT r.id FROM radar_role r LEFT JOIN project p ON p.id = r.project_id LEFT JOIN radar_organization o ON o.id = r.organization_id
      WHERE r.authority_name = $1 AND p.project_name IS NOT DISTINCT FROM $2 AND o.name IS NOT DISTINCT FROM $3`,
    [authority, where.project ?? null, where.organization ?? null],
  );
  return row?.id;
}

async function lastChange() {
  const [change] = await rows<{ entity_kind: string; change_type: string; entity_key: string; entity_id: number }>(
    world.server,
    'SELECT entity_kind, change_type, entity_key, entity_id FROM revision_change ORDER BY id DESC LIMIT 1',
  );
  return change;
}

function assertAlert(res: TestResponse, key: string, param: string) {
  assert.is(res.headers.get('x-managementportalapp-alert'), key);
  assert.is(res.headers.get('x-managementportalapp-params'), param);
}

function assertApiError(res: TestResponse, status: number, code: string) {
  assert.is(res.status, status, res.text);
  assert.is(res.body?.errorCode, code, res.text);
  assert.is(res.headers.get('x-managementportalapp-error'), code);
}

t('a project role: ROLE.CREATE on the project; 201 with Location, alert, the RoleDTO and a revision', async () => {
  const body = () => ({ authorityName: 'ROLE_PROJECT_OWNER', projectId: ids.p2 });
  const before = await snapshot();
  assert.equal(await statuses(world, refusedCallers, 'POST', '/api/roles', body), {
    otherAdmin: 403, p1Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  assert.equal(await snapshot(), before);

  const res = await world.as.p2Admin('POST', '/api/roles', { json: body() });
  assert.is(res.status, 201, res.text);
  assert.is(res.headers.get('location'), '/api/roles/p2/ROLE_PROJECT_OWNER');
  assertAlert(res, 'managementPortalApp.role.created', 'p2: ROLE_PROJECT_OWNER');
  assert.equal(res.body, { id: res.body.id, projectId: ids.p2, projectName: 'p2', authorityName: 'ROLE_PROJECT_OWNER' });
  assert.is(await revisionCount(world.server), before[1] + 1);
  assert.equal(await lastChange(), { entity_kind: 'role', change_type: 'ADD', entity_key: 'p2:ROLE_PROJECT_OWNER', entity_id: res.body.id });
  const read = await world.as.p2Admin('GET', '/api/roles/p2/ROLE_PROJECT_OWNER');
  assert.equal(read.body, res.body);

  // The organization's admin and a system admin may too; the short authority form and projectName alone work.
  const byOrgAdmin = await world.as.mainAdmin('POST', '/api/roles', { json: { authorityName: 'project_affiliate', projectName: 'p2' } });
  assert.is(byOrgAdmin.status, 201, byOrgAdmin.text);
  assert.is(byOrgAdmin.body.authorityName, 'ROLE_PROJECT_AFFILIATE');
  const bySysAdmin = await world.as.sysAdmin('POST', '/api/roles', { json: { authorityName: 'ROLE_PROJECT_ANALYST', projectId: String(ids.p2), projectName: 'p2' } });
  assert.is(bySysAdmin.status, 201, bySysAdmin.text);
  // A project owner holds ROLE.CREATE in its project (docs/permissions.md).
  const byOwner = await p1Owner('POST', '/api/roles', { json: { authorityName: 'ROLE_PROJECT_AFFILIATE', projectId: ids.p1 } });
  assert.is(byOwner.status, 201, byOwner.text);
  assert.is((await p1Owner('POST', '/api/roles', { json: { authorityName: 'ROLE_PROJECT_AFFILIATE', projectId: ids.p3 } })).status, 403);
});

t('an organization role: only from that organization or globally, never from one of its projects', async () => {
  const made = await world.as.sysAdmin('POST', '/api/organizations', { json: { name: 'third', description: 'Third', location: 'Leiden' } });
  assert.is(made.status, 201);
  const before = await snapshot();
  // p1Admin and p1Owner reach organization main for ROLE.CREATE, but may not make organization-admin rows there.
  const refused = await statuses(world, ['mainAdmin', 'otherAdmin', 'p1Admin', 'p1Analyst', 'anonymous'], 'POST', '/api/roles',
    () => ({ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'third' }));
  assert.equal(refused, { mainAdmin: 403, otherAdmin: 403, p1Admin: 403, p1Analyst: 403, anonymous: 401 });
  assert.is((await world.as.p1Admin('POST', '/api/roles', { json: { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: ids['org:main'] } })).status, 403);
  assert.is((await p1Owner('POST', '/api/roles', { json: { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' } })).status, 403);
  assert.equal(await snapshot(), before);

  const res = await world.as.sysAdmin('POST', '/api/roles', { json: { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: made.body.id } });
  assert.is(res.status, 201, res.text);
  assert.is(res.headers.get('location'), '/api/roles/third/ROLE_ORGANIZATION_ADMIN');
  assertAlert(res, 'managementPortalApp.role.created', 'third: ROLE_ORGANIZATION_ADMIN');
  assert.equal(res.body, { id: res.body.id, organizationId: made.body.id, organizationName: 'third', authorityName: 'ROLE_ORGANIZATION_ADMIN' });
  assert.equal(await lastChange(), { entity_kind: 'role', change_type: 'ADD', entity_key: 'third:ROLE_ORGANIZATION_ADMIN', entity_id: res.body.id });
  // The organization's own admin may; the row exists already, so that is a 409.
  const again = await world.as.mainAdmin('POST', '/api/roles', { json: { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' } });
  assert.is(again.status, 409);
  assert.is(again.headers.get('x-managementportalapp-error'), 'error.roleexists');
  assert.is(again.headers.get('x-managementportalapp-params'), 'role');
  assert.is(again.text, '');
});

t('the global role: system admins only (its one row exists: 409)', async () => {
  const before = await snapshot();
  assert.equal(await statuses(world, ['mainAdmin', 'p1Admin', 'p1Analyst', 'anonymous'], 'POST', '/api/roles', () => ({ authorityName: 'ROLE_SYS_ADMIN' })), {
    mainAdmin: 403, p1Admin: 403, p1Analyst: 403, anonymous: 401,
  });
  // Project or organization fields of another scope are ignored, as in the users' role lists.
  const res = await world.as.sysAdmin('POST', '/api/roles', { json: { authorityName: 'sys_admin', projectId: ids.p1 } });
  assert.is(res.status, 409);
  assert.is(res.headers.get('x-managementportalapp-error'), 'error.roleexists');
  assert.equal(await snapshot(), before);
});

t('bad input is a 400, an unknown referent a 404 for those who may act there and a 403 for the others; nothing is written', async () => {
  const before = await snapshot();
  const post = (caller: AsUser, json: unknown) => caller('POST', '/api/roles', { json });

  const withId = await post(world.as.sysAdmin, { id: 5, authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.p1 });
  assert.is(withId.status, 400);
  assert.is(withId.headers.get('x-managementportalapp-error'), 'error.idexists');
  assert.is(withId.headers.get('x-managementportalapp-params'), 'role');

  const missing = await post(world.as.sysAdmin, { projectId: ids.p1 });
  assert.is(missing.status, 400);
  assert.equal(missing.body.fieldErrors, [{ objectName: 'roleDTO', field: 'authorityName', message: 'NotNull: must not be null' }]);
  const wrongType = await post(world.as.sysAdmin, { authorityName: 7, projectId: [1] });
  assert.is(wrongType.status, 400);
  assert.equal(wrongType.body.fieldErrors.map((e: { field: string }) => e.field).sort(), ['authorityName', 'projectId']);

  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_NOPE', projectId: ids.p1 }), 400, 'error.invalidAuthority');
  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_PROJECT_ADMIN' }), 400, 'error.invalidAuthority');
  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_PROJECT_ADMIN', organizationId: ids['org:main'] }), 400, 'error.invalidAuthority');
  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 'abc' }), 400, 'error.invalidAuthority');
  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_ORGANIZATION_ADMIN', projectId: ids.p1 }), 400, 'error.invalidAuthority');

  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_PROJECT_OWNER', projectId: 99999 }), 404, 'error.projectIdNotFound');
  assert.is((await post(world.as.p1Admin, { authorityName: 'ROLE_PROJECT_OWNER', projectId: 99999 })).status, 403);
  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_PROJECT_OWNER', projectName: 'nope' }), 404, 'error.projectNameNotFound');
  assert.is((await post(world.as.mainAdmin, { authorityName: 'ROLE_PROJECT_OWNER', projectName: 'nope' })).status, 403);
  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 99999 }), 404, 'error.organizationNotFound');
  assertApiError(await post(world.as.sysAdmin, { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'nope' }), 404, 'error.organizationNameNotFound');
  assert.is((await post(world.as.mainAdmin, { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'nope' })).status, 403);

  // A name that is not the id's: a 400 for those who may act on the id's project, a 403 for the others.
  const mismatch = await post(world.as.sysAdmin, { authorityName: 'ROLE_PROJECT_OWNER', projectId: ids.p3, projectName: 'p1' });
  assert.is(mismatch.status, 400);
  assert.equal(mismatch.body.fieldErrors.map((e: { field: string }) => e.field), ['projectName']);
  assert.is((await post(world.as.p1Admin, { authorityName: 'ROLE_PROJECT_OWNER', projectId: ids.p3, projectName: 'p1' })).status, 403);

  const duplicate = await post(world.as.p1Admin, { authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.p1 });
  assert.is(duplicate.status, 409);
  assert.is(duplicate.headers.get('x-managementportalapp-error'), 'error.roleexists');
  assert.equal(await snapshot(), before);
});

t('PUT without id creates, with ROLE.CREATE', async () => {
  assert.equal(await statuses(world, ['p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'PUT', '/api/roles',
    () => ({ authorityName: 'ROLE_PROJECT_OWNER', projectId: ids.p3 })), { p2Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401 });
  const res = await world.as.otherAdmin('PUT', '/api/roles', { json: { id: null, authorityName: 'ROLE_PROJECT_OWNER', projectId: ids.p3 } });
  assert.is(res.status, 201, res.text);
  assert.is(res.headers.get('location'), '/api/roles/p3/ROLE_PROJECT_OWNER');
  assertAlert(res, 'managementPortalApp.role.created', 'p3: ROLE_PROJECT_OWNER');
});

t('PUT with id changes a row nobody holds: ROLE.UPDATE on its old and its new project or organization', async () => {
  const created = await world.as.sysAdmin('POST', '/api/roles', { json: { authorityName: 'ROLE_PROJECT_AFFILIATE', projectId: ids.p3 } });
  assert.is(created.status, 201, created.text);
  const id = created.body.id;
  const before = await snapshot();
  // Callers outside p3 (the old referent) are refused, and so is p3's organization admin moving it to p1 (the new one).
  assert.equal(await statuses(world, ['mainAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'PUT', '/api/roles',
    () => ({ id, authorityName: 'ROLE_PROJECT_ANALYST', projectId: ids.p3 })), {
    mainAdmin: 403, p1Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  assert.is((await world.as.otherAdmin('PUT', '/api/roles', { json: { id, authorityName: 'ROLE_PROJECT_AFFILIATE', projectId: ids.p2 } })).status, 403);
  assert.is((await world.as.otherAdmin('PUT', '/api/roles', { json: { id, authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'other' } })).status, 409);
  assert.equal(await snapshot(), before);

  const res = await world.as.otherAdmin('PUT', '/api/roles', { json: { id, authorityName: 'ROLE_PROJECT_ANALYST', projectName: 'p3' } });
  assert.is(res.status, 200, res.text);
  assertAlert(res, 'managementPortalApp.role.updated', 'p3: ROLE_PROJECT_ANALYST');
  assert.equal(res.body, { id, projectId: ids.p3, projectName: 'p3', authorityName: 'ROLE_PROJECT_ANALYST' });
  assert.equal(await lastChange(), { entity_kind: 'role', change_type: 'MOD', entity_key: 'p3:ROLE_PROJECT_ANALYST', entity_id: id });
  assert.is((await world.as.otherAdmin('GET', '/api/roles/p3/ROLE_PROJECT_ANALYST')).body.id, id);
  assert.is((await world.as.otherAdmin('GET', '/api/roles/p3/ROLE_PROJECT_AFFILIATE')).status, 404);

  // A system admin moves it to another project; a body equal to the row changes nothing (no revision).
  const moved = await world.as.sysAdmin('PUT', '/api/roles', { json: { id, authorityName: 'ROLE_PROJECT_ANALYST', projectId: ids.p2 } });
  assert.is(moved.status, 409, 'p2 has an analyst row already');
  assert.is(moved.headers.get('x-managementportalapp-error'), 'error.roleexists');
  const revisions = await revisionCount(world.server);
  const same = await world.as.otherAdmin('PUT', '/api/roles', { json: { id, authorityName: 'project_analyst', projectId: ids.p3 } });
  assert.is(same.status, 200);
  assertAlert(same, 'managementPortalApp.role.updated', 'p3: ROLE_PROJECT_ANALYST');
  assert.is(await revisionCount(world.server), revisions);
});

t('a row users hold keeps its authority and referent (409 roleInUse), so nobody is promoted through it', async () => {
  const before = await snapshot();
  const ownerRow = (await roleId('ROLE_PROJECT_OWNER', { project: 'p1' }))!;
  // The project owner (no USER permissions) may not turn its own row into the project admin's.
  const promote = await p1Owner('PUT', '/api/roles', { json: { id: ownerRow, authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.p1 } });
  assertApiError(promote, 409, 'error.roleInUse');
  assert.is(promote.body.params.users, '1');
  const adminRow = (await roleId('ROLE_PROJECT_ADMIN', { project: 'p1' }))!;
  assertApiError(await world.as.sysAdmin('PUT', '/api/roles', { json: { id: adminRow, authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.p2 } }), 409, 'error.roleInUse');
  // Turning a project row into an organization-admin row is refused before that: a project admin cannot reach it.
  assert.is((await world.as.p1Admin('PUT', '/api/roles', { json: { id: adminRow, authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' } })).status, 403);
  // The system admins' row: system admins only.
  const sysRow = (await roleId('ROLE_SYS_ADMIN'))!;
  assert.is((await world.as.mainAdmin('PUT', '/api/roles', { json: { id: sysRow, authorityName: 'ROLE_SYS_ADMIN' } })).status, 403);
  assert.is((await world.as.sysAdmin('PUT', '/api/roles', { json: { id: sysRow, authorityName: 'ROLE_SYS_ADMIN' } })).status, 200);
  assertApiError(await world.as.sysAdmin('PUT', '/api/roles', { json: { id: sysRow, authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.p3 } }), 409, 'error.roleInUse');
  assert.equal(await snapshot(), before);
  assert.is((await world.as.p1Admin('GET', '/api/roles/p1/ROLE_PROJECT_ADMIN')).body.id, adminRow);
});

t('PUT: an unknown id is a 404 for system admins and a 403 for everyone else; bad input is a 400', async () => {
  const unknown = await world.as.sysAdmin('PUT', '/api/roles', { json: { id: 99999, authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.p1 } });
  assert.is(unknown.status, 404);
  assert.is(unknown.body.description, 'Role not found with id 99999');
  assert.is((await world.as.p1Admin('PUT', '/api/roles', { json: { id: 99999, authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.p1 } })).status, 403);
  const analystRow = (await roleId('ROLE_PROJECT_ANALYST', { project: 'p3' }))!;
  assertApiError(await world.as.otherAdmin('PUT', '/api/roles', { json: { id: analystRow, authorityName: 'ROLE_NOPE' } }), 400, 'error.invalidAuthority');
  // An unknown new project is checked as a global update too.
  const unknownProject = await world.as.otherAdmin('PUT', '/api/roles', { json: { id: analystRow, authorityName: 'ROLE_PROJECT_ADMIN', projectId: 99999 } });
  assert.is(unknownProject.status, 403);
  assertApiError(await world.as.sysAdmin('PUT', '/api/roles', { json: { id: analystRow, authorityName: 'ROLE_PROJECT_ADMIN', projectId: 99999 } }), 404, 'error.projectIdNotFound');
});

t.run();
