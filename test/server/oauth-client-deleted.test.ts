// Deleting an OAuth client ends its tokens at once: its users' access tokens, its client-credentials tokens and a
// session made from one of its tokens are refused from the deletion on, on every server process (the deletion is
// recorded in the database, oauth_client_revocation), while other clients' tokens keep working. A client created
// again under the same id gets working tokens again; the old ones stay refused.
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

t('a ManagementPortal refresh token of a client deleted since is refused, also once the id is created again', async () => {
  // A server that verifies ManagementPortal's tokens with SIGNING_KEY_FILE (docs/import-mp.md).
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const file = join(mkdtempSync(join(tmpdir(), 'mp-deleted-client-')), 'ec.pem');
  writeFileSync(file, ec.privateKey.export({ type: 'sec1', format: 'pem' }));
  const mpServer = await startTestServer({ SIGNING_KEY_FILE: file });
  try {
    await createUser(mpServer, 'pia', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Pia-Password-1' });
    await addClient(mpServer, { clientId: 'mpapp', secret: null });
    const mpRefreshToken = (iat: number) => {
      const payload = {
        aud: ['res_ManagementPortal'], sub: 'pia', user_name: 'pia', scope: ['PROJECT.READ'], iss: 'ManagementPortal', iat,
        exp: iat + 3600, jti: randomUUID(), ati: randomUUID(), client_id: 'mpapp', grant_type: 'authorization_code',
        authorities: ['ROLE_SYS_ADMIN'], roles: ['ROLE_SYS_ADMIN'], sources: [],
      };
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const input = `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64(payload)}`;
      const signature = createSign('SHA256').update(input).sign({ key: ec.privateKey, dsaEncoding: 'ieee-p1363' });
      return `${input}.${signature.toString('base64url')}`;
    };
    const refresh = (token: string) => tokenRequest(mpServer, { grant_type: 'refresh_token', refresh_token: token, client_id: 'mpapp' });
    const now = Math.floor(Date.now() / 1000);
    const before = mpRefreshToken(now - 60);
    const alsoBefore = mpRefreshToken(now - 30);
    assert.is((await refresh(alsoBefore)).status, 200, 'such a token works while its client exists');
    const mpAdmin = await asUser(mpServer, 'admin');
    assert.is((await mpAdmin('DELETE', '/api/oauth-clients/mpapp')).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await addClient(mpServer, { clientId: 'mpapp', secret: null });
    const refused = await refresh(before);
    assert.is(refused.status, 400, `${refused.status}`);
    assert.is(refused.body.error, 'invalid_grant');
    assert.is((await refresh(mpRefreshToken(Math.floor(Date.now() / 1000)))).status, 200, 'one issued after the deletion works');
  } finally {
    await mpServer.close();
  }
});

t.run();
