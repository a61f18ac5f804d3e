// Two-factor sign-in in a real browser (docs/users.md, "Two-factor sign-in"): enrol on the settings page (QR code,
// key, first code, recovery codes once), sign out, sign in again with the password and a code the test computes, and
// disable it with a recovery code; at the phone and the desktop width, with axe on every screen.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { createProjectRow, createUser } from '../setup/auth';
import { signInInBrowser, dropTemplatesAfterFile } from '../setup/browser-session';
import { startTestServer, type TestServer } from '../setup/server';
import { base32Decode, generateTotp } from '../../src/server/auth/totp';
import { signOut, submitSignInForm, waitForText } from './account-helpers';
import { isolatedPage, unexpectedProblems, waitForHeading, type ShellPage } from './shell-helpers';
import { axeSerious, WIDTHS } from '../setup/axe';

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
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
});

/** Fits the width: nothing in the page is wider than the viewport (no sideways scrolling). */
async function assertFits(page: ShellPage, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - width;
    // The elements reaching past the right edge, so a failure names what does not fit.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
      .slice(0, 5);
    return { over, culprits };
  });
  assert.ok(overflow.over <= 0, `${where}: ${overflow.over} px wider than the viewport (${overflow.culprits.join(', ')})`);
}

async function checkScreen(page: ShellPage, where: string): Promise<void> {
  assert.equal(await axeSerious(page), [], where);
  await assertFits(page, where);
}

for (const [name, size] of Object.entries(WIDTHS)) {
  const login = `tess-${name}`;
  t(`${name} (${size.width} px): enrol on the settings page, sign out, sign in with a code, disable with a recovery code`, async () => {
    await createUser(server, login, [{ authority: 'ROLE_PROJECT_ADMIN', project: 'tf-study' }], { password: PASSWORD });
    const page = await isolatedPage(browser);
    await page.setViewport(size);
    await signInInBrowser(page, server, login, PASSWORD);
    await page.goto(`${server.url}/#/settings`, { waitUntil: 'networkidle0' });
    await waitForHeading(page, `User settings for [${login}]`);
    await waitForText(page, 'Two-factor sign-in is not enabled');
    await checkScreen(page, 'settings, two-factor off');
    const [enable] = await page.$$('xpath/.//button[contains(., "Enable two-factor sign-in")]');
    await enable.click();
    await page.waitForSelector('main img.two-factor__qr', { timeout: 10000 });
    const secret = await page.$eval('main .two-factor__secret', (code) => code.textContent ?? '');
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.is(await page.$eval('main input[name=two-factor-code]', (i) => i.getAttribute('autocomplete')), 'one-time-code');
    assert.match(await page.$eval('main .two-factor a[href^="otpauth:"]', (a) => a.getAttribute('href') ?? ''), new RegExp(`secret=${secret}`));
    await checkScreen(page, 'enrolment: QR code and key');
    await page.type('main input[name=two-factor-code]', generateTotp(base32Decode(secret)!, Date.now()));
    const [confirm] = await page.$$('xpath/.//main//button[contains(., "Confirm")]');
    await confirm.click();
    await waitForText(page, 'I have saved these codes');
    const codes = await page.$$eval('main .two-factor__codes code', (items) => items.map((item) => item.textContent ?? ''));
    assert.is(codes.length, 10);
    assert.is(new Set(codes).size, 10);
    await checkScreen(page, 'recovery codes');
    const [done] = await page.$$('xpath/.//button[contains(., "I have saved these codes")]');
    await done.click();
    await waitForText(page, 'Recovery codes left: 10.');
    // Shown once: the settings page now says how many are left, never the codes themselves.
    assert.is(await page.$('main .two-factor__codes'), null);
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, 'Recovery codes left: 10.');
    assert.not.match(await page.$eval('main', (m) => m.textContent ?? ''), codes[0]);
    await checkScreen(page, 'settings, two-factor on');

    await signOut(page);
    await page.goto(`${server.url}/api/redirect/login`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('input[name=username]', { timeout: 10000 });
    await checkScreen(page, 'sign-in page, first step');
    await submitSignInForm(page, server, login, PASSWORD);
    await page.waitForSelector('input[name=two-factor-code]', { timeout: 10000 });
    assert.is(await page.$eval('input[name=two-factor-code]', (i) => i.getAttribute('inputmode')), 'numeric');
    await checkScreen(page, 'sign-in page, second step');
    // The next step's code: the one used to confirm (this step or an earlier one) would be refused as reused.
    await page.type('input[name=two-factor-code]', generateTotp(base32Decode(secret)!, Date.now() + 30_000));
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type=submit]')]);
    await page.waitForSelector('#account-menu', { timeout: 10000 });
    await waitForText(page, `You are logged in as user "${login}"`);

    // Disable with a recovery code (a time code of this step was just used for the sign-in).
    await page.goto(`${server.url}/#/settings`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Recovery codes left: 10.');
    await page.type('main input[name=two-factor-code]', codes[0]);
    const [disable] = await page.$$('xpath/.//main//button[contains(., "Disable two-factor sign-in")]');
    await disable.click();
    await waitForText(page, 'Two-factor sign-in is not enabled');
    await checkScreen(page, 'settings, two-factor disabled again');
    const [row] = await server.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_two_factor f JOIN radar_user u ON u.id = f.user_id WHERE u.login = $1 AND f.confirmed_at IS NOT NULL',
      [login],
    );
    assert.is(row.n, 0);
    assert.equal(unexpectedProblems(page.problems(), EXPECTED), []);
    await page.dispose();
  });
}

t.run();
