// POST api/users/import (docs/users.md, "Import"): a dry run reports, a commit creates every user with roles,
// revisions and activation mails (within the mail limit), row errors (bad e-mail, taken login, duplicate in the file,
// a role outside the caller's scope, an unknown project) write nothing, and who may import. Every kind of error
// answers its code and params (common/import-error.ts) besides its English message.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ImportError } from '../../src/common/import-report';
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

/** Each error of a dry run by `row:column:code`, with its params; every one keeps an English message. */
async function errorsOf(caller: string, text: string): Promise<Map<string, ImportError['params']>> {
  const res = await send(caller, text, true);
  assert.is(res.status, 200, res.text);
  const errors = res.body.errors as ImportError[];
  for (const e of errors) assert.ok(typeof e.message === 'string' && e.message !== '', 'the English message stays');
  return new Map(errors.map((e) => [`${e.row}:${e.column}:${e.code}`, e.params]));
}

t('every kind of error answers its code and params besides its English message', async () => {
  assert.equal([...(await errorsOf(CAST.sysAdmin, 'login\n"open\n')).keys()], ['2::unclosedQuote']);
  assert.equal([...(await errorsOf(CAST.sysAdmin, 'login,login,colour\nx,x,y\n')).keys()], ['1:login:duplicateColumn', '1:colour:unknownColumn', '1:email:missingColumn']);
  const rows = await errorsOf(CAST.sysAdmin, `${HEADER}${[
    'admin;A;B;fresh-2@example.org;en;',
    `u-3;A;B;${CAST.mainAdmin}@example.org;en;`,
    'u-4;A;B;dup@example.org;en;',
    'u-4;A;B;DUP@example.org;en;',
    'u-6;A;B;not-an-email;en;',
    'u-7;A;B;u7@example.org;en;ROLE_NOPE:alpha',
    'u-8;A;B;u8@example.org;en;ROLE_PROJECT_ADMIN:nowhere',
    'u-9;A;B;u9@example.org;en;ROLE_ORGANIZATION_ADMIN:nowhere',
    'u-10;A;B;u10@example.org;en;ROLE_PROJECT_ADMIN',
    'u-11;A;B',
    'Bad Login!;A;B;u12@example.org;en;',
    `u-13;${'f'.repeat(51)};B;u13@example.org;en;`,
  ].join('\n')}\n`);
  const expected: Record<string, ImportError['params']> = {
    '2:login:loginInUse': {},
    '3:email:emailInUse': {},
    '5:login:duplicateLogin': { row: 4 },
    '5:email:duplicateEmail': { row: 4 },
    '6:email:email': {},
    '7:roles:notStaffRole': { role: 'ROLE_NOPE' },
    '8:roles:unknownProject': { role: 'ROLE_PROJECT_ADMIN', project: 'nowhere' },
    '9:roles:unknownOrganization': { role: 'ROLE_ORGANIZATION_ADMIN', organization: 'nowhere' },
    '10:roles:unknownProject': { role: 'ROLE_PROJECT_ADMIN', project: '' },
    '11::cellCount': { cells: 3, columns: 6 },
    '13:firstName:maxLength': { min: 0, max: 50 },
  };
  for (const [key, params] of Object.entries(expected)) assert.equal(rows.get(key), params, `${key} in ${[...rows.keys()].join(' ')}`);
  assert.ok(rows.has('12:login:pattern'), [...rows.keys()].join(' '));
  // What the caller may grant.
  const scoped = await errorsOf(CAST.alphaAdmin, `${HEADER}a-2;A;B;a2@example.org;en;ROLE_PROJECT_ADMIN:beta\na-3;A;B;a3@example.org;en;ROLE_SYS_ADMIN\na-4;A;B;a4@example.org;en;\n`);
  assert.equal(Object.fromEntries(scoped), {
    '2:roles:roleNotAllowed': { role: 'ROLE_PROJECT_ADMIN', scope: 'beta' },
    '3:roles:globalRoleNotAllowed': { role: 'ROLE_SYS_ADMIN' },
    '4:roles:roleNeeded': {},
  });
});

// Issue #34, item 10: a dry run answers only within the caller's reach; the commit refuses what it did not report.
t('a project admin learns nothing of logins, e-mails, projects or organizations outside its reach', async () => {
  // other-admin (organization other) and beta-admin are out of alpha-admin's reach; alpha-analyst is within it.
  const [outside] = await server.app.db.query<{ email: string }>("SELECT email FROM radar_user WHERE login = 'other-admin'");
  assert.ok(outside.email, 'the fixture user has an e-mail');
  const role = 'ROLE_PROJECT_AFFILIATE:alpha';
  const dry = await send(CAST.alphaAdmin, `${HEADER}${[
    `${CAST.otherAdmin};A;B;p1@example.org;en;${role}`, // an existing login out of reach
    `no-such-login;A;B;p2@example.org;en;${role}`, // a free one: answered alike
    `p3;A;B;${outside.email.toUpperCase()};en;${role}`, // an existing e-mail out of reach
    `${CAST.alphaAnalyst};A;B;p4@example.org;en;${role}`, // within reach: reported
    'p5;A;B;p5@example.org;en;ROLE_PROJECT_ADMIN:beta', // an existing project out of reach
    'p6;A;B;p6@example.org;en;ROLE_PROJECT_ADMIN:nowhere', // no such project: answered alike
    'p7;A;B;p7@example.org;en;ROLE_ORGANIZATION_ADMIN:other', // an existing organization out of reach
    'p8;A;B;p8@example.org;en;ROLE_ORGANIZATION_ADMIN:nowhere', // no such organization: answered alike
  ].join('\n')}\n`, true);
  assert.is(dry.status, 200, dry.text);
  const rows = dry.body.rows.map((r: { row: number; action: string }) => `${r.row}:${r.action}`);
  assert.equal(rows.slice(0, 3), ['2:create', '3:create', '4:create']);
  const errors = Object.fromEntries((dry.body.errors as ImportError[]).map((e) => [`${e.row}:${e.column}:${e.code}`, e.params]));
  assert.equal(errors, {
    '5:login:loginInUse': {},
    '6:roles:roleNotAllowed': { role: 'ROLE_PROJECT_ADMIN', scope: 'beta' },
    '7:roles:roleNotAllowed': { role: 'ROLE_PROJECT_ADMIN', scope: 'nowhere' },
    '8:roles:roleNotAllowed': { role: 'ROLE_ORGANIZATION_ADMIN', scope: 'other' },
    '9:roles:roleNotAllowed': { role: 'ROLE_ORGANIZATION_ADMIN', scope: 'nowhere' },
  });

  // The commit still refuses a login or an e-mail taken out of reach, without saying which or how many.
  const before = await userCount(server);
  for (const line of [`${CAST.otherAdmin};A;B;q1@example.org;en;${role}`, `q2;A;B;${outside.email};en;${role}`]) {
    const commit = await send(CAST.alphaAdmin, `${HEADER}q0;A;B;q0@example.org;en;${role}\n${line}\n`, false);
    assert.is(commit.status, 400, commit.text);
    assert.is(commit.body.errorCode, 'error.importInvalid');
    assert.not.match(commit.text, /other-admin|q1@|q2|\b[0-9]+ problems/);
  }
  assert.is(await userCount(server), before);
  // A system admin reaches everything and is told as before.
  const sys = await send(CAST.sysAdmin, `${HEADER}${CAST.otherAdmin};A;B;r1@example.org;en;\nr2;A;B;r2@example.org;en;ROLE_PROJECT_ADMIN:nowhere\n`, true);
  assert.equal((sys.body.errors as ImportError[]).map((e) => `${e.row}:${e.code}`), ['2:loginInUse', '3:unknownProject']);
});

t('a file over IMPORT_MAX_ROWS is a 413 error.importTooManyRows (issue #34, item 3)', async () => {
  const limit = server.app.config.importMaxRows;
  server.app.config.importMaxRows = 3;
  try {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `cap-${i};A;B;cap-${i}@example.org;en;`).join('\n');
    assert.is((await send(CAST.sysAdmin, `${HEADER}${rows(3)}\n`, true)).status, 200);
    const over = await send(CAST.sysAdmin, `${HEADER}${rows(4)}\n`, true);
    assert.is(over.status, 413, over.text);
    assert.equal([over.body.errorCode, over.body.params.max], ['error.importTooManyRows', '3']);
  } finally {
    server.app.config.importMaxRows = limit;
  }
});

t.run();
