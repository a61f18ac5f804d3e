// Signing in through an external OpenID Connect provider in a real browser: with OIDC_* set, the app's Sign in goes
// to the (fake) provider, which signs in the user the test chose at once, and the app comes back signed in as that
// portal user. Settings leads to the provider's account page; a person the portal does not know ends on the error
// page, signed out.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { createProjectRow, createUser } from '../setup/auth';
import { startFakeOidcProvider, type FakeOidcProvider } from '../setup/fake-oidc-provider';
import { startTestServer, type TestServer } from '../setup/server';
import { hashOf, isolatedPage, unexpectedProblems, type ShellPage } from './shell-helpers';

let provider: FakeOidcProvider;
let server: TestServer;
let browser: TestBrowser;
let client: ReturnType<typeof snapshotBuiltClient>;
// Endpoints other engineers are still building may answer 404 for now; the signed-out app asks api/account (401).
const EXPECTED = [/status of 40[14]/];

const t = suite('oidc login (browser)');
t.before(async () => {
  provider = await startFakeOidcProvider();
  client = snapshotBuiltClient();
  server = await startTestServer(provider.env({ OIDC_ACCOUNT_URL: `${provider.url}/account` }), { clientDir: client.clientDir });
  browser = await launchBrowser();
  await createProjectRow(server, 'oidc-study', 'oidc-org');
  await createUser(server, 'paula', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'oidc-study' }]);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await provider?.close();
  client?.remove();
  await dropTemplatesAfterFile();
});

/** Home, the account menu, Sign in: a full page navigation through the provider and back. */
async function clickSignIn(page: ShellPage): Promise<void> {
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle0' });
  await page.click('#account-menu');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#login')]);
}

t('Sign in goes through the provider and comes back signed in as the chosen user', async () => {
  provider.signInAs({ preferred_username: 'paula', email: 'paula@example.org' });
  const page = await isolatedPage(browser);
  await clickSignIn(page);
  await page.waitForSelector('#logout', { timeout: 10000 });
  assert.is(await hashOf(page), '#/');
  assert.is(await page.$eval('#account-menu', (menu) => menu.textContent?.trim()), 'paula');
  assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /You are logged in as user "paula"/);
  assert.ok(provider.requests.some((r) => r.path === '/authorize'), 'the browser went to the provider');
  assert.ok(provider.requests.some((r) => r.path === '/token'), 'and the portal exchanged the code there');
  // Settings is the provider's account page.
  await page.click('#account-menu');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('[aria-labelledby="account-menu"] a[href="api/redirect/account"]')]);
  assert.is(await page.title(), 'Provider account');
  // Back in the app, Sign out ends the portal's session.
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle0' });
  await page.click('#account-menu');
  await page.click('#logout');
  await page.waitForSelector('#login');
  const account = await page.evaluate(async () => (await fetch('api/account')).status);
  assert.is(account, 401);
  assert.equal(unexpectedProblems(page.problems(), EXPECTED), []);
  await page.dispose();
});

t('a person the portal does not know ends on the error page, signed out', async () => {
  provider.signInAs({ preferred_username: 'stranger' });
  const page = await isolatedPage(browser);
  await clickSignIn(page);
  await page.waitForSelector('.error-page__title', { timeout: 10000 });
  assert.is(await hashOf(page), '#/error');
  assert.ok(await page.$('#account-menu'));
  assert.is(await page.$('#logout'), null);
  assert.ok(server.logLines.some((line) => /browser sign-in failed: no portal user has login stranger/.test(line)));
  assert.equal(unexpectedProblems(page.problems(), EXPECTED), []);
  await page.dispose();
});

t.run();
