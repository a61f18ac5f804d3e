// Enabling a second factor ends what the password alone gave before: the user's refresh tokens, access tokens and
// other sessions (as a password change does: auth/credentials.ts, account/end-sessions.ts). So an old refresh token
// plus POST api/login gives no full session without a code. The session the factor was enabled from lives on, and
// a sign-in with the code afterwards works. The same holds when REQUIRE_2FA makes the user enrol at sign-in.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { base32Decode, generateTotp } from '../../src/server/auth/totp';
import { createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { browse, CookieJar, hiddenFields, openSignInPage, signIn, submitSignIn } from '../setup/session';
import { addClient, tokenRequest } from './oauth-fixtures';

let server: TestServer;
const APP: [string, string] = ['app', 'app-secret'];
const t = suite('enabling two-factor sign-in ends earlier grants');
t.before(async () => {
  server = await startTestServer();
  await addClient(server, { clientId: 'app' });
});
t.before.each(async () => {
  server.app.config.requireTwoFactor = 'none';
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const codeOf = (secret: string) => generateTotp(base32Decode(secret)!, Date.now());
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function passwordGrant(login: string, password: string) {
  const res = await tokenRequest(server, { grant_type: 'password', username: login, password }, APP);
  assert.is(res.status, 200, res.text);
  return res.body as { access_token: string; refresh_token: string };
}

t('enabling a factor through the account API: old refresh tokens, access tokens and other sessions end', async () => {
  await createUser(server, 'tess', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Tess-Password-1' });
  const old = await passwordGrant('tess', 'Tess-Password-1');
  const other = await signIn(server, 'tess', 'Tess-Password-1');
  const enabling = await signIn(server, 'tess', 'Tess-Password-1');
  assert.is((await other.request('GET', '/api/account')).status, 200);
  const { secret } = (await enabling.request('POST', '/api/account/two-factor/enrol')).body as { secret: string };
  const confirmed = await enabling.request('POST', '/api/account/two-factor/confirm', { json: { code: codeOf(secret) } });
  assert.is(confirmed.status, 200, confirmed.text);

  const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: old.refresh_token }, APP);
  assert.is(refreshed.status, 400, `the old refresh token: ${refreshed.status}`);
  assert.is(refreshed.body.error, 'invalid_grant');
  assert.is((await server.request('GET', '/api/account', bearer(old.access_token))).status, 401, 'the old access token');
  assert.is((await server.request('POST', '/api/login', bearer(old.access_token))).status, 401, 'no session from the old token');
  assert.is((await other.request('GET', '/api/account')).status, 401, 'the other session');
  assert.is((await enabling.request('GET', '/api/account')).status, 200, 'the session that enabled the factor lives on');
});

t('enrolling at sign-in because REQUIRE_2FA asks for it ends the earlier grants too', async () => {
  await createUser(server, 'uma', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Uma-Password-1' });
  const old = await passwordGrant('uma', 'Uma-Password-1');
  server.app.config.requireTwoFactor = 'admins';
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  const first = await submitSignIn(jar, visit, 'uma', 'Uma-Password-1');
  assert.is(first.status, 200);
  const secret = /name="secret"[^>]*value="([A-Z2-7]+)"|([A-Z2-7]{32})/.exec(first.text);
  assert.ok(secret, 'the enrolment form shows the secret');
  const code = codeOf(secret[1] ?? secret[2]);
  const second = await browse(jar, new URL('authorize', visit.authorizeUrl).toString(), {
    method: 'POST', form: { ...hiddenFields(first.text), 'two-factor-code': code },
  });
  assert.is(second.status, 200, 'the recovery codes are shown');
  const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: old.refresh_token }, APP);
  assert.is(refreshed.body.error, 'invalid_grant', `old refresh token: ${refreshed.status}`);
  assert.is((await server.request('GET', '/api/account', bearer(old.access_token))).status, 401);
});

t.run();
