// The settings page's active sessions in a real browser (docs/users.md, Sessions): one user signed in from two
// browsers (two browser contexts, two cookie jars) sees both, this one marked; "End all other sessions" with its
// confirmation ends the other one, whose next navigation is signed out. At the phone and the desktop width, with axe
// on the page and on the open dialog.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { axeSerious, WIDTHS } from '../setup/axe';
import { createProjectRow, createUser } from '../setup/auth';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { currentEngine } from '../setup/engines';
import { startTestServer, type TestServer } from '../setup/server';
import { waitForText } from './account-helpers';
import { dialogTitle, isolatedPage, unexpectedProblems, waitForHeading, type ShellPage } from './shell-helpers';

let server: TestServer;
let browser: TestBrowser;
const client = snapshotBuiltClient();
const PASSWORD = 'Fixture-Password-1';
// The ended session's next request is answered 401, which the browser logs as a failed resource.
const EXPECTED = [/status of 40[14]/];

const t = suite('sessions (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  await createProjectRow(server, 'sessions-study', 'sessions-org');
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  client.remove();
  await dropTemplatesAfterFile();
});

const sessionRows = (page: ShellPage) =>
  page.$$eval('main .account-page__sessions tbody tr', (rows) => rows.map((row) => row.textContent ?? ''));

async function assertFits(page: ShellPage, where: string): Promise<void> {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 0, `${where}: ${over} px wider than the viewport`);
}

for (const [name, size] of Object.entries(WIDTHS)) {
  const login = `sid-${name}`;
  t(`${name} (${size.width} px): two sessions listed, "End all other sessions" ends the other one`, async () => {
    await createUser(server, login, [{ authority: 'ROLE_PROJECT_ADMIN', project: 'sessions-study' }], { password: PASSWORD });
    const other = await isolatedPage(browser);
    await signInInBrowser(other, server, login, PASSWORD);
    const page = await isolatedPage(browser);
    await page.setViewport(size);
    await signInInBrowser(page, server, login, PASSWORD);

    await page.goto(`${server.url}/#/settings`, { waitUntil: 'networkidle0' });
    await waitForHeading(page, `User settings for [${login}]`);
    await page.waitForFunction(() => document.querySelectorAll('main .account-page__sessions tbody tr').length === 2, { timeout: 10000 });
    const rows = await sessionRows(page);
    assert.is(rows.filter((row) => row.includes('This session')).length, 1, rows.join(' | '));
    assert.is(rows.filter((row) => row.endsWith('End')).length, 1, rows.join(' | '));
    // The browser column names browser and system (headless Chromium says "HeadlessChrome", read as Chrome), for the
    // engine the test runs on.
    const browserName = currentEngine() === 'firefox' ? 'Firefox' : 'Chrome';
    assert.ok(rows.every((row) => new RegExp(`${browserName} \\d+ on Linux`).test(row)), rows.join(' | '));
    assert.equal(await axeSerious(page), [], 'settings with two sessions');
    await assertFits(page, 'settings with two sessions');

    const [endOthers] = await page.$$('xpath/.//main//button[contains(., "End all other sessions")]');
    await endOthers.click();
    await page.waitForSelector('[role="dialog"]', { timeout: 5000 });
    assert.is(await dialogTitle(page), 'End all other sessions');
    assert.match(await page.$eval('[role="dialog"]', (d) => d.textContent ?? ''), 'End 1 other session? It will have to sign in again.');
    assert.equal(await axeSerious(page), [], 'the confirmation dialog');
    await assertFits(page, 'the confirmation dialog');
    const [confirm] = await page.$$('xpath/.//*[@role="dialog"]//button[contains(., "End sessions")]');
    await confirm.click();
    await page.waitForSelector('[role="dialog"]', { hidden: true, timeout: 5000 });
    await page.waitForFunction(() => document.querySelectorAll('main .account-page__sessions tbody tr').length === 1, { timeout: 10000 });
    assert.match((await sessionRows(page))[0], 'This session');
    assert.ok(await page.$eval('xpath/.//main//button[contains(., "End all other sessions")]', (b) => (b as HTMLButtonElement).disabled));
    assert.equal(await axeSerious(page), [], 'settings with one session');

    // The other browser's next navigation finds itself signed out; this one is still signed in.
    await other.goto(`${server.url}/#/settings`, { waitUntil: 'networkidle0' });
    await other.reload({ waitUntil: 'networkidle0' });
    await waitForText(other, 'Sign in');
    const signedIn = await other.evaluate(async () => (await fetch('api/account')).status);
    assert.is(signedIn, 401);
    assert.is(await other.$('#logout'), null);
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, 'This session');
    assert.is(await page.evaluate(async () => (await fetch('api/account')).status), 200);

    assert.equal(unexpectedProblems(page.problems(), EXPECTED), []);
    await page.dispose();
    await other.dispose();
  });
}

t.run();
