// Two-factor sign-in in a real browser (docs/users.md, "Two-factor sign-in"): enrol on the settings page (QR code,
// key, first code, recovery codes once), sign out, and sign in again with the password and a code the test computes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { createProjectRow, createUser } from '../setup/auth';
import { signInInBrowser } from '../setup/browser-session';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { base32Decode, generateTotp } from '../../src/server/auth/totp';
import { signOut, submitSignInForm, waitForText } from './account-helpers';
import { isolatedPage, unexpectedProblems, waitForHeading } from './shell-helpers';

let server: TestServer;
let browser: TestBrowser;
const PASSWORD = 'Fixture-Password-1';
// A wrong code is answered 400 by the confirm endpoint, which the browser logs as a failed resource.
const EXPECTED = [/status of 40[014]/];

const t = suite('two-factor (browser)');
t.before(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await createProjectRow(server, 'tf-study', 'tf-org');
  await createUser(server, 'tess', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'tf-study' }], { password: PASSWORD });
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplates();
});

t('enrol on the settings page, sign out, sign in with the password and a code', async () => {
  const page = await isolatedPage(browser);
  await signInInBrowser(page, server, 'tess', PASSWORD);
  await page.goto(`${server.url}/#/settings`, { waitUntil: 'networkidle0' });
  await waitForHeading(page, 'User settings for [tess]');
  await waitForText(page, 'Two-factor sign-in is not enabled');
  const [enable] = await page.$$('xpath/.//button[contains(., "Enable two-factor sign-in")]');
  await enable.click();
  await page.waitForSelector('main img.two-factor__qr', { timeout: 10000 });
  const secret = await page.$eval('main .two-factor__secret', (code) => code.textContent ?? '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.is(await page.$eval('main input[name=two-factor-code]', (i) => i.getAttribute('autocomplete')), 'one-time-code');
  await page.type('main input[name=two-factor-code]', generateTotp(base32Decode(secret)!, Date.now()));
  const [confirm] = await page.$$('xpath/.//main//button[contains(., "Confirm")]');
  await confirm.click();
  await waitForText(page, 'I have saved these codes');
  const codes = await page.$$eval('main .two-factor__codes code', (items) => items.map((item) => item.textContent ?? ''));
  assert.is(codes.length, 10);
  const [done] = await page.$$('xpath/.//button[contains(., "I have saved these codes")]');
  await done.click();
  await waitForText(page, 'Recovery codes left: 10.');

  await signOut(page);
  await submitSignInForm(page, server, 'tess', PASSWORD);
  await page.waitForSelector('input[name=two-factor-code]', { timeout: 10000 });
  assert.is(await page.$eval('input[name=two-factor-code]', (i) => i.getAttribute('inputmode')), 'numeric');
  // The next step's code: the one used to confirm (this step or an earlier one) would be refused as reused.
  await page.type('input[name=two-factor-code]', generateTotp(base32Decode(secret)!, Date.now() + 30_000));
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type=submit]')]);
  await page.waitForSelector('#account-menu', { timeout: 10000 });
  await waitForText(page, 'You are logged in as user "tess"');
  assert.equal(unexpectedProblems(page.problems(), EXPECTED), []);
  await page.dispose();
});

t.run();
