// Mail: the templates in both languages, escaping, the outbox folder when no SMTP_URL is set, and a mail server that
// is down (the request still succeeds, the failure is logged).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mailLanguage, mailText } from '../../src/server/mail/mail-strings';
import { accountMail, activationLink, escapeHtml, resetLink } from '../../src/server/mail/templates';
import { createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { parseMail } from '../setup/mail-message';
import { startTestServer, type TestServer } from '../setup/server';

const t = suite('mail');
const servers: TestServer[] = [];
t.after(async () => {
  for (const s of servers) await s.close();
  await dropTemplates();
});

const config = { publicUrl: 'https://portal.example.org/managementportal' };
const recipient = { login: 'eve', email: 'eve@example.org', firstName: '<b>Eve</b> & "co"', lastName: null, langKey: 'nl-BE' };

t('every mail string exists in English and Dutch, and the placeholders are filled', () => {
  for (const lang of ['en', 'nl'] as const) {
    for (const key of ['activation', 'creation', 'reset'].flatMap((k) => ['title', 'greeting', 'text1', 'text2'].map((f) => `email.${k}.${f}`))
      .concat(['email.validity', 'email.regards', 'email.signature'])) {
      const value = mailText(lang, key, { name: 'N', login: 'L', hours: 24 });
      assert.is.not(value, key, `${lang} ${key}`);
      assert.not.match(value, /\{\{/);
    }
  }
  assert.is.not(mailText('en', 'email.reset.title'), mailText('nl', 'email.reset.title'));
  assert.equal([mailLanguage('nl'), mailLanguage('NL_be'), mailLanguage('de'), mailLanguage(null)], ['nl', 'nl', 'en', 'en']);
});

t('links: activation and reset/finish under the public URL, key URL-encoded', () => {
  assert.is(activationLink(config, 'a+b'), 'https://portal.example.org/managementportal/#/activate?key=a%2Bb');
  assert.is(resetLink(config, 'k'), 'https://portal.example.org/managementportal/#/reset/finish?key=k');
});

t('a mail in the user\'s language, plain text raw, HTML escaped', () => {
  const mail = accountMail('reset', recipient, resetLink(config, 'k1'));
  assert.is(mail.to, 'eve@example.org');
  assert.is(mail.subject, mailText('nl', 'email.reset.title'));
  assert.match(mail.text, 'Beste <b>Eve</b> & "co",');
  assert.match(mail.text, '\nhttps://portal.example.org/managementportal/#/reset/finish?key=k1\n');
  assert.match(mail.html, 'Beste &#60;b&#62;Eve&#60;/b&#62; &#38; &#34;co&#34;,');
  assert.not.match(mail.html, '<b>Eve');
  assert.match(mail.html, '<a href="https://portal.example.org/managementportal/#/reset/finish?key=k1">');
  assert.is(escapeHtml(`<'&">`), '&#60;&#39;&#38;&#34;&#62;');
  const en = accountMail('activation', { login: 'bob', email: 'b@x.org' }, 'L');
  assert.match(en.text, /^Dear bob,/);
  assert.match(en.text, 'login "bob"');
});

t('without SMTP_URL the mail is written to DATA_DIR/outbox as an .eml file and logged', async () => {
  const server = await startTestServer({ LOG_LEVEL: 'INFO', MAIL_FROM: 'noreply@example.org' });
  servers.push(server);
  assert.is(server.app.mail.mode, 'outbox');
  await createUser(server, 'eve', [], { email: 'eve@example.org', langKey: 'en' });
  const res = await server.request('POST', '/api/account/reset_password/init', { body: 'eve@example.org', headers: { 'content-type': 'text/plain' } });
  assert.is(res.status, 204);
  const outbox = join(server.dataDir, 'outbox');
  const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
  assert.is(files.length, 1);
  const mail = parseMail(readFileSync(join(outbox, files[0]), 'utf8'));
  assert.is(mail.subject, 'ManagementPortal password reset');
  assert.match(mail.from, 'noreply@example.org');
  assert.match(mail.headers.get('to')!, 'eve@example.org');
  assert.match(mail.text, `${server.url}/#/reset/finish?key=`);
  assert.match(mail.html, '<a href=');
  assert.ok(server.logLines.some((l) => l.includes('outbox') && l.includes('eve@example.org')));
});

t('a mail server that refuses connections: the request still answers 204 and the failure is logged', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  servers.push(server);
  assert.is(server.app.mail.mode, 'smtp');
  const res = await server.request('POST', '/api/account/reset_password/init', { body: 'admin@localhost', headers: { 'content-type': 'text/plain' } });
  assert.is(res.status, 204);
  assert.ok(server.logLines.some((l) => l.includes('could not send the reset mail to admin@localhost')));
  const [{ n }] = await server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM radar_user WHERE reset_key_hash IS NOT NULL");
  assert.is(n, 1, 'the key is stored; a new request sends a new one');
});

t.run();
