// Organizations in the built client against the real server: the list sorted by name with a create button for the
// system admin, editing from the detail page, and an organization admin who sees every project of its organization
// and nothing of another organization.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { createProjectRow, createUser } from '../setup/auth';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { clickOn } from './page-actions';

const PASSWORD = 'Organization-Admin-Password-1';
let server: TestServer;
let browser: TestBrowser;
const client = snapshotBuiltClient();

const t = suite('organizations (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  await createProjectRow(server, 'alpha-one', 'alpha');
  await createProjectRow(server, 'alpha-two', 'alpha');
  await createProjectRow(server, 'beta-one', 'beta');
  await createUser(server, 'oadmin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'alpha' }], { password: PASSWORD });
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const go = (p: Page, path: string) => p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const bodyText = (p: Page) => p.evaluate(() => document.body.innerText);
const mainLinks = (p: Page) => p.$$eval('main a', (links) => links.map((a) => a.textContent?.trim() ?? ''));

t('a system admin sees the organizations sorted by name, edits one from its page and stays there', async () => {
  const page = await browser.newPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
  await go(page, 'organization');
  await page.waitForSelector('main a::-p-text(beta)', { timeout: 10000 });
  assert.ok(await page.$('::-p-aria(Create an organization[role="link"])'));
  const names = (await mainLinks(page)).filter((name) => ['alpha', 'beta'].includes(name));
  assert.equal(names, ['alpha', 'beta']);

  await clickOn(page, 'main a::-p-text(alpha)');
  await clickOn(page, '::-p-aria(Edit[role="link"])');
  // The fields by name and role: Firefox's accessibility tree also gives their <label> the name.
  const name = await page.waitForSelector('[role="dialog"] ::-p-aria(Name[role="textbox"])', { timeout: 10000 });
  assert.ok(await name!.evaluate((input) => (input as HTMLInputElement).readOnly), 'the name cannot change');
  const location = await page.waitForSelector('[role="dialog"] ::-p-aria(Location[role="textbox"])');
  await location!.click({ count: 3 });
  await location!.type('Rotterdam');
  await (await page.$('[role="dialog"] ::-p-aria(Save[role="button"])'))!.focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="dialog"]', { hidden: true, timeout: 10000 });
  assert.match(page.url(), /#\/organization\/alpha$/);
  await page.waitForFunction(() => document.body.innerText.includes('Rotterdam'), { timeout: 10000 });
  assert.equal(page.problems(), []);
  await page.close();
});

t('an organization admin sees every project of its organization and none elsewhere', async () => {
  const context = await browser.browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await signInInBrowser(page, server, 'oadmin', PASSWORD);
    await page.waitForSelector('main a::-p-text(alpha)', { timeout: 10000 });
    assert.not.ok((await mainLinks(page)).includes('beta'), 'no card for another organization');

    await clickOn(page, 'main a::-p-text(alpha)');
    await page.waitForSelector('main a::-p-text(alpha-two)', { timeout: 10000 });
    const projects = (await mainLinks(page)).filter((link) => link.includes('-'));
    assert.equal(projects.sort(), ['alpha-one', 'alpha-two']);
    assert.ok(await page.$('::-p-aria(Permissions[role="tab"])'), 'its own organization: Permissions tab');
    assert.ok(await page.$('::-p-aria(Create a project[role="link"])'));

    await clickOn(page, 'main a::-p-text(alpha-one)');
    await page.waitForSelector('::-p-aria(Subjects[role="tab"])', { timeout: 10000 });
    assert.ok(await page.$('::-p-aria(Edit[role="link"])'));

    await go(page, 'organization/beta');
    await page.waitForFunction(() => document.body.innerText.includes('could not be loaded'), { timeout: 10000 });
    const text = await bodyText(page);
    assert.not.ok(text.includes('beta-one'));
    assert.is(await page.$('::-p-aria(Permissions[role="tab"])'), null);
    // The server refused (403) the other organization; that failed request is the only console error.
    assert.ok(problems.every((problem) => /status of 403/.test(problem)), problems.join('\n'));
  } finally {
    await context.close();
  }
});

t.run();
