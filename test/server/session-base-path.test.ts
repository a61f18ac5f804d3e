// Under a base path and an https public URL: every cookie is scoped to the base path and Secure, and every
// redirect points at the public URL.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { bearerFor } from '../setup/auth';

const PUBLIC = 'https://portal.example/managementportal';
let server: TestServer;
const t = suite('session base path');
t.before(async () => {
  server = await startTestServer({ BASE_PATH: '/managementportal', PUBLIC_URL: PUBLIC });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('the flow starts at the public URL with a flow cookie below the base path', async () => {
  const res = await server.request('GET', '/api/redirect/login');
  assert.is(res.status, 302);
  assert.ok(res.headers.get('location')!.startsWith(`${PUBLIC}/oauth/authorize?`));
  const redirectUri = new URL(res.headers.get('location')!).searchParams.get('redirect_uri');
  assert.is(redirectUri, `${PUBLIC}/api/redirect/login`);
  const flow = res.headers.getSetCookie().find((c) => c.startsWith('MP_LOGIN_FLOW='))!;
  assert.match(flow, /Path=\/managementportal\/api\/redirect/);
  assert.match(flow, /Secure/);
});

t('session cookies are Secure and scoped to the base path', async () => {
  const token = await bearerFor(server, 'admin');
  const res = await server.request('POST', '/api/login', { headers: { authorization: `Bearer ${token}` } });
  assert.is(res.status, 200);
  const cookies = res.headers.getSetCookie();
  for (const name of ['SESSION', 'XSRF-TOKEN']) {
    const cookie = cookies.find((c) => c.startsWith(`${name}=`))!;
    assert.match(cookie, /Path=\/managementportal(;|$)/);
    assert.match(cookie, /Secure/);
  }
});

t('the sign-in page links stay relative and its form accepts the public redirect URI', async () => {
  const start = await server.request('GET', '/api/redirect/login');
  const target = new URL(start.headers.get('location')!);
  const page = await server.request('GET', `/oauth/authorize${target.search}`);
  assert.is(page.status, 200);
  assert.match(page.text, /href="\.\.\/#\/register"/);
  assert.match(page.headers.get('set-cookie')!, /MP_SIGNIN_CSRF=.*Path=\/managementportal\/oauth/);
  assert.is((await server.request('GET', '/api/redirect/account')).headers.get('location'), `${PUBLIC}/#/settings`);
});

t.run();
