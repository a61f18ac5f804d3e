// Limits on the requests that mail a key (account/mail-limits.ts, docs/users.md): reset_password/init and
// reset-activation/init are counted per client address (every request, also for unknown addresses and logins) and
// per account (every mail), in table request_limit, so the limits hold across server processes. A limited request
// is a 429 error.tooManyRequests with Retry-After and sends no mail. A project admin asking for a user outside its
// scope gets the same answer as for an unknown login. The client addresses come from X-Forwarded-For: the test
// servers trust 127.0.0.1 as a proxy (TRUSTED_PROXIES).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_MAIL_LIMITS } from '../../src/server/settings/mail-limits';
import { ConfigError, loadConfig } from '../../src/server/config';
import { openPostgres } from '../../src/server/db/postgres';
import { purgeRequestLimits } from '../../src/server/http/request-limit';
import { LoggerRegistry } from '../../src/server/log';
import { startServer, type RunningServer } from '../../src/server/start';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates, TEST_DATABASE_URL } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { linkKey, mailsTo, startSmtpServer, type TestSmtpServer } from '../setup/smtp-server';

const RESET = '/api/account/reset_password/init';
const ACTIVATION = '/api/account/reset-activation/init';

let smtp: TestSmtpServer;
let server: TestServer;
const as: Record<string, AsUser> = {};

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A plain-text POST to `base` as the client at `from` (named by X-Forwarded-For, believed from 127.0.0.1). */
async function post(base: string, path: string, text: string, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(base + path, {
    method: 'POST',
    body: text,
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': from, ...headers },
  });
  const raw = await res.text();
  return { status: res.status, headers: res.headers, body: raw && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(raw) : undefined };
}

const reset = (email: string, from: string, base = server.url) => post(base, RESET, email, from);
const activation = (caller: string, login: string, from: string) =>
  as[caller]('POST', ACTIVATION, { body: login, headers: { 'content-type': 'text/plain', 'x-forwarded-for': from } });
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);
const forget = (db = server.app.db) => db.query('DELETE FROM request_limit');
const resetKeyHash = async (login: string) =>
  (await server.app.db.query<{ reset_key_hash: string | null }>('SELECT reset_key_hash FROM radar_user WHERE login = $1', [login]))[0].reset_key_hash;

function assertLimited(answer: Answer, maxSeconds: number, minSeconds = 1): void {
  assert.is(answer.status, 429);
  assert.equal(Object.keys(answer.body).sort(), ['description', 'fieldErrors', 'message']);
  assert.is(answer.body.message, 'error.tooManyRequests');
  assert.type(answer.body.description, 'string');
  assert.is(answer.body.fieldErrors, null);
  const retryAfter = answer.headers.get('retry-after');
  assert.match(retryAfter ?? '', /^\d+$/);
  assert.ok(Number(retryAfter) >= minSeconds && Number(retryAfter) <= maxSeconds, `Retry-After ${retryAfter}`);
}

const t = suite('account: limits on mailed keys');

t.before(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, TRUSTED_PROXIES: '127.0.0.1' });
  await createProjectRow(server, 'alpha', 'main');
  await createProjectRow(server, 'beta', 'other');
  await createUser(server, 'alpha-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }], { password: 'Password-1234' });
  await createUser(server, 'beta-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'beta' }], { password: 'Password-1234' });
  for (const login of ['admin', 'alpha-admin', 'beta-admin']) as[login] = await asUser(server, login);
  for (const login of ['thr-a', 'thr-b', 'thr-c', 'thr-d', 'thr-e', 'thr-f']) {
    await createUser(server, login, [{ authority: 'ROLE_PROJECT_ANALYST', project: 'alpha' }], { email: `${login}@example.org` });
  }
  await createUser(server, 'thr-beta', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'beta' }], { email: 'thr-beta@example.org', activated: false });
});
t.before.each(async () => {
  await forget();
});
t.after(async () => {
  await server?.close();
  await smtp?.close();
  await dropTemplates();
});

t('per address: every request counts, also for unknown addresses; the 11th in 15 minutes is a 429 and mails nothing', async () => {
  const probes = [];
  for (let i = 0; i < 10; i++) probes.push(await reset(`nobody-${i}@example.org`, '203.0.113.10'));
  assert.equal(statuses(probes), Array(10).fill(400), 'the 400 for an unknown address stays');
  assert.is(probes[9].body.errorCode, 'error.emailNotRegistered');
  assert.is(probes[9].headers.get('x-managementportalapp-error'), 'error.emailNotRegistered');

  const limited = await reset('thr-a@example.org', '203.0.113.10');
  assertLimited(limited, DEFAULT_MAIL_LIMITS.perAddress.windowSeconds);
  assertLimited(await reset('nobody-10@example.org', '203.0.113.10'), 900);
  assert.is(mailsTo('thr-a@example.org').length, 0, 'no mail when limited');
  assert.is(await resetKeyHash('thr-a'), null, 'and no key issued');

  const elsewhere = await reset('thr-a@example.org', '203.0.113.11');
  assert.is(elsewhere.status, 204, 'another address has its own count');
  assert.is(mailsTo('thr-a@example.org').length, 1);
});

t('per address: IPv6 clients are counted by their /64 network', async () => {
  for (let i = 0; i < 10; i++) assert.is((await reset('nobody@example.org', `2001:db8:1:2::${i + 1}`)).status, 400);
  assertLimited(await reset('nobody@example.org', '2001:db8:1:2:ffff::99'), 900);
  assert.is((await reset('nobody@example.org', '2001:db8:1:3::1')).status, 400, 'the next /64 is another client');
});

t('per account: at most 3 reset mails an hour, whichever address asks and however the address is spelled', async () => {
  const asked = [];
  for (const [i, spelling] of ['thr-b@example.org', 'Thr-B@Example.ORG', '  thr-b@example.org \n'].entries()) {
    asked.push(await reset(spelling, `198.51.100.${i + 1}`));
  }
  assert.equal(statuses(asked), [204, 204, 204]);
  assert.is(mailsTo('thr-b@example.org').length, 3);
  const hashBefore = await resetKeyHash('thr-b');

  const fourth = await reset('thr-b@example.org', '198.51.100.4');
  assertLimited(fourth, DEFAULT_MAIL_LIMITS.perAccount.windowSeconds, DEFAULT_MAIL_LIMITS.perAccount.windowSeconds - 120);
  assert.is(mailsTo('thr-b@example.org').length, 3, 'no fourth mail');
  assert.is(await resetKeyHash('thr-b'), hashBefore, 'the mailed key is not replaced');
  const key = linkKey(mailsTo('thr-b@example.org')[2], '#/reset/finish')!;
  const finish = await server.request('POST', '/api/account/reset_password/finish', { json: { key, newPassword: 'Throttled-But-Fine-1' } });
  assert.is(finish.status, 204, 'the last mailed link still works');

  assert.is((await reset('thr-c@example.org', '198.51.100.4')).status, 204, 'other accounts are not affected');
  assert.is((await activation('admin', 'thr-b', '198.51.100.5')).status, 204, 'the admin\'s activation mail has its own count');
});

t('a window that has passed starts a new one; ended windows are purged', async () => {
  for (let i = 0; i < 3; i++) assert.is((await reset('thr-d@example.org', `192.0.2.${i + 1}`)).status, 204);
  assert.is((await reset('thr-d@example.org', '192.0.2.9')).status, 429);
  await server.app.db.query("UPDATE request_limit SET window_ends_at = now() - interval '1 second' WHERE limit_key LIKE 'reset:account:%'");
  assert.is((await reset('thr-d@example.org', '192.0.2.9')).status, 204);
  assert.is(mailsTo('thr-d@example.org').length, 4);

  const keys = async () => (await server.app.db.query<{ limit_key: string }>('SELECT limit_key FROM request_limit ORDER BY 1')).map((r) => r.limit_key);
  await server.app.db.query("UPDATE request_limit SET window_ends_at = now() - interval '1 second' WHERE limit_key LIKE 'reset:address:192.0.2.%'");
  await purgeRequestLimits(server.app.db);
  const left = await keys();
  assert.ok(left.length > 0 && left.every((k) => !k.startsWith('reset:address:192.0.2.')), left.join(', '));
});

t('concurrent requests for one account: exactly 3 get through and 3 mails are sent', async () => {
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => reset('thr-e@example.org', `10.9.0.${i + 1}`)));
  assert.equal(statuses(answers).sort(), [204, 204, 204, ...Array(9).fill(429)]);
  assert.is(mailsTo('thr-e@example.org').length, 3);
});

t('reset-activation/init: limited per account and per the admin\'s address', async () => {
  const from = '198.51.100.50';
  const sent = [];
  for (let i = 0; i < 3; i++) sent.push(await activation('alpha-admin', 'thr-f', from));
  assert.equal(statuses(sent), [204, 204, 204]);
  assertLimited(await activation('alpha-admin', 'thr-f', from), 3600, 3480);
  assert.is(mailsTo('thr-f@example.org').length, 3);
  // 4 requests so far from this address; unknown logins count as well.
  for (let i = 0; i < 6; i++) assert.is((await activation('alpha-admin', `ghost-${i}`, from)).status, 400);
  const limited = await activation('alpha-admin', 'thr-a', from);
  assertLimited(limited, 900);
  assert.is(mailsTo('thr-a@example.org').length, 1, 'only the mail of the first test');
  assert.is((await activation('alpha-admin', 'thr-a', '198.51.100.51')).status, 204);
});

t('reset-activation/init: a user outside a project admin\'s scope is answered exactly like an unknown login', async () => {
  const outside = await activation('alpha-admin', 'thr-beta', '198.51.100.60');
  const unknown = await activation('alpha-admin', 'no-such-login', '198.51.100.60');
  for (const answer of [outside, unknown]) {
    assert.is(answer.status, 400);
    assert.is(answer.headers.get('x-managementportalapp-error'), 'error.emailNotRegistered');
    assert.is(answer.headers.get('x-managementportalapp-params'), 'userManagement');
  }
  const { timestamp: _a, ...outsideParams } = outside.body.params;
  const { timestamp: _b, ...unknownParams } = unknown.body.params;
  assert.equal({ ...outside.body, params: outsideParams }, { ...unknown.body, params: unknownParams });
  assert.is(outside.text, unknown.text.replace(unknown.body.params.timestamp, outside.body.params.timestamp));
  assert.is(mailsTo('thr-beta@example.org').length, 0);
  // Out-of-scope requests send nothing, so they do not use up the account's mails.
  for (let i = 0; i < 3; i++) await activation('alpha-admin', 'thr-beta', '198.51.100.61');
  const own = [];
  for (let i = 0; i < 3; i++) own.push(await activation('beta-admin', 'thr-beta', '198.51.100.62'));
  assert.equal(statuses(own), [204, 204, 204]);
  assert.is(mailsTo('thr-beta@example.org').length, 3);
});

t('RESET_MAIL_LIMITS sets both limits; a malformed value stops the start, naming the variable', async () => {
  assert.equal(loadConfig({}).resetMailLimits, {
    perAccount: { max: 3, windowSeconds: 3600 },
    perAddress: { max: 10, windowSeconds: 900 },
  });
  assert.equal(loadConfig({ RESET_MAIL_LIMITS: ' 5/2h , 20/30m ' }).resetMailLimits, {
    perAccount: { max: 5, windowSeconds: 7200 },
    perAddress: { max: 20, windowSeconds: 1800 },
  });
  assert.equal(loadConfig({ RESET_MAIL_LIMITS: '1/90s,2/1m' }).resetMailLimits.perAccount, { max: 1, windowSeconds: 90 });
  for (const bad of ['3/1h', '0/1h,10/15m', '3/0h,10/15m', '3/1d,10/15m', '3,10', 'x', '3/1h,10/15m,1/1s', '-1/1h,10/15m']) {
    try {
      loadConfig({ RESET_MAIL_LIMITS: bad });
      assert.unreachable(bad);
    } catch (error) {
      assert.instance(error, ConfigError, bad);
      assert.is((error as ConfigError).variable, 'RESET_MAIL_LIMITS', bad);
    }
  }
  const strict = await startTestServer({ SMTP_URL: smtp.url, TRUSTED_PROXIES: '127.0.0.1', RESET_MAIL_LIMITS: '1/1h,2/1m' });
  try {
    await createUser(strict, 'strict', [], { email: 'strict@example.org' });
    assert.equal(statuses([await reset('strict@example.org', '192.0.2.100', strict.url), await reset('strict@example.org', '192.0.2.101', strict.url)]), [204, 429]);
    assert.is((await reset('strict@example.org', '192.0.2.100', strict.url)).status, 429);
    assertLimited(await reset('nobody@example.org', '192.0.2.100', strict.url), 60);
    assert.is(mailsTo('strict@example.org').length, 1);
  } finally {
    await strict.close();
  }
});

t.run();

// Two server processes on one PostgreSQL database, as behind a load balancer: the limits are counted together.
let a: TestServer;
let b: RunningServer;
const shared = suite('account: limits on mailed keys shared by two servers');
shared.before(async () => {
  if (!TEST_DATABASE_URL) return;
  smtp = await startSmtpServer();
  a = await startTestServer({ SMTP_URL: smtp.url, TRUSTED_PROXIES: '127.0.0.1' });
  for (const login of ['two-a', 'two-b']) await createUser(a, login, [], { email: `${login}@example.org` });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: a.dataDir, LOG_LEVEL: 'ERROR', SMTP_URL: smtp.url, TRUSTED_PROXIES: '127.0.0.1' });
  b = await startServer(config, openPostgres(a.database.url!), { logs: new LoggerRegistry('ERROR', () => {}) });
  b.app.config.publicUrl = a.app.config.publicUrl;
});
shared.before.each(async () => {
  if (TEST_DATABASE_URL) await forget(a.app.db);
});
shared.after(async () => {
  await b?.stop();
  await a?.close();
  await smtp?.close();
  await dropTemplates();
});

shared('an address and an account are limited across both servers', async () => {
  if (!TEST_DATABASE_URL) return console.log('  (skipped: TEST_DATABASE_URL is not set)');
  const servers = [a.url, b.url];
  for (let i = 0; i < 10; i++) assert.is((await reset(`nobody-${i}@example.org`, '203.0.113.77', servers[i % 2])).status, 400);
  assertLimited(await reset('two-a@example.org', '203.0.113.77', a.url), 900);
  assertLimited(await reset('two-a@example.org', '203.0.113.77', b.url), 900);
  assert.is(mailsTo('two-a@example.org').length, 0);

  const asked = [];
  for (let i = 0; i < 3; i++) asked.push(await reset('two-a@example.org', `203.0.113.${i + 1}`, servers[i % 2]));
  assert.equal(statuses(asked), [204, 204, 204]);
  assertLimited(await reset('two-a@example.org', '203.0.113.4', b.url), 3600, 3480);
  assertLimited(await reset('two-a@example.org', '203.0.113.5', a.url), 3600, 3480);
  assert.is(mailsTo('two-a@example.org').length, 3);
});

shared('concurrent requests on both servers mail one account exactly 3 times', async () => {
  if (!TEST_DATABASE_URL) return;
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => reset('two-b@example.org', `10.8.0.${i + 1}`, i % 2 ? b.url : a.url)));
  assert.equal(statuses(answers).sort(), [204, 204, 204, ...Array(9).fill(429)]);
  assert.is(mailsTo('two-b@example.org').length, 3);
});

shared.run();
