// Source types and source data in the built client against the real server: a system admin creates a source type
// with a source-data row, finds it in the list and on its page, edits it, finds the row in the source-data list,
// and deletes both again through their confirmation dialogs.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { clickOn } from './page-actions';

let server: TestServer;
let browser: TestBrowser;
const client = snapshotBuiltClient();

const t = suite('source types (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const go = (p: Page, path: string) => p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const waitForText = (p: Page, text: string, present = true) =>
  p.waitForFunction((s, want) => document.querySelector('main')!.innerText.includes(s) === want, { timeout: 10000 }, text, present);

async function fill(p: Page, name: string, value: string) {
  const input = await p.waitForSelector(`[role="dialog"] [name="${name}"]`, { timeout: 10000 });
  await input!.click({ count: 3 });
  await input!.type(value);
}

async function saveDialog(p: Page, button = 'Save') {
  await clickOn(p, `[role="dialog"] ::-p-aria(${button}[role="button"])`);
  await p.waitForSelector('[role="dialog"]', { hidden: true, timeout: 10000 });
}

/** Clicks a link in the table row whose text contains `rowText`. */
async function clickInRow(p: Page, rowText: string, linkText: string) {
  await waitForText(p, rowText);
  const rows = await p.$$('main tbody tr');
  for (const row of rows) {
    if (!(await row.evaluate((r, s) => (r as HTMLElement).innerText.includes(s), rowText))) continue;
    await (await row.$(`a::-p-text(${linkText})`))!.click();
    return;
  }
  throw new Error(`no row with ${rowText}`);
}

t('create, view, edit and delete a source type with its source data', async () => {
  const page = await browser.newPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
  await go(page, 'source-type');
  await clickOn(page, '::-p-aria(Create a source type[role="link"])');
  await fill(page, 'producer', 'E2E-Vendor');
  await fill(page, 'model', 'Band');
  await fill(page, 'catalogVersion', 'v1');
  await page.select('[role="dialog"] select[name="sourceTypeScope"]', 'PASSIVE');
  await clickOn(page, '[role="dialog"] ::-p-aria(Add source data[role="button"])');
  await fill(page, 'sourceData-0-sourceDataType', 'ACCELEROMETER');
  await fill(page, 'sourceData-0-sourceDataName', 'E2E_BAND_ACC');
  await fill(page, 'sourceData-0-frequency', '32');
  await page.select('[role="dialog"] select[name="sourceData-0-processingState"]', 'RAW');
  await saveDialog(page);

  await waitForText(page, 'E2E-Vendor');
  await clickInRow(page, 'E2E-Vendor', 'View');
  await page.waitForFunction(() => location.hash.endsWith('/source-type/E2E-Vendor/Band/v1'), { timeout: 10000 });
  await waitForText(page, 'E2E_BAND_ACC');
  assert.ok((await page.evaluate(() => document.querySelector('main')!.innerText)).includes('Passive'), 'the scope reads as a word');

  await clickOn(page, 'main ::-p-aria(Edit[role="link"])');
  await fill(page, 'name', 'Research band');
  await fill(page, 'sourceData-0-unit', 'g');
  await saveDialog(page);
  await waitForText(page, 'Research band');

  await go(page, 'source-data');
  await clickInRow(page, 'E2E_BAND_ACC', 'View');
  await waitForText(page, 'Source data type');
  const detail = await page.evaluate(() => document.querySelector('main')!.innerText);
  assert.ok(detail.includes('ACCELEROMETER') && detail.includes('E2E-Vendor Band v1'), detail);

  await go(page, 'source-data');
  await clickInRow(page, 'E2E_BAND_ACC', 'Delete');
  await saveDialog(page, 'Delete');
  await waitForText(page, 'E2E_BAND_ACC', false);

  await go(page, 'source-type');
  await clickInRow(page, 'E2E-Vendor', 'Delete');
  await saveDialog(page, 'Delete');
  await waitForText(page, 'E2E-Vendor', false);
  const [{ n }] = await server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM source_type WHERE producer = 'E2E-Vendor'");
  assert.is(n, 0);
  assert.equal(page.problems(), []);
  await page.close();
});

t.run();
