// The permissions editor's round trip through PUT api/users/{login}/roles as a project admin: it sends back the roles
// GET api/users shows it, with one change applied. The roles it cannot see (another organization's project) are
// kept, nothing else of the user changes; PUT api/users, which needs the caller to cover every role, refuses.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { RoleDTO, UserDTO } from '../../src/common/dto';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { CAST, createCast, roleRowsOf, type Ids } from './users-fixtures';

let server: TestServer;
let ids: Ids;
let alphaAdmin: AsUser;
let sysAdmin: AsUser;
const t = suite('users: roles as the permissions editor sends them');

t.before(async () => {
  server = await startTestServer();
  ids = await createCast(server);
  alphaAdmin = await asUser(server, CAST.alphaAdmin);
  sysAdmin = await asUser(server, CAST.sysAdmin);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

/** What the editor works from: the user as GET api/users?includeProvenance=false lists it to the caller. */
async function listed(caller: AsUser, login: string): Promise<UserDTO> {
  const res = await caller('GET', '/api/users?includeProvenance=false');
  assert.is(res.status, 200);
  const user = (res.body as UserDTO[]).find((u) => u.login === login);
  assert.ok(user, `${login} is listed`);
  return user!;
}

const accountOf = async (login: string) => {
  const { body } = await sysAdmin('GET', `/api/users/${login}`);
  const { firstName, lastName, email, activated, langKey } = body as UserDTO;
  return { firstName, lastName, email, activated, langKey };
};

t('a project admin sees only its project\'s role of a user who also holds one elsewhere', async () => {
  const mixed = await listed(alphaAdmin, CAST.mixed);
  assert.equal(mixed.roles!.map((r) => `${r.authorityName}:${r.projectName}`), ['ROLE_PROJECT_ADMIN:alpha']);
  // The account endpoint wants the caller to cover every role of the user: the old way of saving fails.
  const old = await alphaAdmin('PUT', '/api/users', { json: { ...mixed, roles: [] } });
  assert.is(old.status, 403);
  assert.equal(await roleRowsOf(server, CAST.mixed), ['ROLE_PROJECT_ADMIN:alpha', 'ROLE_PROJECT_ADMIN:beta']);
});

t('removing that role through the roles endpoint keeps the unseen role and the rest of the user', async () => {
  const before = await accountOf(CAST.mixed);
  const mixed = await listed(alphaAdmin, CAST.mixed);
  const remaining = mixed.roles!.filter((r) => r.projectName !== 'alpha');
  const res = await alphaAdmin('PUT', `/api/users/${CAST.mixed}/roles`, { json: remaining });
  assert.is(res.status, 204, res.text);
  assert.equal(await roleRowsOf(server, CAST.mixed), ['ROLE_PROJECT_ADMIN:beta']);
  assert.equal(await accountOf(CAST.mixed), before);
});

t('adding a role to a user seen through another of the caller\'s roles keeps that user\'s other roles', async () => {
  const before = await accountOf(CAST.alphaAnalyst);
  const analyst = await listed(alphaAdmin, CAST.alphaAnalyst);
  const added: RoleDTO[] = [...analyst.roles!, { authorityName: 'ROLE_PROJECT_ADMIN', projectId: ids.alpha, projectName: 'alpha' }];
  const res = await alphaAdmin('PUT', `/api/users/${CAST.alphaAnalyst}/roles`, { json: added });
  assert.is(res.status, 204, res.text);
  assert.equal(await roleRowsOf(server, CAST.alphaAnalyst), ['ROLE_PROJECT_ADMIN:alpha', 'ROLE_PROJECT_ANALYST:alpha']);
  assert.equal(await accountOf(CAST.alphaAnalyst), before);
});

t.run();
