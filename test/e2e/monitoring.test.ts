// The system-admin monitoring screens in a real browser against the real server: health, loggers (changing a level
// reaches the server's logger registry), the audit log showing the admin's own sign-in, and the runtime metrics with
// the thread dump, the server's caches and its database connection pool.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { dialogTitle, isolatedPage, unexpectedProblems, waitForHeading, type ShellPage } from './shell-helpers';

let server: TestServer;
let browser: TestBrowser;
const client = snapshotBuiltClient();
// GET api/source-types may answer 404 until that endpoint exists; nothing else may reach the console.
const EXPECTED = [/status of 404/];

const t = suite('monitoring (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  client.remove();
  await dropTemplatesAfterFile();
});

const textOf = (page: ShellPage, selector: string) => page.$eval(selector, (element) => element.textContent ?? '');
const waitForText = (page: ShellPage, text: string, where = 'main') =>
  page.waitForFunction((wanted, selector) => document.querySelector(selector)?.textContent?.includes(wanted), { timeout: 10000 }, text, where);

async function open(page: ShellPage, route: string, heading: string): Promise<void> {
  await page.goto(`${server.url}/#/${route}`, { waitUntil: 'networkidle0' });
  await waitForHeading(page, heading);
}

t('health, logs (a level change), audits (the sign-in) and metrics as the system admin', async () => {
  const page = await isolatedPage(browser);
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);

  await open(page, 'jhi-health', 'Health checks');
  await waitForText(page, 'Database');
  const dbRow = await page.$$eval('main tbody tr', (rows) => rows.map((row) => row.textContent ?? ''));
  assert.ok(dbRow.some((row) => row.startsWith('Database') && row.includes('UP')), dbRow.join(' | '));
  assert.is(await page.$eval('main tbody tr td[title="diskSpace"]', (td) => td.textContent), 'Disk space');
  await page.click('button[aria-label="Show details of Disk space"]');
  await page.waitForSelector('[role="dialog"]');
  assert.is(await dialogTitle(page), 'Disk space');
  assert.match(await textOf(page, '[role="dialog"]'), /\d+\.\d\d (GB|MB)/);
  await page.keyboard.press('Escape');

  await open(page, 'logs', 'Logs');
  await page.waitForSelector('[role="group"][aria-label="http"]');
  await page.type('input[name="filter"]', 'HTT');
  await page.waitForFunction(() => document.querySelectorAll('main [role="group"]').length === 1, { timeout: 5000 });
  assert.is(server.app.logs.effectiveLevel('http'), 'WARN');
  await page.click('[role="group"][aria-label="http"] button:nth-child(2)');
  await page.waitForSelector('[role="group"][aria-label="http"] button:nth-child(2)[aria-pressed="true"]', { timeout: 5000 });
  assert.is(server.app.logs.effectiveLevel('http'), 'DEBUG');

  await open(page, 'audits', 'Audits');
  // The type filter names the sign-in too: wait for it in the table's rows. It reads as words, the code as its title.
  await waitForText(page, 'Sign-in succeeded', 'main tbody');
  const rows = await page.$$eval('main tbody tr', (trs) =>
    trs.map((tr) => `${tr.textContent ?? ''} [${(tr as HTMLTableRowElement).cells[2]?.querySelector('[title]')?.getAttribute('title') ?? ''}]`));
  assert.ok(rows.some((row) => row.includes('admin') && row.includes('Sign-in succeeded') && row.includes('[AUTHENTICATION_SUCCESS]')), rows.join(' | '));
  assert.match(await textOf(page, 'main'), /Showing 1 - \d+ of \d+ items/);

  await open(page, 'jhi-metrics', 'Application metrics');
  await waitForText(page, 'Memory');
  await waitForText(page, 'HTTP requests (total:');
  await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Updating...'), { timeout: 10000 });
  const expand = await page.waitForSelector('xpath/.//button[text()="Expand"]');
  await expand!.click();
  await page.waitForSelector('[role="dialog"]');
  assert.is(await dialogTitle(page), 'Thread dump');
  assert.match(await textOf(page, '[role="dialog"]'), /main \(id \d+\)/);
  await page.keyboard.press('Escape');

  // The caches this process holds (the client's files it just served among them) and its connection pool, in numbers.
  await waitForText(page, 'Cache statistics');
  const cacheRows = await page.$$eval('section[aria-labelledby="metrics-cache-title"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
  const files = cacheRows.find(([name]) => name === 'staticFiles');
  assert.ok(files, JSON.stringify(cacheRows));
  assert.ok(files!.slice(1, 7).every((cell) => /^\d+$/.test(cell)), files!.join(' | '));
  assert.ok(Number(files![3]) > 0, 'the client files were looked up');
  assert.match(files![7], /^\d+\.\d\d %$/);
  const pool = await textOf(page, 'section[aria-labelledby="metrics-datasource-title"]');
  assert.match(pool, /Connection pool usage \(active: \d+, min: \d+, max: (1|10), idle: \d+, pending: \d+\)/);
  const usage = await page.$$eval('section[aria-labelledby="metrics-datasource-title"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')).find(([name]) => name === 'Usage'));
  assert.ok(usage && Number(usage[1]) > 0, JSON.stringify(usage));
  assert.match(usage![2], /^\d+\.\d\d ms$/);

  assert.equal(unexpectedProblems(page.problems(), EXPECTED), []);
  await page.dispose();
});

t.run();
