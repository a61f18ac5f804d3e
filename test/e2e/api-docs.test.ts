// The embedded API documentation in a real browser against a server started with PROFILES=prod,api-docs: the system
// admin opens Administration → API documentation, filters for projects, opens GET /api/projects and runs it
// ("try it out"), then creates a group with a POST through the same form (the session cookie and X-XSRF-TOKEN go
// along as for the app's own requests).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ElementHandle } from 'puppeteer-core';
import { createProjectRow } from '../setup/auth';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { isolatedPage, menuItems, unexpectedProblems, waitForHeading, type ShellPage } from './shell-helpers';

let server: TestServer;
let browser: TestBrowser;
const client = snapshotBuiltClient();

const t = suite('api docs (browser)');
t.before(async () => {
  server = await startTestServer({ PROFILES: 'prod,api-docs' }, { clientDir: client.clientDir });
  browser = await launchBrowser();
  await createProjectRow(server, 'docs-demo', 'main');
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  client.remove();
  await dropTemplatesAfterFile();
});

/** The operation's panel, after opening it. */
async function openOperation(page: ShellPage, key: string): Promise<ElementHandle<Element>> {
  const toggle = await page.waitForSelector(`[data-operation="${key}"]`, { timeout: 10000 });
  await toggle!.click();
  return (await toggle!.evaluateHandle((button) => button.closest('article')!)) as ElementHandle<Element>;
}

async function clickButton(panel: ElementHandle<Element>, text: string): Promise<void> {
  const button = await panel.waitForSelector(`xpath/.//button[normalize-space(text())="${text}"]`, { timeout: 5000 });
  await button!.click();
}

async function filterFor(page: ShellPage, text: string): Promise<void> {
  await page.click('input[name="filter"]', { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type('input[name="filter"]', text);
  // The list follows the filter 150 ms after the last key; until then it shows the old filter's operations and
  // moves when it changes, so a click into it could land beside its target (seen once on Firefox).
  await page.waitForSelector('.api-docs__results[aria-busy="false"]', { timeout: 10000 });
}

const answerOf = async (panel: ElementHandle<Element>) => {
  const status = await panel.waitForSelector('.api-docs__status[data-status]', { timeout: 10000 });
  return {
    status: await status!.evaluate((el) => el.getAttribute('data-status')),
    body: await panel.$eval('.api-docs__response-text', (el) => el.textContent ?? ''),
    headers: await panel.$eval('.api-docs__headers', (el) => el.textContent ?? ''),
  };
};

t('Administration → API documentation: filter, open GET /api/projects, try it out; then POST a group', async () => {
  const page = await isolatedPage(browser);
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);

  assert.ok((await menuItems(page, 'admin-menu')).includes('API documentation'));
  await page.click('#admin-menu');
  await page.click('[aria-labelledby="admin-menu"] a[href="#/docs"]');
  await waitForHeading(page, 'API documentation');
  await page.waitForSelector('input[name="filter"]', { timeout: 10000 });
  assert.is(await page.$('[data-operation]'), null, 'tags start closed');

  await filterFor(page, 'projects');
  const list = await openOperation(page, 'GET /api/projects');
  assert.match(await list.evaluate((el) => el.textContent ?? ''), 'holders of PROJECT.READ through any of their roles');
  await clickButton(list, 'Try it out');
  await clickButton(list, 'Execute');
  const projects = await answerOf(list);
  assert.is(projects.status, '200');
  assert.match(projects.headers, /X-Total-Count\s*1/);
  assert.match(projects.body, '"projectName": "docs-demo"');
  assert.equal(JSON.parse(projects.body).map((p: { projectName: string }) => p.projectName), ['docs-demo']);

  await filterFor(page, 'post groups');
  const create = await openOperation(page, 'POST /api/projects/{projectName}/groups');
  await clickButton(create, 'Try it out');
  // The form renders after the click's state update: wait for it rather than read the panel at once.
  const projectName = await create.waitForSelector('input[name="path-projectName"]', { timeout: 10000 });
  await projectName!.type('docs-demo');
  const body = await create.$('textarea[name="body"]');
  await body!.click({ count: 3 });
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await body!.type('{"name": "from-the-docs"}');
  await clickButton(create, 'Execute');
  const group = await answerOf(create);
  assert.is(group.status, '201');
  assert.match(group.body, '"name": "from-the-docs"');
  const rows = await server.app.db.query<{ name: string }>(
    "SELECT g.name FROM radar_group g JOIN project p ON p.id = g.project_id WHERE p.project_name = 'docs-demo'",
  );
  assert.equal(rows.map((r) => r.name), ['from-the-docs']);

  assert.equal(unexpectedProblems(page.problems()), []);
  await page.dispose();
});

t.run();
