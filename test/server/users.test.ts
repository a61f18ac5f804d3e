// GET api/users, api/users/{login}, api/users/{login}/roles and api/authorities: who sees which users and roles.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LISTED_AUTHORITIES } from '../../src/common/authorities';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { CAST, createCast, logins } from './users-fixtures';

let server: TestServer;
const as: Record<string, AsUser> = {};
const t = suite('users: reading');

t.before(async () => {
  server = await startTestServer();
  await createCast(server);
  for (const login of Object.values(CAST)) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const list = async (login: string, query = '') => as[login]('GET', `/api/users?sort=login${query}`);

t('a system admin lists every user except pure participants, roleless ones included', async () => {
  const res = await list(CAST.sysAdmin);
  assert.is(res.status, 200);
  const expected = [CAST.sysAdmin, CAST.alphaAdmin, CAST.alphaAnalyst, CAST.alphaOwner, CAST.betaAdmin, CAST.mainAdmin, CAST.mixed, CAST.otherAdmin, CAST.roleless].sort();
  assert.equal(logins(res.body), expected);
  assert.is(res.headers.get('x-total-count'), String(expected.length));
  const admin = res.body.find((u: { login: string }) => u.login === 'admin');
  assert.equal(Object.keys(admin), [
    'id', 'login', 'firstName', 'lastName', 'email', 'activated', 'langKey', 'createdBy', 'createdDate',
    'lastModifiedBy', 'lastModifiedDate', 'roles', 'authorities', 'identity',
  ]);
  assert.equal(admin.roles, [{ id: admin.roles[0].id, authorityName: 'ROLE_SYS_ADMIN' }]);
  assert.equal(admin.authorities, ['ROLE_SYS_ADMIN']);
  assert.match(admin.createdDate, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  assert.not.match(res.text, /password|resetKey|reset_key|activationKey/i);
});

t('an organization admin sees only users with roles in its organization, and only those roles', async () => {
  const res = await list(CAST.mainAdmin);
  assert.is(res.status, 200);
  assert.equal(logins(res.body), [CAST.alphaAdmin, CAST.alphaAnalyst, CAST.alphaOwner, CAST.mainAdmin, CAST.mixed]);
  const mixed = res.body.find((u: { login: string }) => u.login === CAST.mixed);
  assert.equal(mixed.roles.map((r: { projectName: string }) => r.projectName), ['alpha']);
  assert.equal(mixed.roles[0].projectId, mixed.roles[0].projectId);
  assert.ok(typeof mixed.roles[0].projectId === 'number');
  const other = await list(CAST.otherAdmin);
  assert.equal(logins(other.body), [CAST.betaAdmin, CAST.mixed, CAST.otherAdmin]);
});

t('a project admin sees its project only; the organization admin above it stays hidden', async () => {
  const res = await list(CAST.alphaAdmin);
  assert.equal(logins(res.body), [CAST.alphaAdmin, CAST.alphaAnalyst, CAST.alphaOwner, CAST.mixed]);
  const beta = await list(CAST.betaAdmin);
  assert.equal(logins(beta.body), [CAST.betaAdmin, CAST.mixed]);
});

t('analysts, owners and participants may not list users; nobody signed in gets 401', async () => {
  for (const login of [CAST.alphaAnalyst, CAST.alphaOwner, CAST.participant]) {
    const res = await list(login);
    assert.is(res.status, 403, login);
    assert.is(res.body.message, 'error.accessDenied');
  }
  assert.is((await server.request('GET', '/api/users')).status, 401);
});

t('filters: login, email, authority, projectName (+ upper levels), organization', async () => {
  const sys = (q: string) => list(CAST.sysAdmin, q).then((r) => logins(r.body));
  assert.equal(await sys('&login=ALPHA'), [CAST.alphaAdmin, CAST.alphaAnalyst, CAST.alphaOwner]);
  assert.equal(await sys('&email=beta-admin@EXAMPLE'), [CAST.betaAdmin]);
  assert.equal(await sys('&login=%25'), []); // wildcards in a filter are plain characters
  assert.equal(await sys('&authority=org'), [CAST.mainAdmin, CAST.otherAdmin]);
  assert.equal(await sys('&authority=admin&login=a'), [CAST.sysAdmin, CAST.alphaAdmin, CAST.betaAdmin, CAST.mainAdmin, CAST.otherAdmin].sort());
  assert.equal(await sys('&projectName=alph'), [CAST.alphaAdmin, CAST.alphaAnalyst, CAST.alphaOwner, CAST.mixed]);
  assert.equal(await sys('&projectName=alpha&authority=analyst'), [CAST.alphaAnalyst]);
  assert.equal(await sys('&projectName=alpha&includeUpperLevels=true'), [CAST.sysAdmin, CAST.alphaAdmin, CAST.alphaAnalyst, CAST.alphaOwner, CAST.mainAdmin, CAST.mixed].sort());
  assert.equal(await sys('&organization=oth'), [CAST.otherAdmin]);
  assert.equal(await sys('&organization=other&includeUpperLevels=true'), [CAST.sysAdmin, CAST.otherAdmin]);
  // A scoped admin's filters look at the roles it may see only.
  const main = (q: string) => list(CAST.mainAdmin, q).then((r) => logins(r.body));
  assert.equal(await main('&authority=sys'), []);
  assert.equal(await main('&projectName=beta'), []);
  assert.equal(await main('&organization=other&includeUpperLevels=true'), []);
});

t('includeProvenance=false leaves the created and modified fields null', async () => {
  const res = await list(CAST.sysAdmin, '&includeProvenance=false&login=admin');
  for (const user of res.body) {
    assert.equal([user.createdBy, user.createdDate, user.lastModifiedBy, user.lastModifiedDate], [null, null, null, null]);
  }
  assert.is((await list(CAST.sysAdmin, '&includeProvenance=maybe')).status, 400);
});

t('paging: Link and X-Total-Count in the exact format, size capped at 2000, sort validated', async () => {
  const res = await as.admin('GET', '/api/users?page=1&size=2&sort=login,desc');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-total-count'), '9');
  assert.is(
    res.headers.get('link'),
    '</api/users?page=2&size=2>; rel="next",</api/users?page=0&size=2>; rel="prev",</api/users?page=4&size=2>; rel="last",</api/users?page=0&size=2>; rel="first"',
  );
  assert.equal(logins(res.body), [CAST.mixed, CAST.mainAdmin]); // roleless, other-admin | mixed, main-admin | ...
  const big = await as.admin('GET', '/api/users?size=5000');
  assert.is(big.headers.get('link'), '</api/users?page=0&size=2000>; rel="last",</api/users?page=0&size=2000>; rel="first"');
  const bad = await as.admin('GET', '/api/users?sort=password&page=x');
  assert.is(bad.status, 400);
  assert.is(bad.body.message, 'error.validation');
  assert.equal(bad.body.fieldErrors.map((e: { field: string }) => e.field).sort(), ['page', 'sort']);
  assert.is((await as.admin('GET', '/api/users?bogus=1')).status, 400);
  const multi = await as.admin('GET', '/api/users?sort=activated,desc&sort=email&size=3');
  assert.is(multi.body[0].login, CAST.sysAdmin); // admin@localhost sorts before *@example.org
});

t('GET api/users/{login}: scoped, 404 for an unknown login, hidden roles left out', async () => {
  const sys = await as.admin('GET', `/api/users/${CAST.mixed}`);
  assert.is(sys.status, 200);
  assert.is(sys.body.roles.length, 2);
  const main = await as[CAST.mainAdmin]('GET', `/api/users/${CAST.mixed}`);
  assert.equal(main.body.authorities, ['ROLE_PROJECT_ADMIN']);
  assert.equal(main.body.roles.map((r: { projectName: string }) => r.projectName), ['alpha']);
  assert.is((await as[CAST.mainAdmin]('GET', `/api/users/${CAST.betaAdmin}`)).status, 403);
  assert.is((await as[CAST.alphaAdmin]('GET', `/api/users/${CAST.mainAdmin}`)).status, 403);
  assert.is((await as[CAST.alphaAdmin]('GET', `/api/users/${CAST.alphaAnalyst}`)).status, 200);
  const missing = await as.admin('GET', '/api/users/nobody');
  assert.is(missing.status, 404);
  assert.equal(missing.body, { message: null, description: '404 NOT_FOUND', fieldErrors: null });
  assert.is((await server.request('GET', `/api/users/${CAST.alphaAdmin}`)).status, 401);
  // Reading alpha-admin, caller by caller.
  const expected: Record<string, number> = {
    [CAST.sysAdmin]: 200, [CAST.mainAdmin]: 200, [CAST.otherAdmin]: 403, [CAST.alphaAdmin]: 200, [CAST.betaAdmin]: 403,
    [CAST.alphaOwner]: 403, [CAST.alphaAnalyst]: 403, [CAST.participant]: 403, [CAST.mixed]: 200, [CAST.roleless]: 403,
  };
  for (const [caller, status] of Object.entries(expected)) {
    assert.is((await as[caller]('GET', `/api/users/${CAST.alphaAdmin}`)).status, status, caller);
  }
});

t('GET api/users/{login}/roles: ROLE.READ within the scope', async () => {
  const analyst = await as[CAST.alphaAnalyst]('GET', `/api/users/${CAST.mixed}/roles`);
  assert.is(analyst.status, 200);
  assert.equal(analyst.body.map((r: { projectName: string }) => r.projectName), ['alpha']);
  assert.equal(Object.keys(analyst.body[0]), ['id', 'projectId', 'projectName', 'authorityName']);
  assert.is((await as[CAST.alphaAnalyst]('GET', `/api/users/${CAST.betaAdmin}/roles`)).status, 403);
  const org = await as.admin('GET', `/api/users/${CAST.mainAdmin}/roles`);
  assert.equal(Object.keys(org.body[0]), ['id', 'organizationId', 'organizationName', 'authorityName']);
  assert.is((await as.admin('GET', '/api/users/nobody/roles')).status, 404);
  assert.is((await as[CAST.participant]('GET', `/api/users/${CAST.participant}/roles`)).status, 403);
  assert.is((await as[CAST.otherAdmin]('GET', `/api/users/${CAST.alphaAnalyst}/roles`)).status, 403);
  assert.is((await as[CAST.mainAdmin]('GET', `/api/users/${CAST.alphaAnalyst}/roles`)).status, 200);
  assert.is((await server.request('GET', `/api/users/${CAST.alphaAnalyst}/roles`)).status, 401);
});

t('GET api/authorities: the fixed list, for system admins only', async () => {
  const res = await as.admin('GET', '/api/authorities');
  assert.is(res.status, 200);
  assert.equal(res.body, LISTED_AUTHORITIES);
  for (const login of [CAST.mainAdmin, CAST.otherAdmin, CAST.alphaAdmin, CAST.alphaOwner, CAST.alphaAnalyst, CAST.participant]) {
    assert.is((await as[login]('GET', '/api/authorities')).status, 403, login);
  }
  assert.is((await server.request('GET', '/api/authorities')).status, 401);
});

t.run();
