// POST api/users/import (docs/users.md, "Import"): a dry run reports, a commit creates every user with roles,
// revisions and activation mails (within the mail limit), row errors (bad e-mail, taken login, duplicate in the file,
// a role outside the caller's scope, an unknown project) write nothing, and who may import.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { lastMailTo, linkKey, startSmtpServer, type TestSmtpServer } from '../setup/smtp-server';
import { CAST, createCast, revisionsOf, roleRowsOf, userCount } from './users-fixtures';

let server: TestServer;
let smtp: TestSmtpServer;
const as: Record<string, AsUser> = {};
const t = suite('users: import');

t.before(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.org' });
  await createCast(server);
  for (const login of Object.values(CAST)) as[login] = await asUser(server, login);
});
t.after(async () => {
  await server?.close();
  await smtp?.close();
  await dropTemplates();
});

const send = (caller: string, text: string, dryRun: boolean) =>
  as[caller]('POST', `/api/users/import?dryRun=${dryRun}`, { body: text, headers: { 'content-type': 'text/csv' } });

const HEADER = 'login;firstName;lastName;email;langKey;roles\n';

t('a dry run reports; the commit creates the users with their roles, revisions and activation mails', async () => {
  const file = `${HEADER}New-One;Ann;One;new-one@example.org;nl;ROLE_PROJECT_ADMIN:alpha|ROLE_PROJECT_ANALYST:gamma\nnew-two;Bob;Two;new-two@example.org;;ORGANIZATION_ADMIN:main\n`;
  const before = await userCount(server);
  const dry = await send(CAST.sysAdmin, file, true);
  assert.is(dry.status, 200, dry.text);
  assert.equal([dry.body.created, dry.body.errors], [2, []]);
  assert.is(await userCount(server), before);
  const done = await send(CAST.sysAdmin, file, false);
  assert.is(done.status, 200, done.text);
  assert.equal(done.body.notMailed, []);
  assert.is(await userCount(server), before + 2);
  assert.equal(await roleRowsOf(server, 'new-one'), ['ROLE_PROJECT_ADMIN:alpha', 'ROLE_PROJECT_ANALYST:gamma']);
  assert.equal((await revisionsOf(server, 'new-two')).map((r) => r.change_type), ['ADD']);
  const [user] = await server.app.db.query<{ activated: boolean; lang_key: string }>("SELECT activated, lang_key FROM radar_user WHERE login = 'new-one'");
  assert.equal({ ...user }, { activated: false, lang_key: 'nl' });
  await new Promise((r) => setTimeout(r, 300));
  const mail = lastMailTo('new-one@example.org');
  assert.ok(mail && linkKey(mail, '/reset/finish'), 'activation mail with its link');
});

t('row errors name row, column and reason; a commit with any writes nothing', async () => {
  const file = `${HEADER}${[
    'ok-1;A;B;ok-1@example.org;en;ROLE_PROJECT_ADMIN:alpha',
    'bad#mail;A;B;not-an-email;en;ROLE_PROJECT_ADMIN:alpha',
    'new-one;A;B;x1@example.org;en;ROLE_PROJECT_ADMIN:alpha',
    'ok-1;A;B;x2@example.org;en;ROLE_PROJECT_ADMIN:alpha',
    'ok-3;A;B;x3@example.org;en;ROLE_PROJECT_ADMIN:nowhere',
    'ok-4;A;B;x4@example.org;en;ROLE_PARTICIPANT:alpha',
  ].join('\n')}\n`;
  const before = await userCount(server);
  const dry = await send(CAST.sysAdmin, file, true);
  const errors = dry.body.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
  assert.ok(errors.includes('3:login') && errors.includes('3:email'), errors.join(' '));
  for (const expected of ['4:login', '5:login', '6:roles', '7:roles']) assert.ok(errors.includes(expected), `${expected} in ${errors.join(' ')}`);
  assert.is(dry.body.created, 1);
  const commit = await send(CAST.sysAdmin, file, false);
  assert.is(commit.status, 400);
  assert.is(commit.body.errorCode, 'error.importInvalid');
  assert.is(await userCount(server), before);
});

t('the caller\'s scope: a project admin may add users to its project only; analysts may not import', async () => {
  const ownProject = await send(CAST.alphaAdmin, `${HEADER}alpha-new;A;B;alpha-new@example.org;en;ROLE_PROJECT_AFFILIATE:alpha\n`, true);
  assert.equal([ownProject.status, ownProject.body.created], [200, 1]);
  const otherProject = await send(CAST.alphaAdmin, `${HEADER}beta-new;A;B;beta-new@example.org;en;ROLE_PROJECT_AFFILIATE:beta\n`, true);
  assert.is(otherProject.body.errors[0].column, 'roles');
  assert.is((await send(CAST.alphaAnalyst, `${HEADER}x;A;B;x@example.org;en;\n`, true)).status, 403);
  const unknown = await send(CAST.sysAdmin, 'login,colour\nx,red\n', true);
  assert.equal(unknown.body.errors.map((e: { column: string }) => e.column), ['colour', 'email']);
});

t.run();
