// Client authentication at oauth/token remembers a secret it verified (oauth/verified-client-secrets.ts), so that a
// refresh does not pay the scrypt hash each time; the memo must never let through what the hash would refuse: a wrong
// secret after a right one, or the old secret after the client's secret changed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { isRememberedSecret } from '../../src/server/oauth/verified-client-secrets';
import { findClient } from '../../src/server/oauth/client-store';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
const t = suite('oauth: verified client secrets');

t.before(async () => {
  server = await startTestServer();
  await addClient(server, { clientId: 'memo', secret: 'first-secret', grantTypes: ['client_credentials'], scopes: ['PROJECT.READ'] });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const grant = (secret: string) => tokenRequest(server, { grant_type: 'client_credentials', scope: 'PROJECT.READ' }, ['memo', secret]);

t('a verified secret is remembered for its hash; a wrong one is still refused', async () => {
  const stored = (await findClient(server.app.db, 'memo'))!.secretHash!;
  assert.not.ok(isRememberedSecret(stored, 'first-secret'), 'nothing remembered before the first use');
  assert.is((await grant('first-secret')).status, 200);
  assert.ok(isRememberedSecret(stored, 'first-secret'));
  assert.is((await grant('first-secret')).status, 200);
  const wrong = await grant('first-secret-but-wrong');
  assert.is(wrong.status, 401, wrong.text);
  assert.is(wrong.body.error, 'invalid_client');
  assert.is((await grant('')).status, 401);
});

t('after the secret changed, the old one is refused and the new one works', async () => {
  assert.is((await grant('first-secret')).status, 200);
  await addClient(server, { clientId: 'memo', secret: 'second-secret', grantTypes: ['client_credentials'], scopes: ['PROJECT.READ'] });
  assert.is((await grant('first-secret')).status, 401);
  assert.is((await grant('second-secret')).status, 200);
  assert.is((await grant('second-secret')).status, 200);
});

t.run();
