// PUT api/users/{login}/roles: replaces the roles the caller can see, keeps the others, checks every change.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { CAST, createCast, revisionsOf, roleRowsOf, type Ids } from './users-fixtures';

let server: TestServer;
let ids: Ids;
const as: Record<string, AsUser> = {};
const t = suite('users: roles');

t.before(async () => {
  server = await startTestServer();
  ids = await createCast(server);
  for (const login of Object.values(CAST)) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const project = (authorityName: string, projectId: number) => ({ authorityName, projectId });
const putRoles = (caller: string, login: string, roles: unknown) => as[caller]('PUT', `/api/users/${login}/roles`, { json: roles });

t('an organization admin replaces the roles it sees; roles elsewhere are kept', async () => {
  const res = await putRoles(CAST.mainAdmin, CAST.mixed, [project('ROLE_PROJECT_ANALYST', ids.alpha), project('ROLE_PROJECT_ADMIN', ids.gamma)]);
  assert.is(res.status, 204);
  assert.is(res.text, '');
  assert.equal(await roleRowsOf(server, CAST.mixed), ['ROLE_PROJECT_ADMIN:beta', 'ROLE_PROJECT_ADMIN:gamma', 'ROLE_PROJECT_ANALYST:alpha']);
  const [revision] = await revisionsOf(server, CAST.mixed);
  assert.is(revision.author, CAST.mainAdmin);
  assert.is((revision.snapshot as { roles: unknown[] }).roles.length, 3);
  // Sending what it reads back changes nothing.
  const seen = (await as[CAST.mainAdmin]('GET', `/api/users/${CAST.mixed}/roles`)).body;
  assert.is((await putRoles(CAST.mainAdmin, CAST.mixed, seen)).status, 204);
  assert.is((await revisionsOf(server, CAST.mixed)).length, 1);
});

t('a project admin changes roles of its project only, and cannot grant organization or global roles', async () => {
  assert.is((await putRoles(CAST.alphaAdmin, CAST.alphaAnalyst, [project('ROLE_PROJECT_ADMIN', ids.gamma)])).status, 403);
  const org = { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: ids.main };
  assert.is((await putRoles(CAST.alphaAdmin, CAST.alphaAdmin, [project('ROLE_PROJECT_ADMIN', ids.alpha), org])).status, 403);
  assert.is((await putRoles(CAST.alphaAdmin, CAST.alphaAdmin, [project('ROLE_PROJECT_ADMIN', ids.alpha), { authorityName: 'SYS_ADMIN' }])).status, 403);
  assert.equal(await roleRowsOf(server, CAST.alphaAnalyst), ['ROLE_PROJECT_ANALYST:alpha']);
  assert.equal(await roleRowsOf(server, CAST.alphaAdmin), ['ROLE_PROJECT_ADMIN:alpha']);
  const ok = await putRoles(CAST.alphaAdmin, CAST.alphaAnalyst, [project('ROLE_PROJECT_AFFILIATE', ids.alpha)]);
  assert.is(ok.status, 204);
  assert.equal(await roleRowsOf(server, CAST.alphaAnalyst), ['ROLE_PROJECT_AFFILIATE:alpha']);
  // It can add its project's role to a user it could not see before.
  assert.is((await putRoles(CAST.alphaAdmin, CAST.betaAdmin, [project('ROLE_PROJECT_ANALYST', ids.alpha)])).status, 204);
  assert.equal(await roleRowsOf(server, CAST.betaAdmin), ['ROLE_PROJECT_ADMIN:beta', 'ROLE_PROJECT_ANALYST:alpha']);
});

t('an organization admin of another organization changes nothing here', async () => {
  const before = await roleRowsOf(server, CAST.alphaAnalyst);
  assert.is((await putRoles(CAST.otherAdmin, CAST.alphaAnalyst, [project('ROLE_PROJECT_ANALYST', ids.gamma)])).status, 403);
  assert.is((await putRoles(CAST.otherAdmin, CAST.alphaAnalyst, [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: ids.main }])).status, 403);
  assert.equal(await roleRowsOf(server, CAST.alphaAnalyst), before);
});

t('owners, analysts and participants cannot change roles (no privilege escalation)', async () => {
  for (const caller of [CAST.alphaOwner, CAST.alphaAnalyst, CAST.participant]) {
    const res = await putRoles(caller, caller, [project('ROLE_PROJECT_ADMIN', ids.alpha)]);
    assert.is(res.status, 403, caller);
  }
  assert.equal(await roleRowsOf(server, CAST.alphaOwner), ['ROLE_PROJECT_OWNER:alpha']);
  assert.is((await server.request('PUT', `/api/users/${CAST.alphaOwner}/roles`, { json: [] })).status, 401);
});

t('participant roles stay with the subject; they are never granted or removed here', async () => {
  assert.is((await putRoles(CAST.sysAdmin, CAST.roleless, [project('ROLE_PARTICIPANT', ids.alpha)])).status, 400);
  assert.is((await putRoles(CAST.sysAdmin, CAST.participant, [])).status, 204);
  assert.equal(await roleRowsOf(server, CAST.participant), ['ROLE_PARTICIPANT:alpha']);
});

t('bad input: not a list, bad authority, missing or unknown ids, unknown user', async () => {
  const bad = await putRoles(CAST.sysAdmin, CAST.roleless, { authorityName: 'ROLE_SYS_ADMIN' });
  assert.is(bad.status, 400);
  const invalid = await putRoles(CAST.sysAdmin, CAST.roleless, [{ authorityName: 'ROLE_NOPE' }]);
  assert.equal([invalid.status, invalid.body.errorCode], [400, 'error.invalidAuthority']);
  assert.is((await putRoles(CAST.sysAdmin, CAST.roleless, [{ authorityName: 'ROLE_ORGANIZATION_ADMIN' }])).status, 400);
  assert.is((await putRoles(CAST.sysAdmin, CAST.roleless, [project('ROLE_PROJECT_ADMIN', 424242)])).status, 404);
  const missing = await putRoles(CAST.sysAdmin, 'nobody', []);
  assert.equal([missing.status, missing.body.errorCode, missing.body.params.user], [404, 'error.entityNotFound', 'nobody']);
  assert.equal(await roleRowsOf(server, CAST.roleless), []);
});

t('a system admin grants global and organization roles', async () => {
  const roles = [{ authorityName: 'ROLE_SYS_ADMIN' }, { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: String(ids.other) }];
  assert.is((await putRoles(CAST.sysAdmin, CAST.roleless, roles)).status, 204);
  assert.equal(await roleRowsOf(server, CAST.roleless), ['ROLE_ORGANIZATION_ADMIN:other', 'ROLE_SYS_ADMIN:-']);
  const [{ n }] = await server.app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM radar_role WHERE authority_name = 'ROLE_SYS_ADMIN'",
  );
  assert.is(n, 1, 'the global role row is shared');
  assert.is((await putRoles(CAST.mainAdmin, CAST.roleless, [])).status, 204); // sees nothing there, removes nothing
  assert.is((await roleRowsOf(server, CAST.roleless)).length, 2);
});

t.run();
