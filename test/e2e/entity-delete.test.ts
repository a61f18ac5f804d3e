// Deleting organizations and projects in the built client against the real server. A system admin creates an
// organization with a project through the API, tries to delete the organization (the server's 409 reason shows in
// the dialog), deletes the project from its page (back on the organization's page, the project gone), then the
// organization (back on the list, gone). A project admin gets no Delete for the organization, nor for its own
// project: the server would permit it, but never while that admin's own role is in the project.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { asUser, createProjectRow, createUser } from '../setup/auth';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { hashOf, isolatedPage, waitForHeading, type ShellPage } from './shell-helpers';
import { clickOn } from './page-actions';

const PASSWORD = 'Project-Admin-Password-1';
const dialog = '[role="dialog"]';
let server: TestServer;
let browser: TestBrowser;
let page: ShellPage;
const client = snapshotBuiltClient();

const t = suite('deleting organizations and projects (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  const api = await asUser(server, 'admin');
  const org = await api('POST', '/api/organizations', { json: { name: 'del-org', description: 'To be deleted', location: 'Leiden' } });
  assert.is(org.status, 201, org.text);
  const project = await api('POST', '/api/projects', {
    json: { projectName: 'del-study', description: 'A study to delete', location: 'Leiden', organization: { name: 'del-org' } },
  });
  assert.is(project.status, 201, project.text);
  await createProjectRow(server, 'pa-study', 'pa-org');
  await createUser(server, 'padmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'pa-study' }], { password: PASSWORD });
  page = await isolatedPage(browser);
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await page?.dispose();
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const go = (p: Page, path: string) => p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const waitForText = (p: Page, text: string, root = 'body') =>
  p.waitForFunction((wanted, selector) => document.querySelector(selector)?.textContent?.includes(wanted), { timeout: 10000 }, text, root);
const exists = async (sql: string) => (await server.app.db.query(sql)).length > 0;

/** From the keyboard: alert toasts sit over the dialog's bottom-right corner for a few seconds. */
async function press(p: Page, selector: string) {
  const button = await p.waitForSelector(selector, { timeout: 10000 });
  await button!.focus();
  await p.keyboard.press('Enter');
}

t('deleting an organization that still has a project: the reason shows in the dialog, nothing is deleted', async () => {
  await go(page, 'organization/del-org');
  await waitForHeading(page, 'Organization: del-org');
  await page.waitForSelector('main a::-p-text(del-study)', { timeout: 10000 });
  await clickOn(page, 'main ::-p-aria(Delete[role="link"])');
  await waitForText(page, 'Are you sure you want to delete organization del-org?', dialog);
  await press(page, `${dialog} ::-p-aria(Delete[role="button"])`);
  await waitForText(page, 'The organization still has projects; delete or move them first.', `${dialog} [role="alert"]`);
  await press(page, `${dialog} ::-p-aria(Cancel[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  assert.is(await hashOf(page), '#/organization/del-org');
  assert.ok(await exists("SELECT 1 FROM radar_organization WHERE name = 'del-org'"));
});

t('deleting the project from its page lands on its organization page, without the project', async () => {
  await clickOn(page, 'main a::-p-text(del-study)');
  await waitForText(page, 'A study to delete', 'main');
  await clickOn(page, 'main ::-p-aria(Delete[role="link"])');
  await waitForText(page, 'Are you sure you want to delete project del-study?', dialog);
  await press(page, `${dialog} ::-p-aria(Delete[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  await waitForHeading(page, 'Organization: del-org');
  assert.is(await hashOf(page), '#/organization/del-org');
  await page.waitForSelector('main a::-p-text(del-study)', { hidden: true, timeout: 10000 });
  await waitForText(page, 'A project is deleted with identifier del-study');
  assert.not.ok(await exists("SELECT 1 FROM project WHERE project_name = 'del-study'"));
});

t('then deleting the empty organization lands on the organization list, without it', async () => {
  await clickOn(page, 'main ::-p-aria(Delete[role="link"])');
  await waitForText(page, 'Are you sure you want to delete organization del-org?', dialog);
  await press(page, `${dialog} ::-p-aria(Delete[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  await waitForHeading(page, 'Organizations');
  assert.is(await hashOf(page), '#/organization');
  await page.waitForSelector('main a::-p-text(pa-org)', { timeout: 10000 });
  assert.is(await page.$('main a::-p-text(del-org)'), null);
  assert.not.ok(await exists("SELECT 1 FROM radar_organization WHERE name = 'del-org'"));
});

t('no console errors besides the one refused delete', () => {
  const refused = /Failed to load resource: the server responded with a status of 409/;
  assert.equal(page.problems().filter((problem) => !refused.test(problem)), []);
  assert.is(page.problems().filter((problem) => refused.test(problem)).length, 1);
});

t('a project admin gets no Delete for the organization, nor for its own project (its role there keeps it)', async () => {
  const own = await isolatedPage(browser);
  try {
    await signInInBrowser(own, server, 'padmin', PASSWORD);
    await go(own, 'organization/pa-org');
    await waitForHeading(own, 'Organization: pa-org');
    await own.waitForSelector('main a::-p-text(pa-study)', { timeout: 10000 });
    assert.is(await own.$('main ::-p-aria(Delete[role="link"])'), null);
    assert.is(await own.$('main ::-p-aria(Delete[role="button"])'), null);
    assert.is(await own.$('main ::-p-aria(Edit[role="link"])'), null);

    await clickOn(own, 'main a::-p-text(pa-study)');
    await own.waitForSelector('::-p-aria(Groups[role="tab"])', { timeout: 10000 });
    await own.waitForSelector('main ::-p-aria(Edit[role="link"])', { timeout: 10000 });
    assert.is(await own.$('main ::-p-aria(Delete[role="link"])'), null);
    assert.is(await own.$('main ::-p-aria(Delete[role="button"])'), null);
    assert.ok(await exists("SELECT 1 FROM project WHERE project_name = 'pa-study'"));
  } finally {
    await own.dispose();
  }
});

t.run();
