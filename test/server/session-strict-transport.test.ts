// Strict-Transport-Security: with an https PUBLIC_URL every answer carries it (API answers, static files, errors,
// redirects, the OAuth endpoints' own answers), so a browser that once reached the portal over https never falls
// back to plain http; with an http PUBLIC_URL none does (it would lock browsers out of an http-only portal). The
// server under test listens on plain http either way: the header follows the public address, not the socket.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STRICT_TRANSPORT_SECURITY } from '../../src/server/http/respond';
import { bearerFor } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';

const clientDir = join(tmpdir(), `mp-hsts-client-${process.pid}`);
mkdirSync(join(clientDir, 'assets'), { recursive: true });
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(join(clientDir, 'assets', 'main-ABCDEFGH.js'), 'console.log(1);');

let https: TestServer;
let http: TestServer;
const t = suite('strict transport security');
t.before(async () => {
  https = await startTestServer({ PUBLIC_URL: 'https://portal.example', BASE_PATH: '/managementportal' }, { clientDir });
  http = await startTestServer({ PUBLIC_URL: 'http://portal.example', BASE_PATH: '/managementportal' }, { clientDir });
});
t.after(async () => {
  await https?.close();
  await http?.close();
  rmSync(clientDir, { recursive: true, force: true });
  await dropTemplates();
});

/** One request of every kind of answer, each with the status it must have. */
async function everyKind(server: TestServer): Promise<Array<[string, Headers, number, number]>> {
  const token = await bearerFor(server, 'admin');
  const base = server.url; // http://127.0.0.1:port/managementportal
  const origin = new URL(base).origin;
  const form = { body: 'grant_type=password', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  const cases: Array<[string, string, string, RequestInit, number]> = [
    ['API answer', 'GET', `${base}/api/account`, { headers: { authorization: `Bearer ${token}` } }, 200],
    ['public API answer', 'GET', `${base}/api/profile-info`, {}, 200],
    ['token_key', 'GET', `${base}/oauth/token_key`, {}, 200],
    ['static index', 'GET', `${base}/`, {}, 200],
    ['static asset', 'GET', `${base}/assets/main-ABCDEFGH.js`, {}, 200],
    ['API 404', 'GET', `${base}/api/nothing-here`, {}, 404],
    ['404 outside the base path', 'GET', `${origin}/elsewhere`, {}, 404],
    ['401', 'GET', `${base}/api/users`, {}, 401],
    ['405', 'DELETE', `${base}/api/profile-info`, {}, 405],
    ['bare base path redirect', 'GET', base, {}, 302],
    ['sign-in redirect', 'GET', `${base}/api/redirect/login`, {}, 302],
    ['OAuth error body', 'POST', `${base}/oauth/token`, form, 401],
  ];
  const out: Array<[string, Headers, number, number]> = [];
  for (const [name, method, url, init, status] of cases) {
    const res = await fetch(url, { ...init, method, redirect: 'manual' });
    await res.arrayBuffer();
    out.push([name, res.headers, res.status, status]);
  }
  return out;
}

t('with an https public URL every answer carries Strict-Transport-Security', async () => {
  assert.is(STRICT_TRANSPORT_SECURITY, 'max-age=31536000; includeSubDomains');
  for (const [name, headers, status, expected] of await everyKind(https)) {
    assert.is(status, expected, name);
    assert.is(headers.get('strict-transport-security'), STRICT_TRANSPORT_SECURITY, name);
  }
});

t('with an http public URL no answer carries it', async () => {
  for (const [name, headers, status, expected] of await everyKind(http)) {
    assert.is(status, expected, name);
    assert.is(headers.get('strict-transport-security'), null, name);
    assert.is(headers.get('x-content-type-options'), 'nosniff', `${name}: the other security headers stay`);
  }
});

t.run();
