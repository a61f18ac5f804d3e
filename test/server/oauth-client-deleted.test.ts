// Deleting an OAuth client ends its tokens at once: its users' access tokens, its client-credentials tokens and a
// session made from one of its tokens are refused from the deletion on, on every server process (the deletion is
// recorded in the database, oauth_client_revocation), while other clients' tokens keep working. A client created
// again under the same id gets working tokens again; the old ones stay refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../src/server/config';
import { openPostgres } from '../../src/server/db/postgres';
import { LoggerRegistry } from '../../src/server/log';
import { startServer, type RunningServer } from '../../src/server/start';
import { asUser, createUser, type AsUser } from '../setup/auth';
import { dropTemplates, TEST_DATABASE_URL } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
let admin: AsUser;
const t = suite('tokens of a deleted OAuth client');
t.before(async () => {
  server = await startTestServer();
  await createUser(server, 'dora', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Dora-Password-1' });
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const passwordToken = async (clientId: string) => {
  const res = await tokenRequest(server, { grant_type: 'password', username: 'dora', password: 'Dora-Password-1' }, [clientId, 'app-secret']);
  assert.is(res.status, 200, res.text);
  return res.body as { access_token: string; refresh_token: string };
};
const clientToken = async (clientId: string) => {
  const res = await tokenRequest(server, { grant_type: 'client_credentials' }, [clientId, 'app-secret']);
  assert.is(res.status, 200, res.text);
  return res.body.access_token as string;
};
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

t('a deleted client\'s user and client-credentials tokens, and a session made from one, stop at once', async () => {
  await addClient(server, { clientId: 'doomed' });
  await addClient(server, { clientId: 'kept' });
  const user = await passwordToken('doomed');
  const machine = await clientToken('doomed');
  const other = await passwordToken('kept');
  // A session made from the doomed client's token.
  const login = await server.request('POST', '/api/login', bearer(user.access_token));
  assert.is(login.status, 200, login.text);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  for (const token of [user.access_token, machine, other.access_token]) {
    assert.is((await server.request('GET', '/api/oauth-clients', bearer(token))).status, 200); // verified, and remembered
  }
  assert.is((await server.request('GET', '/api/account', { headers: { cookie } })).status, 200);

  assert.is((await admin('DELETE', '/api/oauth-clients/doomed')).status, 200);

  assert.is((await server.request('GET', '/api/account', bearer(user.access_token))).status, 401);
  assert.is((await server.request('GET', '/api/oauth-clients', bearer(user.access_token))).status, 401);
  assert.is((await server.request('GET', '/api/oauth-clients', bearer(machine))).status, 401);
  assert.is((await server.request('GET', '/api/account', { headers: { cookie } })).status, 401);
  assert.is((await server.request('POST', '/api/login', bearer(user.access_token))).status, 401);
  assert.is((await server.request('GET', '/api/account', bearer(other.access_token))).status, 200, 'another client\'s token works');

  // The same id created again: new tokens work, the old ones stay refused.
  await new Promise((resolve) => setTimeout(resolve, 1100)); // a new second: the deletion's own second is refused
  await addClient(server, { clientId: 'doomed' });
  const again = await passwordToken('doomed');
  assert.is((await server.request('GET', '/api/account', bearer(again.access_token))).status, 200);
  assert.is((await server.request('GET', '/api/account', bearer(user.access_token))).status, 401);
});

t('on PostgreSQL: a deletion on one server process ends the tokens on another', async () => {
  if (!TEST_DATABASE_URL) return console.log('  (skipped: TEST_DATABASE_URL is not set)');
  await addClient(server, { clientId: 'shared' });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: server.dataDir, LOG_LEVEL: 'ERROR' });
  const other: RunningServer = await startServer(config, openPostgres(server.database.url!), { logs: new LoggerRegistry('ERROR', () => {}) });
  try {
    const user = await passwordToken('shared');
    const machine = await clientToken('shared');
    const onOther = (token: string) => fetch(`${other.url}/api/oauth-clients`, bearer(token));
    assert.is((await onOther(user.access_token)).status, 200);
    assert.is((await onOther(machine)).status, 200);
    assert.is((await admin('DELETE', '/api/oauth-clients/shared')).status, 200);
    assert.is((await onOther(user.access_token)).status, 401);
    assert.is((await onOther(machine)).status, 401);
  } finally {
    await other.stop();
  }
});

t.run();
