// Two-factor sign-in (docs/users.md, "Two-factor sign-in"): enrolment through api/account/two-factor, the second
// step of the sign-in page with a TOTP code or a recovery code, reuse refused, wrong codes counted towards the
// lockout, the password grant refused, a system admin's reset, and REQUIRE_2FA enrolling at sign-in.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { createProjectRow, createUser } from '../setup/auth';
import { browse, CookieJar, hiddenFields, openSignInPage, sessionClient, signIn, submitSignIn, type SessionClient } from '../setup/session';
import { addClient, auditEvents, tokenRequest } from './oauth-fixtures';
import { base32Decode, generateTotp } from '../../src/server/auth/totp';
import { loadConfig } from '../../src/server/config';
import { resetTwoFactorOf } from '../../src/server/two-factor/reset-main';

let server: TestServer;
const APP: [string, string] = ['app', 'app-secret'];
const PASSWORD = 'Bob-Password-1';
const t = suite('two-factor sign-in');

const codeOf = (secret: string, nowMs = Date.now()) => generateTotp(base32Decode(secret)!, nowMs);

/** Lets the next code of the current time step be accepted again (a test signs in several times within 30 s). */
async function forgetUsedSteps(login: string) {
  await server.app.db.query('UPDATE user_two_factor SET last_used_step = NULL WHERE user_id = (SELECT id FROM radar_user WHERE login = $1)', [login]);
}

/** Enrols `login` through the account API and answers the secret and the recovery codes. */
async function enrol(login: string, password: string): Promise<{ client: SessionClient; secret: string; recoveryCodes: string[] }> {
  const client = await signIn(server, login, password);
  const started = await client.request('POST', '/api/account/two-factor/enrol');
  assert.is(started.status, 200, started.text);
  const { secret } = started.body as { secret: string };
  const confirmed = await client.request('POST', '/api/account/two-factor/confirm', { json: { code: codeOf(secret) } });
  assert.is(confirmed.status, 200, confirmed.text);
  await forgetUsedSteps(login);
  return { client, secret, recoveryCodes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes };
}

/** Password step, then the code step; answers the code step's answer. */
async function signInWithCode(login: string, password: string, code: (page: string) => string, jar = new CookieJar()) {
  const visit = await openSignInPage(server.url, jar);
  const first = await submitSignIn(jar, visit, login, password);
  assert.is(first.status, 200, 'the password step answers the code form');
  const second = await browse(jar, new URL('authorize', visit.authorizeUrl).toString(), {
    method: 'POST', form: { ...hiddenFields(first.text), 'two-factor-code': code(first.text) },
  });
  return { first, second, jar };
}

async function completes(answer: { status: number; location?: string }, jar: CookieJar) {
  assert.is(answer.status, 302);
  const back = await browse(jar, answer.location!);
  assert.is(back.status, 302);
  assert.ok(jar.get('SESSION'));
  const account = await sessionClient(server.url, jar).request('GET', '/api/account');
  assert.is(account.status, 200);
}

t.before(async () => {
  server = await startTestServer();
  await addClient(server, { clientId: 'app', secret: 'app-secret' });
  await createProjectRow(server, 'alpha');
});
t.before.each(async () => {
  await server.app.db.query('DELETE FROM login_attempt');
  server.app.config.requireTwoFactor = 'none';
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('REQUIRE_2FA is none by default, takes admins and staff, and refuses anything else', () => {
  assert.is(loadConfig({}).requireTwoFactor, 'none');
  assert.is(loadConfig({ REQUIRE_2FA: 'Admins' }).requireTwoFactor, 'admins');
  assert.is(loadConfig({ REQUIRE_2FA: 'staff' }).requireTwoFactor, 'staff');
  assert.throws(() => loadConfig({ REQUIRE_2FA: 'everyone' }), /REQUIRE_2FA/);
});

t('enrolment: a secret and otpauth URI, confirmed by a code, ten recovery codes once, stored hashed', async () => {
  await createUser(server, 'bob', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }], { password: PASSWORD });
  const client = await signIn(server, 'bob', PASSWORD);
  assert.equal((await client.request('GET', '/api/account/two-factor')).body, { enabled: false, recoveryCodesLeft: 0 });
  const started = await client.request('POST', '/api/account/two-factor/enrol');
  const { secret, uri } = started.body as { secret: string; uri: string };
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.is(uri, `otpauth://totp/ManagementPortal:bob?secret=${secret}&issuer=ManagementPortal&algorithm=SHA1&digits=6&period=30`);
  const wrong = await client.request('POST', '/api/account/two-factor/confirm', { json: { code: codeOf(secret, Date.now() - 120_000) } });
  assert.is(wrong.status, 400);
  assert.is(wrong.headers.get('x-managementportalapp-error'), 'twoFactor.error.invalidCode');
  assert.is((await client.request('POST', '/api/account/two-factor/confirm', { json: {} })).status, 400);
  const confirmed = await client.request('POST', '/api/account/two-factor/confirm', { json: { code: codeOf(secret) } });
  assert.is(confirmed.status, 200);
  const codes = (confirmed.body as { recoveryCodes: string[] }).recoveryCodes;
  assert.is(codes.length, 10);
  assert.is(new Set(codes).size, 10);
  for (const code of codes) assert.match(code, /^[a-z2-7]{5}-[a-z2-7]{5}$/);
  assert.equal((await client.request('GET', '/api/account/two-factor')).body, { enabled: true, recoveryCodesLeft: 10 });
  const again = await client.request('POST', '/api/account/two-factor/enrol');
  assert.is(again.status, 409, 'the confirmed secret is never answered again');
  assert.not.match(again.text, new RegExp(secret));
  const stored = await server.app.db.query<{ code_hash: string }>('SELECT code_hash FROM two_factor_recovery_code');
  for (const row of stored) assert.not.ok(codes.some((c) => row.code_hash.includes(c.replace('-', ''))));
  assert.is((await auditEvents(server, 'TWO_FACTOR_ENABLED', 'bob')).length, 1);
  // Done with bob for now: the next tests enrol their own users.
  await server.app.db.query("DELETE FROM user_two_factor WHERE user_id = (SELECT id FROM radar_user WHERE login = 'bob')");
});

t('sign-in asks for the code after the password; a right code signs in, the same code again is refused', async () => {
  await createUser(server, 'carl', [], { password: PASSWORD });
  const { secret } = await enrol('carl', PASSWORD);
  const { first, second, jar } = await signInWithCode('carl', PASSWORD, () => codeOf(secret));
  assert.match(first.text, /<input[^>]+name="two-factor-code"[^>]+autocomplete="one-time-code"[^>]+inputmode="numeric"/);
  assert.not.match(first.text, /name="password"/);
  assert.not.match(first.text, /<script/i);
  assert.not.match(first.text, /twoFactor\./, 'every key is translated');
  await completes(second, jar);
  const reused = await signInWithCode('carl', PASSWORD, () => codeOf(secret));
  assert.is(reused.second.status, 200);
  assert.match(reused.second.text, /That code is not right, or it was used already/);
  assert.is(reused.second.location, undefined);
  // A forged or made-up pending token is not a sign-in.
  const jar2 = new CookieJar();
  const visit = await openSignInPage(server.url, jar2);
  const forged = await browse(jar2, new URL('authorize', visit.authorizeUrl).toString(), {
    method: 'POST', form: { ...hiddenFields(visit.page.text), 'two-factor': 'x'.repeat(43), 'two-factor-code': codeOf(secret) },
  });
  assert.is(forged.status, 200);
  assert.match(forged.text, /The sign-in form has expired/);
  assert.is((await auditEvents(server, 'AUTHENTICATION_SUCCESS', 'carl')).filter((e) => e.data.secondFactor === 'true').length, 1);
  assert.equal((await auditEvents(server, 'TWO_FACTOR_USED', 'carl')).map((e) => e.data.method), ['totp']);
});

t('a pending sign-in expires', async () => {
  await createUser(server, 'cora', [], { password: PASSWORD });
  const { secret } = await enrol('cora', PASSWORD);
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  const first = await submitSignIn(jar, visit, 'cora', PASSWORD);
  await server.app.db.query("UPDATE two_factor_pending SET expires_at = now() - interval '1 second'");
  const late = await browse(jar, new URL('authorize', visit.authorizeUrl).toString(), {
    method: 'POST', form: { ...hiddenFields(first.text), 'two-factor-code': codeOf(secret) },
  });
  assert.is(late.status, 200);
  assert.match(late.text, /The sign-in form has expired/);
});

t('a recovery code signs in once', async () => {
  await createUser(server, 'dina', [], { password: PASSWORD });
  const { recoveryCodes } = await enrol('dina', PASSWORD);
  const used = await signInWithCode('dina', PASSWORD, () => recoveryCodes[3].toUpperCase());
  await completes(used.second, used.jar);
  const again = await signInWithCode('dina', PASSWORD, () => recoveryCodes[3]);
  assert.is(again.second.status, 200);
  assert.match(again.second.text, /That code is not right/);
  const client = await signInWithCode('dina', PASSWORD, () => recoveryCodes[4]);
  await completes(client.second, client.jar);
  const status = await sessionClient(server.url, client.jar).request('GET', '/api/account/two-factor');
  assert.equal(status.body, { enabled: true, recoveryCodesLeft: 8 });
  assert.equal((await auditEvents(server, 'TWO_FACTOR_USED', 'dina')).map((e) => e.data.method), ['recovery', 'recovery']);
});

t('wrong codes count towards the password lockout, and entering the password again does not reset them', async () => {
  await createUser(server, 'emil', [], { password: PASSWORD });
  const { secret } = await enrol('emil', PASSWORD);
  for (let i = 0; i < 5; i++) {
    const wrong = await signInWithCode('emil', PASSWORD, () => (i % 2 ? '000000' : 'aaaaa-bbbbb'));
    assert.is(wrong.second.status, 200, `attempt ${i}`);
  }
  assert.is((await auditEvents(server, 'AUTHENTICATION_FAILURE', 'emil')).length, 5);
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  const locked = await submitSignIn(jar, visit, 'emil', PASSWORD);
  assert.is(locked.status, 429);
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
  // The lock also holds for a pending sign-in made before it.
  await server.app.db.query('DELETE FROM login_attempt');
  const { first, jar: jar2 } = await (async () => {
    const j = new CookieJar();
    const v = await openSignInPage(server.url, j);
    return { first: await submitSignIn(j, v, 'emil', PASSWORD), jar: j, visit: v };
  })();
  for (let i = 0; i < 5; i++) {
    await browse(jar2, `${server.url}/oauth/authorize`, { method: 'POST', form: { ...hiddenFields(first.text), 'two-factor-code': '111111' } });
  }
  const right = await browse(jar2, `${server.url}/oauth/authorize`, { method: 'POST', form: { ...hiddenFields(first.text), 'two-factor-code': codeOf(secret) } });
  assert.is(right.status, 429);
});

t('the password grant is refused for a user with a second factor, with a clear invalid_grant', async () => {
  await createUser(server, 'finn', [], { password: PASSWORD });
  assert.is((await tokenRequest(server, { grant_type: 'password', username: 'finn', password: PASSWORD }, APP)).status, 200);
  await enrol('finn', PASSWORD);
  const refused = await tokenRequest(server, { grant_type: 'password', username: 'finn', password: PASSWORD }, APP);
  assert.is(refused.status, 400);
  assert.is(refused.body.error, 'invalid_grant');
  assert.match(refused.body.error_description, /second factor/);
  const wrong = await tokenRequest(server, { grant_type: 'password', username: 'finn', password: 'Wrong-Password-1' }, APP);
  assert.is(wrong.body.error_description, 'Bad credentials', 'a wrong password does not reveal the second factor');
});

t('disable needs a current code; a system admin can reset another user\'s factor (audited)', async () => {
  await createUser(server, 'gina', [], { password: PASSWORD });
  const { client, secret } = await enrol('gina', PASSWORD);
  const wrong = await client.request('POST', '/api/account/two-factor/disable', { json: { code: '123456' } });
  assert.is(wrong.status, 400);
  assert.is((await client.request('POST', '/api/account/two-factor/disable', { json: { code: codeOf(secret) } })).status, 204);
  assert.equal((await client.request('GET', '/api/account/two-factor')).body, { enabled: false, recoveryCodesLeft: 0 });

  await createUser(server, 'hugo', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }], { password: PASSWORD });
  await enrol('hugo', PASSWORD);
  const byStaff = await client.request('DELETE', '/api/users/hugo/two-factor');
  assert.is(byStaff.status, 403);
  const admin = await signIn(server, 'admin', 'Admin-Password-1');
  assert.is((await admin.request('DELETE', '/api/users/nobody/two-factor')).status, 404);
  assert.is((await admin.request('DELETE', '/api/users/hugo/two-factor')).status, 204);
  const [event] = await auditEvents(server, 'TWO_FACTOR_RESET', 'admin');
  assert.is(event.data.user, 'hugo');
  assert.ok(await signIn(server, 'hugo', PASSWORD), 'the password alone works again');
  assert.is((await server.app.db.query("SELECT 1 FROM two_factor_recovery_code r JOIN radar_user u ON u.id = r.user_id WHERE u.login = 'hugo'")).length, 0);
});

t('the reset-2fa command removes a locked-out admin\'s factor and lock', async () => {
  await createUser(server, 'max', [{ authority: 'ROLE_SYS_ADMIN' }], { password: PASSWORD });
  await enrol('max', PASSWORD);
  for (let i = 0; i < 5; i++) await signInWithCode('max', PASSWORD, () => '000000');
  assert.is(await resetTwoFactorOf(server.app.db, 'nobody'), false);
  assert.is(await resetTwoFactorOf(server.app.db, 'MAX'), true);
  assert.ok(await signIn(server, 'max', PASSWORD), 'the password alone works, the lock is gone');
  const [event] = await auditEvents(server, 'TWO_FACTOR_RESET', 'system');
  assert.is(event.data.user, 'max');
});

t('REQUIRE_2FA=admins: an admin without a factor enrols on the sign-in page before the sign-in completes', async () => {
  server.app.config.requireTwoFactor = 'admins';
  await createUser(server, 'ivy', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }], { password: PASSWORD });
  await createUser(server, 'jack', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'alpha' }], { password: PASSWORD });
  assert.ok(await signIn(server, 'jack', PASSWORD), 'not an admin: the password is enough');
  const refused = await tokenRequest(server, { grant_type: 'password', username: 'ivy', password: PASSWORD }, APP);
  assert.is(refused.body.error, 'invalid_grant');

  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  const enrolPage = await submitSignIn(jar, visit, 'ivy', PASSWORD);
  assert.is(enrolPage.status, 200);
  assert.match(enrolPage.text, /<svg[^>]+viewBox/);
  const secret = /<code>([A-Z2-7]{32})<\/code>/.exec(enrolPage.text)![1];
  assert.match(enrolPage.text, new RegExp(`href="otpauth://totp/ManagementPortal:ivy\\?secret=${secret}`));
  assert.match(enrolPage.text, /autocomplete="one-time-code"/);
  assert.not.match(enrolPage.text, /\sstyle=/i);
  const form = hiddenFields(enrolPage.text);
  const wrong = await browse(jar, `${server.url}/oauth/authorize`, { method: 'POST', form: { ...form, 'two-factor-code': '000000' } });
  assert.is(wrong.status, 200);
  assert.match(wrong.text, /That code is not right/);
  assert.match(wrong.text, new RegExp(`<code>${secret}</code>`), 'the same secret is shown again');
  const done = await browse(jar, `${server.url}/oauth/authorize`, { method: 'POST', form: { ...form, 'two-factor-code': codeOf(secret) } });
  assert.is(done.status, 200);
  const codes = [...done.text.matchAll(/<li><code>([a-z2-7]{5}-[a-z2-7]{5})<\/code><\/li>/g)].map((m) => m[1]);
  assert.is(codes.length, 10);
  assert.not.match(done.text, /twoFactor\./, 'every key is translated');
  // Reading the codes may take longer than an authorization code lives: Continue posts the verified token back.
  await server.app.db.query("UPDATE oauth_code SET expires_at = now() - interval '1 second'");
  const continued = await browse(jar, `${server.url}/oauth/authorize`, { method: 'POST', form: hiddenFields(done.text) });
  assert.ok(continued.location?.startsWith(`${server.url}/api/redirect/login?code=`), continued.location);
  await completes(continued, jar);
  const twice = await browse(jar, `${server.url}/oauth/authorize`, { method: 'POST', form: hiddenFields(done.text) });
  assert.match(twice.text, /The sign-in form has expired/, 'the verified token is used up');
  // Next time the code is asked for, not a new enrolment.
  await forgetUsedSteps('ivy');
  const later = await signInWithCode('ivy', PASSWORD, (page) => {
    assert.not.match(page, /<svg/);
    return codeOf(secret);
  });
  await completes(later.second, later.jar);
});

t('REQUIRE_2FA=staff asks every non-participant role, not participants', async () => {
  server.app.config.requireTwoFactor = 'staff';
  await createUser(server, 'kim', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'alpha' }], { password: PASSWORD });
  await createUser(server, 'lou', [{ authority: 'ROLE_PARTICIPANT', project: 'alpha' }], { password: PASSWORD });
  const jar = new CookieJar();
  const staff = await submitSignIn(jar, await openSignInPage(server.url, jar), 'kim', PASSWORD);
  assert.is(staff.status, 200);
  assert.match(staff.text, /<svg/);
  const jar2 = new CookieJar();
  const participant = await submitSignIn(jar2, await openSignInPage(server.url, jar2), 'lou', PASSWORD);
  assert.is(participant.status, 302);
});

t.run();
