// Password change and the password-reset flow, with the reset mail delivered over a real SMTP conversation and its
// link followed; keys are single-use and expire.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyPassword } from '../../src/server/auth/password-hash';
import { createSession } from '../../src/server/session/session-store';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { lastMailTo, linkKey, mailsTo, startSmtpServer, type TestSmtpServer } from '../setup/smtp-server';
import { CAST, createCast, PASSWORD, revisionsOf } from './users-fixtures';

let server: TestServer;
let smtp: TestSmtpServer;
const as: Record<string, AsUser> = {};
const t = suite('account: passwords');

t.before(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await createCast(server);
  for (const login of Object.values(CAST)) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await smtp?.close();
  await dropTemplates();
});

const text = (body: string) => ({ body, headers: { 'content-type': 'text/plain' } });
const hashOf = async (login: string) =>
  (await server.app.db.query<{ password_hash: string }>('SELECT password_hash FROM radar_user WHERE login = $1', [login]))[0].password_hash;
const addSession = (idHash: string, login: string) =>
  server.app.db.query(
    "INSERT INTO http_session (id_hash, user_id, xsrf_token, expires_at) SELECT $1, id, 'x', now() + interval '1 hour' FROM radar_user WHERE login = $2",
    [idHash, login],
  );
const sessionIds = async () => (await server.app.db.query<{ id_hash: string }>('SELECT id_hash FROM http_session ORDER BY 1')).map((r) => r.id_hash);

t('change_password: rules first (weak / long), then scrypt, and the user\'s sessions end', async () => {
  const weak = await as[CAST.mainAdmin]('POST', '/api/account/change_password', text('password'));
  assert.equal([weak.status, weak.body.errorCode, weak.body.entityName], [400, 'error.weakPassword', 'userManagement']);
  assert.is((await as[CAST.mainAdmin]('POST', '/api/account/change_password', text('Ab1'))).body.errorCode, 'error.weakPassword');
  const long = await as[CAST.mainAdmin]('POST', '/api/account/change_password', text(`Aa1-${'x'.repeat(100)}`));
  assert.equal([long.status, long.body.errorCode], [400, 'error.longPassword']);
  assert.ok(await verifyPassword(PASSWORD, await hashOf(CAST.mainAdmin)), 'unchanged after refusals');

  await addSession('s-main-1', CAST.mainAdmin);
  await addSession('s-main-2', CAST.mainAdmin);
  await addSession('s-other', CAST.otherAdmin);
  const res = await as[CAST.mainAdmin]('POST', '/api/account/change_password', text('Zebra-Zz9-Secret'));
  assert.is(res.status, 204);
  const hash = await hashOf(CAST.mainAdmin);
  assert.match(hash, /^scrypt\$/);
  assert.ok(await verifyPassword('Zebra-Zz9-Secret', hash));
  assert.equal(await sessionIds(), ['s-other']);
  assert.is((await revisionsOf(server, CAST.mainAdmin)).at(-1)!.change_type, 'MOD');
  // The token the change was made with predates it, so it is refused from now on (docs/oauth.md, Revocation).
  assert.is((await as[CAST.mainAdmin]('GET', '/api/account')).status, 401);
  as[CAST.mainAdmin] = await asUser(server, CAST.mainAdmin);
  // A JSON-encoded string body is accepted too (as the original client sometimes sends it).
  const json = await as[CAST.mainAdmin]('POST', '/api/account/change_password', { json: 'Json-Encoded-77' });
  assert.is(json.status, 204);
  assert.ok(await verifyPassword('Json-Encoded-77', await hashOf(CAST.mainAdmin)));
});

t('change_password from a browser session keeps that session and ends the user\'s others', async () => {
  const [{ id }] = await server.app.db.query<{ id: number }>('SELECT id FROM radar_user WHERE login = $1', [CAST.otherAdmin]);
  const mine = await createSession(server.app.db, { userId: id, rememberMe: false });
  const elsewhere = await createSession(server.app.db, { userId: id, rememberMe: true });
  const res = await server.request('POST', '/api/account/change_password', {
    body: 'Session-Pass-77',
    headers: { 'content-type': 'text/plain', cookie: `SESSION=${mine.cookieValue}; XSRF-TOKEN=${mine.xsrfToken}`, 'x-xsrf-token': mine.xsrfToken },
  });
  assert.is(res.status, 204);
  const left = await sessionIds();
  assert.ok(left.includes(mine.idHash));
  assert.not.ok(left.includes(elsewhere.idHash));
  assert.not.ok(left.includes('s-other'));
  assert.ok(await verifyPassword('Session-Pass-77', await hashOf(CAST.otherAdmin)));
});

t('change_password is open to every signed-in user, not to nobody', async () => {
  for (const login of [CAST.sysAdmin, CAST.alphaAdmin, CAST.alphaOwner, CAST.alphaAnalyst, CAST.participant, CAST.roleless]) {
    assert.is((await as[login]('POST', '/api/account/change_password', text('Analyst-Pass-9'))).status, 204, login);
  }
  assert.is((await server.request('POST', '/api/account/change_password', text('Nobody-Pass-9'))).status, 401);
});

t('reset_password/init: 400 for an unknown or inactive address, else a mail with a single-use link', async () => {
  const unknown = await server.request('POST', '/api/account/reset_password/init', text('nobody@example.org'));
  assert.equal([unknown.status, unknown.body.errorCode, unknown.body.entityName], [400, 'error.emailNotRegistered', 'userManagement']);
  assert.is(unknown.headers.get('x-managementportalapp-error'), 'error.emailNotRegistered');
  await server.app.db.query('UPDATE radar_user SET activated = false WHERE login = $1', [CAST.roleless]);
  assert.is((await server.request('POST', '/api/account/reset_password/init', text('roleless@example.org'))).status, 400);
  assert.is(mailsTo('roleless@example.org').length, 0);

  const res = await server.request('POST', '/api/account/reset_password/init', text('  Beta-Admin@Example.org \n'));
  assert.is(res.status, 204);
  const mail = lastMailTo('beta-admin@example.org')!;
  assert.is(mail.subject, 'ManagementPortal password reset');
  const key = linkKey(mail, '#/reset/finish')!;
  assert.match(mail.text, `${server.url}/#/reset/finish?key=${key}`);
  const [{ reset_key_hash }] = await server.app.db.query<{ reset_key_hash: string }>(
    'SELECT reset_key_hash FROM radar_user WHERE login = $1',
    [CAST.betaAdmin],
  );
  assert.not.ok(reset_key_hash.includes(key), 'only a hash of the key is stored');

  const finish = (json: unknown) => server.request('POST', '/api/account/reset_password/finish', { json });
  const weak = await finish({ key, newPassword: 'short' });
  assert.equal([weak.status, weak.body.errorCode], [400, 'error.weakPassword']);
  const common = await finish({ key, newPassword: 'P@ssw0rd2024!' });
  assert.equal([common.status, common.body.errorCode], [400, 'error.commonPassword'], 'a reset refuses a common password too; the key stays usable');
  const wrong = await finish({ key: `${key}x`, newPassword: 'Brand-New-Pass-1' });
  assert.equal([wrong.status, wrong.body.errorCode, wrong.body.entityName], [400, 'error.invalidKey', 'userManagement']);
  assert.equal([(await finish({ newPassword: 'Brand-New-Pass-1' })).status, (await finish('x')).status], [400, 400]);

  await addSession('s-beta', CAST.betaAdmin);
  assert.is((await finish({ key, newPassword: 'Brand-New-Pass-1' })).status, 204);
  assert.ok(await verifyPassword('Brand-New-Pass-1', await hashOf(CAST.betaAdmin)));
  assert.not.ok((await sessionIds()).includes('s-beta'), 'a reset ends every session of the user');
  const again = await finish({ key, newPassword: 'Another-Pass-22' });
  assert.equal([again.status, again.body.errorCode], [400, 'error.invalidKey']);
  assert.ok(await verifyPassword('Brand-New-Pass-1', await hashOf(CAST.betaAdmin)));
});

t('reset keys expire after 24 hours; a newer request replaces an older key', async () => {
  const request = async () => {
    assert.is((await server.request('POST', '/api/account/reset_password/init', text('alpha-admin@example.org'))).status, 204);
    return linkKey(lastMailTo('alpha-admin@example.org')!, '#/reset/finish')!;
  };
  const first = await request();
  const second = await request();
  assert.is.not(first, second);
  const finish = (key: string) =>
    server.request('POST', '/api/account/reset_password/finish', { json: { key, newPassword: 'Expired-Pass-1' } });
  assert.is((await finish(first)).status, 400);
  await server.app.db.query("UPDATE radar_user SET reset_date = now() - interval '25 hours' WHERE login = $1", [CAST.alphaAdmin]);
  assert.is((await finish(second)).body.errorCode, 'error.invalidKey');
  await server.app.db.query("UPDATE radar_user SET reset_date = now() - interval '23 hours' WHERE login = $1", [CAST.alphaAdmin]);
  assert.is((await finish(second)).status, 204);
});

// Issue #34, item 13 (ASVS 2.1.7): passwords that pass the composition rules but are common or breached are refused.
t('change_password refuses common and breached passwords, also dressed up, and repeats; nothing changes', async () => {
  const owner = await asUser(server, CAST.alphaOwner);
  const hash = async () => (await server.app.db.query<{ password_hash: string }>('SELECT password_hash FROM radar_user WHERE login = $1', [CAST.alphaOwner]))[0].password_hash;
  const before = await hash();
  for (const password of ['Password1!', 'aaaaaaa1!', 'P@ssw0rd!', 'Summer2024!', 'Qwerty123!', 'Dragon2000#', 'LETMEIN99!!', '11111111a!']) {
    const res = await owner('POST', '/api/account/change_password', text(password));
    assert.equal([res.status, res.body?.errorCode], [400, 'error.commonPassword'], `${password}: ${res.status} ${res.text}`);
  }
  assert.is(await hash(), before);
  // Passwords merely holding a common word, or made of unrelated parts, pass (each change ends the token: a new one).
  for (const password of ['correct horse battery staple 7!', 'Zebra-Lamp-91!', 'x7#Kp2!mQz']) {
    const res = await (await asUser(server, CAST.alphaOwner))('POST', '/api/account/change_password', text(password));
    assert.is(res.status, 204, `${password}: ${res.text}`);
  }
});

t.run();
