// The built shell in a real browser, signed out: the access-denied page for a deep link, the language switch, and
// alerts raised by response headers.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ok } from '../../src/server/http/context';
import { apiError } from '../../src/server/http/errors';
import { Router } from '../../src/server/http/router';
import { buildRouter } from '../../src/server/app';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { startTestServer, type TestServer } from '../setup/server';
import { hashOf, isolatedPage, menuItems, waitForHeading } from './shell-helpers';
import { testRoute } from '../setup/test-routes';
import { dropTemplatesAfterFile } from '../setup/browser-session';

let server: TestServer;
let alertServer: TestServer;
let browser: TestBrowser;

// Test-only answers in front of the real routes: the public start-up calls come back with alert headers.
const alertRoutes = () =>
  new Router().entries([
    testRoute('GET', '/api/profile-info', () =>
      ok({ activeProfiles: ['dev'] }, { 'X-managementPortalApp-alert': 'managementPortalApp.project.created', 'X-managementPortalApp-params': 'radar' })),
    testRoute('GET', '/api/sitesettings', () => {
      throw apiError(400, 'error.groupExists', 'group', 'A group with this name already exists');
    }),
  ]);

const t = suite('shell (signed out)');
t.before(async () => {
  [server, alertServer] = await Promise.all([
    startTestServer(),
    startTestServer({}, { router: new Router().use(alertRoutes()).use(buildRouter()) }),
  ]);
  browser = await launchBrowser();
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await alertServer?.close();
  await dropTemplatesAfterFile();
});

t('an anonymous deep link shows access-denied with a sign-in link, and sign-in brings the user back there', async () => {
  const page = await isolatedPage(browser);
  await page.goto(`${server.url}/#/user-management?page=2`, { waitUntil: 'networkidle0' });
  await waitForHeading(page, 'You are not authorized to access this page.');
  assert.is(await hashOf(page), '#/accessdenied');
  assert.is(await page.title(), 'Your request cannot be processed');
  const stored = await page.evaluate(() => sessionStorage.getItem('jhi-previousState'));
  assert.equal(JSON.parse(stored!), { url: '/user-management?page=2', authorities: ['ROLE_SYS_ADMIN'] });
  assert.ok(await page.$('main a[href="api/redirect/login"]'));
  // Signing in from here returns to the page the visitor asked for.
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('main a[href="api/redirect/login"]')]);
  await page.type('input[name=username]', 'admin');
  await page.type('input[name=password]', 'Admin-Password-1');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type=submit]')]);
  await waitForHeading(page, 'Users');
  // Back on the destination (the list itself may then tidy its query, e.g. clamp the page number).
  assert.match(await hashOf(page), /^#\/user-management(\?|$)/);
  assert.equal(page.problems().filter((p) => !/status of 404/.test(p)), []);
  await page.dispose();
});

t('the language menu switches the whole interface to Dutch and back', async () => {
  const page = await isolatedPage(browser);
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle0' });
  await waitForHeading(page, 'Welcome to the ManagementPortal');
  await page.click('#language-menu');
  assert.equal(await menuItems(page, 'language-menu'), ['English', 'Nederlands']);
  const [, dutch] = await page.$$('[aria-labelledby="language-menu"] [role="menuitemradio"]');
  await dutch.click();
  await waitForHeading(page, 'Welkom bij het ManagementPortal');
  assert.is(await page.title(), 'Welkom bij het ManagementPortal');
  assert.is(await page.evaluate(() => document.documentElement.lang), 'nl');
  assert.match(await page.evaluate(() => document.querySelector('main')!.textContent!), /U bent niet ingelogd/);
  assert.is(await page.$eval('#language-menu', (b) => b.textContent), 'Taal');
  // Keyboard: open the menu with Enter, move with the arrow, choose with Enter.
  await page.focus('#language-menu');
  await page.keyboard.press('Enter');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'English');
  await page.keyboard.press('Enter');
  await waitForHeading(page, 'Welcome to the ManagementPortal');
  assert.equal(page.problems(), []);
  await page.dispose();
});

t('success and error alerts come from response headers, translated, and close by hand or after 5 s', async () => {
  const page = await isolatedPage(browser);
  await page.goto(`${alertServer.url}/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.alert', { timeout: 10000 });
  const alerts = () => page.$$eval('.alert', (list) => list.map((a) => `${a.className}: ${a.querySelector('.alert__text')?.textContent}`));
  assert.equal((await alerts()).sort(), [
    'alert alert--error: A group with this name already exists.',
    'alert alert--success: A new project is created with identifier radar',
  ]);
  // Screen readers hear them through the polite announcer, 100 ms after they show (docs/client.md).
  assert.is(await page.$eval('.alert-announcer', (region) => region.getAttribute('aria-live')), 'polite');
  await page.waitForFunction(() => document.querySelector('.alert-announcer')?.textContent?.includes('A new project is created with identifier radar'), { timeout: 5000 });
  assert.ok(await page.$('.dev-ribbon'), 'the dev profile shows the ribbon');
  await page.click('.alert--success .alert__close');
  assert.equal(await alerts(), ['alert alert--error: A group with this name already exists.']);
  await page.waitForFunction(() => document.querySelectorAll('.alert').length === 0, { timeout: 8000 });
  // Only the error answer we provoked shows up in the console.
  assert.equal(page.problems().filter((p) => !/status of 400/.test(p)), []);
  await page.dispose();
});

t.run();
