// OAuth clients and pairing in the built client against the real server: a system admin registers a client through
// the dialog, edits it, deletes it, finds the portal's own client locked; then pairs a subject with an app (QR code
// shown, token stored) and closing the dialog deletes the token again.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { createProjectRow } from '../setup/auth';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { insertSubjects } from '../setup/subjects';
import { clickOn } from './page-actions';

let server: TestServer;
let browser: TestBrowser;
let page: Page;
const client = snapshotBuiltClient();

const t = suite('oauth clients (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  await createProjectRow(server, 'radar', 'main');
  await insertSubjects(server, [{ login: 'sub-e2e', project: 'radar', externalId: 'PAIR-1' }]);
  page = await browser.newPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const go = (path: string) => page.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const dialog = '[role="dialog"]';

/** Keyboard, not a mouse click: a dialog may still be sliding in (as organizations.test.ts does for Save). */
async function press(selector: string) {
  await (await page.waitForSelector(selector, { timeout: 10000 }))!.focus();
  await page.keyboard.press('Enter');
}

async function fill(name: string, value: string) {
  const input = await page.waitForSelector(`${dialog} input[name="${name}"]`, { timeout: 10000 });
  await input!.click({ count: 3 });
  await input!.type(value);
}

async function save() {
  const button = await page.waitForSelector(`${dialog} ::-p-aria(Save[role="button"])`);
  await page.waitForFunction((b) => !(b as HTMLButtonElement).disabled, { timeout: 10000 }, button);
  await button!.click();
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
}

const clientRow = (clientId: string) =>
  server.app.db.query<{ scope: string[]; additional_information: Record<string, string> }>(
    'SELECT scope, additional_information FROM oauth_client WHERE client_id = $1',
    [clientId],
  );

t('a system admin creates, edits and deletes a client; the portal\'s own client is locked', async () => {
  await go('oauth-client');
  await clickOn(page, 'main ::-p-aria(Register an OAuth client[role="link"])');
  await fill('clientId', 'e2e-app');
  await clickOn(page, `${dialog} ::-p-aria(Randomize[role="button"])`);
  await fill('scope', 'SUBJECT.READ, MEASUREMENT.CREATE');
  await fill('resourceIds', 'res_gateway');
  await fill('accessTokenValiditySeconds', '3600');
  await fill('refreshTokenValiditySeconds', '86400');
  await clickOn(page, `${dialog} input[name="grant-refresh_token"]`);
  await clickOn(page, `${dialog} input[name="dynamicRegistration"]`);
  await save();
  await page.waitForSelector('main td::-p-text(e2e-app)', { timeout: 10000 });
  assert.equal((await clientRow('e2e-app'))[0].additional_information, { dynamic_registration: 'true' });

  await clickOn(page, 'main a[href*="oauth-client/e2e-app/edit"]');
  const id = await page.waitForSelector(`${dialog} input[name="clientId"]`);
  await page.waitForFunction((input) => (input as HTMLInputElement).value === 'e2e-app', { timeout: 10000 }, id);
  await fill('scope', 'SUBJECT.READ');
  await save();
  assert.equal((await clientRow('e2e-app'))[0].scope, ['SUBJECT.READ']);

  // A protected client: Edit disabled, and Delete (in the row's More menu) not usable.
  const lockedRow = (await page.$('::-p-xpath(//main//tbody/tr[.//*[normalize-space()="ManagementPortalapp"]])'))!;
  assert.equal(await lockedRow.$$eval('button:not(.more-menu__button)', (buttons) => buttons.map((b) => (b as HTMLButtonElement).disabled)), [true]);
  await (await lockedRow.$('.more-menu__button'))!.click();
  const lockedDelete = (await lockedRow.waitForSelector('[role="menuitem"]'))!;
  assert.equal(await lockedDelete.evaluate((item) => [item.textContent, item.getAttribute('aria-disabled')]), ['Delete (This is a protected client.)', 'true']);
  await page.keyboard.press('Escape');

  await clickOn(page, '::-p-xpath(//main//tbody/tr[.//*[normalize-space()="e2e-app"]]//button[normalize-space()="More▾"])');
  await clickOn(page, 'main [role="menuitem"]::-p-text(Delete)');
  await page.waitForSelector(`${dialog} ::-p-text(Are you sure you want to delete OAuth client e2e-app?)`, { timeout: 10000 });
  await press(`${dialog} ::-p-aria(Delete[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('e2e-app'), { timeout: 10000 });
  assert.equal(await clientRow('e2e-app'), []);
});

t('pairing a subject shows the QR code; closing the dialog deletes the token', async () => {
  await server.app.db.query(
    `INSERT INTO oauth_client (client_id, scope, resource_ids, authorized_grant_types, additional_information, access_token_validity, refresh_token_validity)
     VALUES ('aRMT', '["SUBJECT.READ"]', '["res_gateway"]', '["refresh_token"]', '{"dynamic_registration":"true"}', 3600, 86400)`,
  );
  await go('project/radar?tab=subjects');
  // The row's button reads "Pair app"; its accessible name goes on with the subject's login.
  await clickOn(page, '::-p-xpath(//main//tbody//button[normalize-space()="Pair app"])');
  const select = await page.waitForSelector(`${dialog} select[name="clientId"]`, { timeout: 10000 });
  await page.waitForSelector(`${dialog} option[value="aRMT"]`, { timeout: 10000 });
  await select!.select('aRMT');
  await press(`${dialog} ::-p-aria(Generate token[role="button"])`);
  const qr = await page.waitForSelector(`${dialog} img.pair-app__qr`, { timeout: 10000 });
  const url = await qr!.evaluate((img) => img.getAttribute('data-token-url'));
  const tokenName = url!.split('/').pop()!;
  assert.ok(url!.startsWith(`${server.url}/api/meta-token/`));
  assert.ok(await page.$(`${dialog} ::-p-text(can be used for 1 hour)`));
  assert.is((await server.app.db.query('SELECT 1 FROM radar_meta_token WHERE token_name = $1', [tokenName])).length, 1);

  await press(`${dialog} button.button--secondary::-p-text(Close)`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  const deadline = Date.now() + 10000;
  while ((await server.app.db.query('SELECT 1 FROM radar_meta_token WHERE token_name = $1', [tokenName])).length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.is((await server.app.db.query('SELECT 1 FROM radar_meta_token WHERE token_name = $1', [tokenName])).length, 0);
});

t.run();
