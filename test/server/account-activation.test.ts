// GET api/activate and POST api/account/reset-activation/init ("send activation e-mail"), with the mails read from a
// real SMTP conversation and their links followed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueActivationKey } from '../../src/server/account/account-keys';
import { sendAccountMail } from '../../src/server/account/account-mail';
import { asUser, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { lastMailTo, linkKey, mailsTo, startSmtpServer, type TestSmtpServer } from '../setup/smtp-server';
import { CAST, createCast, revisionsOf } from './users-fixtures';

let server: TestServer;
let smtp: TestSmtpServer;
const as: Record<string, AsUser> = {};
const t = suite('account: activation');

t.before(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await createCast(server);
  for (const login of Object.values(CAST)) as[login] = await asUser(server, login);
  await createUser(server, 'sleeper', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'alpha' }], { activated: false });
  await createUser(server, 'beta-sleeper', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'beta' }], { activated: false, langKey: 'nl' });
});
t.after(async () => {
  await server?.close();
  await smtp?.close();
  await dropTemplates();
});

const text = (body: string) => ({ body, headers: { 'content-type': 'text/plain' } });
const activated = async (login: string) =>
  (await server.app.db.query<{ activated: boolean }>('SELECT activated FROM radar_user WHERE login = $1', [login]))[0].activated;
const userRow = async (login: string) =>
  (await server.app.db.query<{ id: number; login: string; email: string; first_name: string; last_name: string; lang_key: string }>(
    'SELECT id, login, email, first_name, last_name, lang_key FROM radar_user WHERE login = $1',
    [login],
  ))[0];

t('GET api/activate: the key from an activation mail activates once, within 24 hours', async () => {
  const user = await userRow('sleeper');
  const key = await issueActivationKey(server.app.db, user.id);
  assert.ok(await sendAccountMail(server.app, 'activation', user, key, true));
  const mail = lastMailTo('sleeper@example.org')!;
  assert.is(mail.subject, 'ManagementPortal account activation');
  const linked = linkKey(mail, '#/activate')!;
  assert.is(linked, key);
  assert.match(mail.text, `${server.url}/#/activate?key=`);

  const res = await server.request('GET', `/api/activate?key=${encodeURIComponent(linked)}`);
  assert.is(res.status, 200);
  assert.is(res.text, '');
  assert.is(await activated('sleeper'), true);
  assert.equal((await revisionsOf(server, 'sleeper')).map((r) => [r.change_type, r.author]), [['MOD', 'sleeper']]);
  const again = await server.request('GET', `/api/activate?key=${encodeURIComponent(linked)}`);
  assert.equal([again.status, again.text], [404, '']);
  assert.is((await server.request('GET', '/api/activate?key=unknown')).status, 404);
  assert.is((await server.request('GET', '/api/activate')).status, 400);

  await server.app.db.query('UPDATE radar_user SET activated = false WHERE id = $1', [user.id]);
  const late = await issueActivationKey(server.app.db, user.id);
  await server.app.db.query("UPDATE radar_user SET activation_date = now() - interval '25 hours' WHERE id = $1", [user.id]);
  assert.is((await server.request('GET', `/api/activate?key=${late}`)).status, 404);
  assert.is(await activated('sleeper'), false);
});

t('reset-activation/init: a system admin mails the "account created" link, which sets a password and activates', async () => {
  const res = await as.admin('POST', '/api/account/reset-activation/init', text('sleeper'));
  assert.is(res.status, 204);
  const mail = lastMailTo('sleeper@example.org')!;
  assert.is(mail.subject, 'ManagementPortal account created');
  assert.match(mail.text, /valid for 24 hours/);
  assert.match(mail.html, /<a href="http:\/\/127\.0\.0\.1:\d+\/#\/reset\/finish\?key=/);
  const key = linkKey(mail, '#/reset/finish')!;
  const finish = await server.request('POST', '/api/account/reset_password/finish', { json: { key, newPassword: 'Sleeper-Wakes-1' } });
  assert.is(finish.status, 204);
  assert.is(await activated('sleeper'), true);
});

t('reset-activation/init: unknown login and a user outside the admin\'s scope both 400, callers without USER.UPDATE 403', async () => {
  const unknown = await as.admin('POST', '/api/account/reset-activation/init', text('nobody'));
  assert.equal([unknown.status, unknown.body.errorCode, unknown.body.entityName], [400, 'error.emailNotRegistered', 'userManagement']);
  const before = mailsTo('beta-sleeper@example.org').length;
  const send = (caller: string) => as[caller]('POST', '/api/account/reset-activation/init', text('beta-sleeper'));
  // Admins of other organizations and projects: answered like an unknown login (account-throttle.test.ts compares them).
  for (const caller of [CAST.mainAdmin, CAST.alphaAdmin]) {
    const outside = await send(caller);
    assert.equal([outside.status, outside.body.errorCode], [400, 'error.emailNotRegistered'], caller);
  }
  for (const caller of [CAST.alphaOwner, CAST.alphaAnalyst, CAST.participant]) {
    assert.is((await send(caller)).status, 403, caller);
  }
  assert.is((await server.request('POST', '/api/account/reset-activation/init', text('beta-sleeper'))).status, 401);
  assert.is(mailsTo('beta-sleeper@example.org').length, before);
  assert.is((await send(CAST.otherAdmin)).status, 204);
  assert.is((await send(CAST.betaAdmin)).status, 204);
  const mail = lastMailTo('beta-sleeper@example.org')!;
  assert.is(mail.subject, 'Uw ManagementPortal-account is aangemaakt', 'the mail is in the user\'s language');
  assert.match(mail.text, /24 uur geldig en werkt één keer/);
  assert.is(mailsTo('beta-sleeper@example.org').length, before + 2);
  // Only the newest key works.
  const [older, newer] = mailsTo('beta-sleeper@example.org').slice(-2).map((m) => linkKey(m, '#/reset/finish')!);
  const finish = (key: string) =>
    server.request('POST', '/api/account/reset_password/finish', { json: { key, newPassword: 'Beta-Sleeper-1' } });
  assert.is((await finish(older)).status, 400);
  assert.is((await finish(newer)).status, 204);
});

t.run();
