// A changed or reset password revokes the user's refresh tokens: an app or script that signed in with the old
// password must sign in again. Other users' tokens are untouched.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueResetKey } from '../../src/server/account/account-keys';
import { createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
const APP: [string, string] = ['script', 'app-secret'];
const t = suite('password changes revoke refresh tokens');
t.before(async () => {
  server = await startTestServer();
  await addClient(server, { clientId: 'script' });
  await createUser(server, 'rita', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Rita-Password-1' });
  await createUser(server, 'otto', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Otto-Password-1' });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const signIn = async (username: string, password: string) => {
  const res = await tokenRequest(server, { grant_type: 'password', username, password }, APP);
  assert.is(res.status, 200, res.text);
  return res.body as { access_token: string; refresh_token: string };
};
const refresh = (token: string) => tokenRequest(server, { grant_type: 'refresh_token', refresh_token: token }, APP);

t('change_password: the user\'s refresh tokens stop working, another user\'s keep working', async () => {
  const rita = await signIn('rita', 'Rita-Password-1');
  const otto = await signIn('otto', 'Otto-Password-1');
  const changed = await server.request('POST', '/api/account/change_password', {
    body: 'Rita-Password-2',
    headers: { 'content-type': 'text/plain', authorization: `Bearer ${rita.access_token}` },
  });
  assert.is(changed.status, 204);
  const refused = await refresh(rita.refresh_token);
  assert.is(refused.status, 400);
  assert.is(refused.body.error, 'invalid_grant');
  assert.is((await refresh(otto.refresh_token)).status, 200);
  assert.is((await refresh((await signIn('rita', 'Rita-Password-2')).refresh_token)).status, 200, 'a new sign-in works');
});

t('reset_password/finish: the user\'s refresh tokens stop working', async () => {
  const otto = await signIn('otto', 'Otto-Password-1');
  const [{ id }] = await server.app.db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'otto'");
  const key = await issueResetKey(server.app.db, id);
  const res = await server.request('POST', '/api/account/reset_password/finish', { json: { key, newPassword: 'Otto-Password-2' } });
  assert.is(res.status, 204, res.text);
  assert.is((await refresh(otto.refresh_token)).body.error, 'invalid_grant');
});

t.run();
