// TRUSTED_PROXIES: the client address for throttling, audit events and logs comes from X-Forwarded-For only when the
// socket's peer is a trusted proxy (the right-most address that is not itself trusted); a spoofed header from anyone
// else is ignored. CIDR matching (IPv4, IPv6, IPv4-mapped) and the configuration's refusals.
import type { IncomingMessage } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/server/config';
import { clientAddress, normalizeAddress, parseTrustedProxies } from '../../src/server/http/client-address';
import { upsertClient } from '../../src/server/oauth/client-store';
import { createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { auditEvents, basic } from './oauth-fixtures';

const unit = suite('client address');

unit('IPv4 and IPv6 addresses and CIDR ranges match what they cover', () => {
  const proxies = parseTrustedProxies(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '2001:db8::1', '172.16.0.0/12', '0.0.0.0/32']);
  for (const inside of ['10.0.0.1', '10.255.255.255', '192.168.1.7', 'fd12:3456::1', 'FD00::', '2001:db8::1', '2001:db8:0:0::1', '172.31.255.1', '::ffff:10.1.2.3', '::ffff:192.168.1.7']) {
    assert.ok(proxies.matches(inside), inside);
  }
  for (const outside of ['11.0.0.1', '9.255.255.255', '192.168.1.8', 'fe80::1', '2001:db8::2', '172.32.0.1', '::ffff:11.0.0.1', 'not-an-ip', '', '::1', '127.0.0.1']) {
    assert.not.ok(proxies.matches(outside), outside);
  }
});

unit('prefix edges: /0 covers its family only, /32 and /128 a single address; host bits in the range are ignored', () => {
  const all4 = parseTrustedProxies(['0.0.0.0/0']);
  assert.ok(all4.matches('203.0.113.9'));
  assert.not.ok(all4.matches('2001:db8::9'));
  const all6 = parseTrustedProxies(['::/0']);
  assert.ok(all6.matches('2001:db8::9'));
  const single = parseTrustedProxies(['203.0.113.9/32', '2001:db8::9/128']);
  assert.ok(single.matches('203.0.113.9') && single.matches('2001:db8::9'));
  assert.not.ok(single.matches('203.0.113.10') || single.matches('2001:db8::a'));
  assert.ok(parseTrustedProxies(['10.1.2.3/8']).matches('10.200.0.1'));
  assert.ok(parseTrustedProxies(['2001:db8:ffff::/32']).matches('2001:db8::1'));
  assert.not.ok(parseTrustedProxies(['2001:db8::/33']).matches('2001:db8:8000::1'));
});

unit('entries that are neither addresses nor ranges are refused', () => {
  for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/1', 'example.org', '10.0.0', '[::1]', '10.0.0.1:80', '10.0.0.0/-1', 'fe80::/x']) {
    assert.throws(() => parseTrustedProxies([bad]), (e: Error) => e.message.includes(`"${bad}"`), bad);
  }
});

unit('forwarded hops are read as bare addresses', () => {
  assert.is(normalizeAddress(' 203.0.113.9 '), '203.0.113.9');
  assert.is(normalizeAddress('203.0.113.9:4711'), '203.0.113.9');
  assert.is(normalizeAddress('[2001:DB8::1]:443'), '2001:db8::1');
  assert.is(normalizeAddress('[2001:db8::1]'), '2001:db8::1');
  assert.is(normalizeAddress('::ffff:192.0.2.1'), '192.0.2.1');
  assert.is(normalizeAddress('unknown'), undefined);
  assert.is(normalizeAddress(''), undefined);
});

const request = (peer: string, forwarded?: string | string[]) =>
  ({ socket: { remoteAddress: peer }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;

unit('X-Forwarded-For counts only behind a trusted proxy, read from the right', () => {
  const trusted = ['10.0.0.0/8', 'fd00::/8'];
  // No trusted proxies configured, or an untrusted peer: the socket address, whatever the header says.
  assert.is(clientAddress(request('203.0.113.5', '198.51.100.1'), []), '203.0.113.5');
  assert.is(clientAddress(request('203.0.113.5', '198.51.100.1'), trusted), '203.0.113.5');
  assert.is(clientAddress(request('::ffff:203.0.113.5'), []), '203.0.113.5');
  // A trusted peer: the right-most address that is not itself a trusted proxy.
  assert.is(clientAddress(request('10.0.0.2', '198.51.100.1'), trusted), '198.51.100.1');
  assert.is(clientAddress(request('10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.9'), trusted), '198.51.100.1');
  assert.is(clientAddress(request('::ffff:10.0.0.2', '2001:db8::7, fd00::3'), trusted), '2001:db8::7');
  assert.is(clientAddress(request('10.0.0.2', ['6.6.6.6, 198.51.100.1', '10.0.0.9']), trusted), '198.51.100.1');
  // Every hop trusted: the left-most one. No header: the proxy itself.
  assert.is(clientAddress(request('10.0.0.2', '10.0.0.8, 10.0.0.9'), trusted), '10.0.0.8');
  assert.is(clientAddress(request('10.0.0.2'), trusted), '10.0.0.2');
  // Garbage in the chain: the last address a trusted proxy vouched for, never the garbage.
  assert.is(clientAddress(request('10.0.0.2', 'spoof, 10.0.0.9'), trusted), '10.0.0.9');
  assert.is(clientAddress(request('10.0.0.2', 'unknown'), trusted), '10.0.0.2');
  assert.is(clientAddress(request('10.0.0.2', ''), trusted), '10.0.0.2');
});

unit('TRUSTED_PROXIES: default empty, a list of entries, a bad entry is a ConfigError naming it', () => {
  assert.equal(loadConfig({}).trustedProxies, []);
  assert.equal(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,' }).trustedProxies, ['10.0.0.0/8', '::1']);
  try {
    loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, proxy.internal' });
    assert.unreachable('accepted');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).variable, 'TRUSTED_PROXIES');
    assert.match((error as Error).message, 'Invalid configuration: TRUSTED_PROXIES holds "proxy.internal"');
  }
});

unit.run();

// Over HTTP: the test client connects from 127.0.0.1, which the server trusts as its proxy.
let server: TestServer;
const APP: [string, string] = ['app', 'app-secret'];
const http = suite('trusted proxies over HTTP');
http.before(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8', LOG_LEVEL: 'INFO' });
  await createUser(server, 'alice', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Alice-Password-1' });
  await upsertClient(server.app.db, {
    clientId: 'app', secret: 'app-secret', scopes: ['SUBJECT.READ'], resourceIds: ['res_ManagementPortal'], grantTypes: ['password'],
    redirectUris: [], authorities: [], autoApproveScopes: [], accessTokenValidity: 60, refreshTokenValidity: 60, additionalInformation: {},
  });
});
http.before.each(async () => {
  server.app.config.trustedProxies = ['127.0.0.1', '10.0.0.0/8'];
  await server.app.db.query('DELETE FROM login_attempt');
  await server.app.db.query('DELETE FROM audit_event');
});
http.after(async () => {
  await server?.close();
  await dropTemplates();
});

function passwordGrant(username: string, password: string, forwardedFor?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(...APP) };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  return server.request('POST', '/oauth/token', { body: new URLSearchParams({ grant_type: 'password', username, password }).toString(), headers });
}

const addressKeys = async () =>
  (await server.app.db.query<{ attempt_key: string }>("SELECT attempt_key FROM login_attempt WHERE attempt_key LIKE 'address:%' ORDER BY 1")).map((r) => r.attempt_key);

http('behind a trusted proxy the forwarded address is throttled, audited and logged', async () => {
  assert.is((await passwordGrant('alice', 'wrong', '198.51.100.1, 10.0.0.5')).status, 400);
  assert.equal(await addressKeys(), ['address:198.51.100.1']);
  const [failure] = await auditEvents(server, 'AUTHENTICATION_FAILURE');
  assert.is(failure.data.remoteAddress, '198.51.100.1');
  assert.ok(server.logLines.some((l) => l.includes('http: 198.51.100.1 POST /oauth/token 400')));
  assert.is((await passwordGrant('alice', 'Alice-Password-1', '198.51.100.1')).status, 200);
  const [success] = await auditEvents(server, 'AUTHENTICATION_SUCCESS');
  assert.is(success.data.remoteAddress, '198.51.100.1');
});

http('twenty failures from one forwarded address lock that address, not the proxy nor other clients behind it', async () => {
  for (let i = 0; i < 20; i++) assert.is((await passwordGrant(`guess-${i}`, 'wrong', '198.51.100.1')).status, 400);
  assert.is((await passwordGrant('alice', 'Alice-Password-1', '198.51.100.1')).status, 429);
  assert.is((await passwordGrant('alice', 'Alice-Password-1', '198.51.100.2')).status, 200);
  assert.is((await passwordGrant('alice', 'Alice-Password-1')).status, 200);
});

http('a spoofed X-Forwarded-For from an untrusted peer is ignored: the socket address counts', async () => {
  server.app.config.trustedProxies = ['10.0.0.0/8'];
  for (let i = 0; i < 20; i++) assert.is((await passwordGrant(`guess-${i}`, 'wrong', `203.0.113.${i}`)).status, 400);
  assert.equal(await addressKeys(), ['address:127.0.0.1']);
  // Changing the header does not escape the lock.
  assert.is((await passwordGrant('alice', 'Alice-Password-1', '203.0.113.99')).status, 429);
  const failures = await auditEvents(server, 'AUTHENTICATION_FAILURE');
  assert.ok(failures.every((f) => f.data.remoteAddress === '127.0.0.1'));
});

http('without TRUSTED_PROXIES the header means nothing', async () => {
  server.app.config.trustedProxies = [];
  await passwordGrant('alice', 'wrong', '198.51.100.1');
  assert.equal(await addressKeys(), ['address:127.0.0.1']);
});

http.run();
