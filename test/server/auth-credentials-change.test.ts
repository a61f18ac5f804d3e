// The credentials rule (docs/oauth.md, "Revocation"): an access token issued before the user's password change,
// password reset or deactivation is refused (401) from the moment of the change, also after the user is activated
// again, while a token issued after it works. Tokens carry `iat` in whole seconds, so the rule compares seconds: a
// token of the change's own second is refused, and a token minted in that second is dated the next one (the mint
// waits for it), so signing in right after a change never yields a refused token.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueResetKey } from '../../src/server/account/account-keys';
import { bearerFor, createProjectRow, createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { browse, CookieJar, signIn } from '../setup/session';
import { insertSubjects, projectRef } from '../setup/subjects';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
const APP: [string, string] = ['script', 'app-secret'];
const t = suite('credentials changes refuse older access tokens');
t.before(async () => {
  server = await startTestServer();
  await addClient(server, { clientId: 'script' });
  await createProjectRow(server, 'radar', 'main');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const db = () => server.app.db;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const account = (token: string) => server.request('GET', '/api/account', bearer(token));
const iatOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).iat;

async function passwordGrant(username: string, password: string): Promise<string> {
  const res = await tokenRequest(server, { grant_type: 'password', username, password }, APP);
  assert.is(res.status, 200, res.text);
  return res.body.access_token;
}

async function putUser(adminToken: string, login: string, activated: boolean) {
  const user = (await server.request('GET', `/api/users/${login}`, bearer(adminToken))).body;
  const res = await server.request('PUT', '/api/users', { ...bearer(adminToken), json: { ...user, activated } });
  assert.is(res.status, 200, res.text);
}

t('change_password: every token issued before it is refused, the caller\'s own too; signing in again works at once', async () => {
  await createUser(server, 'carol', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Carol-Password-1' });
  await createUser(server, 'bystander', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Bystander-Password-1' });
  const first = await passwordGrant('carol', 'Carol-Password-1');
  const second = await passwordGrant('carol', 'Carol-Password-1');
  const other = await passwordGrant('bystander', 'Bystander-Password-1');
  assert.is((await account(first)).status, 200);
  const changed = await server.request('POST', '/api/account/change_password', {
    body: 'Carol-Password-2', headers: { 'content-type': 'text/plain', authorization: `Bearer ${second}` },
  });
  assert.is(changed.status, 204, changed.text);
  for (const token of [first, second]) {
    const res = await account(token);
    assert.is(res.status, 401);
    assert.is(res.body.message, 'Token was issued before the user\'s credentials changed');
    assert.is(res.headers.get('www-authenticate'), 'Bearer');
  }
  assert.is((await account(other)).status, 200, 'another user\'s token is untouched');
  // Straight after the change, very likely in the same second: the new token must work.
  const fresh = await passwordGrant('carol', 'Carol-Password-2');
  assert.is((await account(fresh)).status, 200, 'a sign-in right after the change is not locked out');
  assert.ok(iatOf(fresh) * 1000 <= Date.now(), 'the new token is not dated in the future');
  const [{ changed: stamp }] = await db().query<{ changed: number }>(
    "SELECT floor(extract(epoch FROM credentials_changed_at))::float8 AS changed FROM radar_user WHERE login = 'carol'");
  assert.ok(iatOf(fresh) > stamp, 'dated after the change\'s second');
  assert.ok(iatOf(first) <= stamp);
});

t('reset_password/finish: tokens issued before it are refused, a sign-in with the new password works', async () => {
  const id = await createUser(server, 'rosa', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Rosa-Password-1' });
  const before = await passwordGrant('rosa', 'Rosa-Password-1');
  const minted = await bearerFor(server, 'rosa');
  const key = await issueResetKey(db(), id);
  const res = await server.request('POST', '/api/account/reset_password/finish', { json: { key, newPassword: 'Rosa-Password-2' } });
  assert.is(res.status, 204, res.text);
  assert.is((await account(before)).status, 401);
  assert.is((await account(minted)).status, 401);
  assert.is((await account(await passwordGrant('rosa', 'Rosa-Password-2'))).status, 200);
});

t('deactivation (PUT api/users): older tokens stay refused after the user is activated again; newer ones work', async () => {
  await createUser(server, 'dora', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }], { password: 'Dora-Password-1' });
  const admin = await bearerFor(server, 'admin');
  const before = await passwordGrant('dora', 'Dora-Password-1');
  assert.is((await account(before)).status, 200);
  await putUser(admin, 'dora', false);
  assert.is((await account(before)).status, 401, 'refused while deactivated');
  await putUser(admin, 'dora', true);
  assert.is((await account(before)).status, 401, 'still refused once activated again');
  assert.is((await account(await passwordGrant('dora', 'Dora-Password-1'))).status, 200);
  // An update that leaves an activated user activated changes nothing for its tokens.
  const current = await passwordGrant('dora', 'Dora-Password-1');
  await putUser(admin, 'dora', true);
  assert.is((await account(current)).status, 200);
});

t('a participant: discontinuing, or deactivating through PUT api/subjects, refuses its older tokens for good', async () => {
  const ids = await insertSubjects(server, [{ login: 'participant-1', project: 'radar' }, { login: 'participant-2', project: 'radar' }]);
  const admin = await bearerFor(server, 'admin');
  const radar = await projectRef(server, 'radar');
  const subject = (login: string, token: string) => server.request('GET', `/api/subjects/${login}`, bearer(token));

  const own1 = await bearerFor(server, 'participant-1');
  assert.is((await subject('participant-1', own1)).status, 200);
  const discontinued = await server.request('PUT', '/api/subjects/discontinue', { ...bearer(admin), json: { id: ids.get('participant-1'), project: radar } });
  assert.is(discontinued.status, 200, discontinued.text);
  const back = await server.request('PUT', '/api/subjects', { ...bearer(admin), json: { ...discontinued.body, project: radar, status: 'ACTIVATED' } });
  assert.is(back.status, 200, back.text);
  assert.is(back.body.status, 'ACTIVATED');
  assert.is((await subject('participant-1', own1)).status, 401, 'a token from before the discontinuation');
  assert.is((await subject('participant-1', await bearerFor(server, 'participant-1'))).status, 200);

  const own2 = await bearerFor(server, 'participant-2');
  const body = (await subject('participant-2', admin)).body;
  for (const status of ['DEACTIVATED', 'ACTIVATED']) {
    const res = await server.request('PUT', '/api/subjects', { ...bearer(admin), json: { ...body, project: radar, status } });
    assert.is(res.status, 200, res.text);
  }
  assert.is((await subject('participant-2', own2)).status, 401);
  assert.is((await subject('participant-2', await bearerFor(server, 'participant-2'))).status, 200);
});

t('the second of the change: a token of that second minted before it is refused; one minted after it is dated the next second and works', async () => {
  const id = await createUser(server, 'sam', [{ authority: 'ROLE_SYS_ADMIN' }]);
  // A token and a change in the same second: start early in a second, and try again should a slow machine cross one.
  let before = '';
  let changedSecond = 0;
  for (let attempt = 0; attempt < 5 && (!before || iatOf(before) !== changedSecond); attempt++) {
    while (Date.now() % 1000 > 300) await new Promise((r) => setTimeout(r, 20));
    before = await bearerFor(server, 'sam');
    const stampMs = Date.now();
    await db().query('UPDATE radar_user SET credentials_changed_at = to_timestamp($2::float8 / 1000) WHERE id = $1', [id, stampMs]);
    changedSecond = Math.floor(stampMs / 1000);
  }
  assert.is(iatOf(before), changedSecond, 'fixture: the same second');
  assert.is((await account(before)).status, 401, 'same second, minted before the change: refused');
  const after = await bearerFor(server, 'sam');
  assert.is(iatOf(after), changedSecond + 1, 'dated the next second');
  assert.ok(Date.now() >= iatOf(after) * 1000, 'the mint waited for that second: never dated in the future');
  assert.is((await account(after)).status, 200);
});

t('browser sessions stay consistent: the changing session lives on, its api/login token is refused, others end', async () => {
  await createUser(server, 'bea', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Bea-Password-1' });
  const here = await signIn(server, 'bea', 'Bea-Password-1');
  const there = await signIn(server, 'bea', 'Bea-Password-1');
  const token = await passwordGrant('bea', 'Bea-Password-1');
  const changed = await here.request('POST', '/api/account/change_password', { body: 'Bea-Password-2', headers: { 'content-type': 'text/plain' } });
  assert.is(changed.status, 204, changed.text);
  assert.is((await here.request('GET', '/api/account')).status, 200, 'the session the password was changed from');
  assert.is((await there.request('GET', '/api/account')).status, 401, 'another session ended');
  assert.is((await account(token)).status, 401);
  const jar = new CookieJar();
  const login = await browse(jar, `${server.url}/api/login`, { method: 'POST', ...bearer(token) });
  assert.is(login.status, 401, 'an old token cannot start a session either');
  const again = await signIn(server, 'bea', 'Bea-Password-2');
  assert.is((await again.request('GET', '/api/account')).status, 200, 'a browser sign-in right after the change works');
});

t.run();
