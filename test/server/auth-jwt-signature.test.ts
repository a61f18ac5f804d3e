// A bearer token whose signature is malformed (the wrong length for its algorithm, or no signature at all) is an
// invalid token like any other: 401, never a 500 with a stack trace in the log.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bearerFor } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';

let server: TestServer;
const t = suite('jwt signature shapes');
t.before(async () => {
  server = await startTestServer();
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const withSignature = (token: string, signature: Buffer) => `${token.split('.').slice(0, 2).join('.')}.${signature.toString('base64url')}`;
const account = (token: string) => server.request('GET', '/api/account', { headers: { authorization: `Bearer ${token}` } });

t('an ES256 signature of the wrong length is 401 Unauthorized', async () => {
  const token = await bearerFor(server, 'admin');
  assert.is((await account(token)).status, 200);
  for (const length of [0, 1, 63, 65, 72, 128, 512]) {
    const res = await account(withSignature(token, Buffer.alloc(length, 7)));
    assert.is(res.status, 401, `signature of ${length} bytes: ${res.status} ${res.text}`);
  }
});

t('the token endpoint refuses a refresh token with a short signature as an invalid grant (400, not 500)', async () => {
  const token = await bearerFor(server, 'admin');
  const res = await server.request('POST', '/oauth/token', {
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: withSignature(token, Buffer.alloc(3)), client_id: 'ManagementPortalapp' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.ok(res.status === 400 || res.status === 401, `${res.status} ${res.text}`);
});

t.run();
