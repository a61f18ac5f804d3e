// A refresh grant never gives more than the client has now: scopes the client has lost since the refresh token was
// issued are dropped from the new tokens (and asking for one by name is invalid_scope).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
const APP: [string, string] = ['narrowed', 'app-secret'];
const t = suite('refresh grant and the client\'s current scopes');
t.before(async () => {
  server = await startTestServer();
  await createUser(server, 'nina', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Nina-Password-1' });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('scopes the client lost are not carried into refreshed tokens', async () => {
  await addClient(server, { clientId: 'narrowed', scopes: ['PROJECT.READ', 'SUBJECT.READ', 'USER.READ'] });
  const first = await tokenRequest(server, { grant_type: 'password', username: 'nina', password: 'Nina-Password-1' }, APP);
  assert.is(first.status, 200, first.text);
  assert.equal(first.body.scope.split(' ').sort(), ['PROJECT.READ', 'SUBJECT.READ', 'USER.READ']);
  await addClient(server, { clientId: 'narrowed', scopes: ['PROJECT.READ'] });
  const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token }, APP);
  assert.is(refreshed.status, 200, refreshed.text);
  assert.is(refreshed.body.scope, 'PROJECT.READ');
  assert.is((await server.request('GET', '/api/users', { headers: { authorization: `Bearer ${refreshed.body.access_token}` } })).status, 403);
  const again = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token }, APP);
  assert.is(again.body.scope, 'PROJECT.READ', 'and the refresh token of the narrowed grant carries the narrowed scopes');
  const asked = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: again.body.refresh_token, scope: 'USER.READ' }, APP);
  assert.is(asked.status, 400);
  assert.is(asked.body.error, 'invalid_scope');
});

t.run();
