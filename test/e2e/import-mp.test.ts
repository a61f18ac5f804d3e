// After `npm run import-mp`, a ManagementPortal user signs in in the browser with the password they had in
// ManagementPortal, at phone and desktop width, in her ManagementPortal language, and the bcrypt hash is replaced by
// the portal's scrypt on the way.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { axeSerious, WIDTHS } from '../setup/axe';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { startTestServer, type TestServer } from '../setup/server';
import { importFromMp } from '../../src/server/import-mp/import-run';
import { addTestRows, createMpDatabase, PASSWORDS, type MpSource } from '../server/import-mp-source';
import { isolatedPage, unexpectedProblems } from './shell-helpers';

const client = snapshotBuiltClient();
let server: TestServer;
let browser: TestBrowser;
let mp: MpSource;

const t = suite('import from ManagementPortal: browser sign-in');
t.before(async () => {
  mp = await createMpDatabase();
  await addTestRows(mp.db);
  server = await startTestServer({}, { clientDir: client.clientDir });
  const report = await importFromMp(mp.db, server.app.db);
  assert.ok(report.written, report.format());
  browser = await launchBrowser();
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await mp?.drop();
  await dropTemplatesAfterFile();
  client.remove();
});

const hashOfPam = async () => (await server.app.db.query<{ password_hash: string }>(`SELECT password_hash FROM radar_user WHERE login = 'pam'`))[0].password_hash;

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name} (${size.width} px): pam signs in with her ManagementPortal password and sees her project`, async () => {
    const page = await isolatedPage(browser);
    await page.setViewport(size);
    await signInInBrowser(page, server, 'pam', PASSWORDS.pam);
    // In Dutch: pam's language in ManagementPortal was nl, and it came along.
    await page.waitForFunction(() => /U bent ingelogd als gebruiker "pam"/.test(document.querySelector('main')?.textContent ?? ''), { timeout: 10000 });
    assert.match(await hashOfPam(), /^scrypt\$/, 'the bcrypt hash was upgraded at the sign-in');
    assert.equal(await axeSerious(page), []);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(over <= 0, `${over} px wider than the viewport`);
    await page.goto(`${server.url}/#/project/radar`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => (document.querySelector('main')?.textContent ?? '').includes('RadarTest'), { timeout: 10000 });
    assert.equal(unexpectedProblems(page.problems()), []);
    await page.dispose();
  });
}

t('a wrong password is refused on the sign-in page', async () => {
  const page = await isolatedPage(browser);
  await page.goto(server.url + '/api/redirect/login', { waitUntil: 'networkidle0' });
  await page.type('input[name=username]', 'admin');
  await page.type('input[name=password]', 'not-the-mp-password');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type=submit]')]);
  assert.ok(await page.$('input[name=password]'), 'still on the sign-in page');
  await page.dispose();
});

t.run();
