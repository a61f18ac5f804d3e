// Sources in the built client against the real server, clicked through as a system admin: a source created in a
// project's Sources tab, seen in both lists, edited, assigned to a subject through the subject's "pair sources"
// dialog and shown on the subject's page, and an unassigned source deleted.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { asUser, createProjectRow } from '../setup/auth';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { clickOn, closeAlerts } from './page-actions';

const PROJECT = 'e2e-sources';
let server: TestServer;
let browser: TestBrowser;
let page: Awaited<ReturnType<TestBrowser['newPage']>>;
let subjectLogin: string;
const failedRequests: string[] = [];

const t = suite('sources (browser)');
t.before(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const projectId = await createProjectRow(server, PROJECT);
  // Source types are another issue's API: written as rows, linked to the project.
  const [type] = await server.app.db.query<{ id: number }>(
    "INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ('Acme', 'Watch', 'v1', 'PASSIVE') RETURNING id",
  );
  await server.app.db.query('INSERT INTO project_source_type (project_id, source_type_id) VALUES ($1, $2)', [projectId, type.id]);
  const created = await (await asUser(server, 'admin'))('POST', '/api/subjects', { json: { project: { id: projectId, projectName: PROJECT }, externalId: 'SRC-1' } });
  assert.is(created.status, 201, created.text);
  subjectLogin = created.body.login;
  page = await browser.newPage();
  page.on('response', (response) => {
    if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
  });
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
});

const dialog = '[role="dialog"]';
const go = (p: Page, path: string) => p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const waitForText = (p: Page, text: string) => p.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 10000 }, text);
const row = (text: string) => `::-p-xpath(//tbody/tr[.//*[normalize-space()="${text}"]])`;
const rowControl = (text: string, name: string) => `::-p-xpath(//tbody/tr[.//*[normalize-space()="${text}"]]//*[(self::a or self::button) and normalize-space()="${name}"])`;
const source = async (name: string) =>
  (await server.app.db.query<{ expected_source_name: string | null; subject: string | null; project: string }>(
    `SELECT rs.expected_source_name, s.login AS subject, p.project_name AS project
       FROM radar_source rs JOIN project p ON p.id = rs.project_id LEFT JOIN subject s ON s.id = rs.subject_id WHERE rs.source_name = $1`,
    [name],
  ))[0];

async function fillSourceDialog(name: string, expected: string) {
  await page.waitForSelector(dialog);
  await page.type(`${dialog} input[name=sourceName]`, name);
  await page.waitForSelector(`${dialog} select[name=sourceTypeId] option:not([value=""])`, { timeout: 10000 });
  const typeId = await page.$eval(`${dialog} select[name=sourceTypeId] option:not([value=""])`, (o) => (o as HTMLOptionElement).value);
  await page.select(`${dialog} select[name=sourceTypeId]`, typeId);
  await page.type(`${dialog} input[name=expectedSourceName]`, expected);
}

async function save() {
  await page.click(`${dialog} ::-p-aria(Save[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
}

t('a source is created in the project\'s Sources tab, with an attribute', async () => {
  await go(page, `project/${PROJECT}?tab=sources`);
  await clickOn(page, '::-p-aria(Create a source)');
  await fillSourceDialog('watch-1', 'W-ONE');
  assert.ok(await page.$eval(`${dialog} select[name=projectName]`, (s) => (s as HTMLSelectElement).disabled), 'the project is fixed');
  await page.select(`${dialog} mp-dictionary-editor >>> [part="key-select"]`, 'serialNumber');
  await page.type(`${dialog} mp-dictionary-editor >>> [part="value-input"]`, 'SN-1');
  await clickOn(page, `${dialog} mp-dictionary-editor >>> [part="add-button"]`);
  await page.waitForSelector(`${dialog} mp-dictionary-editor >>> [part="entry"]`, { timeout: 5000 });
  await save();
  await page.waitForSelector(row('watch-1'), { timeout: 10000 });
  assert.equal(await source('watch-1'), { expected_source_name: 'W-ONE', subject: null, project: PROJECT });
  const text = await (await page.$(row('watch-1')))!.evaluate((tr) => (tr as HTMLElement).innerText);
  for (const fact of ['Unassigned', 'Acme Watch v1', 'serialNumber: SN-1']) assert.ok(text.includes(fact), fact);
});

t('a second source is created from the general list, choosing the project; both are listed there', async () => {
  await go(page, 'source');
  await page.waitForSelector(row('watch-1'), { timeout: 10000 });
  await closeAlerts(page);
  await clickOn(page, '::-p-aria(Create a source)');
  await page.waitForSelector(`${dialog} select[name=projectName] option[value="${PROJECT}"]`, { timeout: 10000 });
  await page.select(`${dialog} select[name=projectName]`, PROJECT);
  await fillSourceDialog('watch-2', 'W-TWO');
  await save();
  await page.waitForSelector(row('watch-2'), { timeout: 10000 });
  const text = await (await page.$(row('watch-1')))!.evaluate((tr) => (tr as HTMLElement).innerText);
  assert.ok(text.includes(PROJECT), 'the general list shows the project');
});

t('a source is edited from its row', async () => {
  await closeAlerts(page);
  await clickOn(page, rowControl('watch-1', 'Edit'));
  await page.waitForSelector(dialog);
  await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === 'W-ONE', { timeout: 10000 }, `${dialog} input[name=expectedSourceName]`);
  await page.$eval(`${dialog} input[name=expectedSourceName]`, (input) => (input as HTMLInputElement).select());
  await page.type(`${dialog} input[name=expectedSourceName]`, 'W-1');
  await save();
  await page.waitForSelector(rowControl('W-1', 'Edit'), { timeout: 10000 });
  assert.is((await source('watch-1')).expected_source_name, 'W-1');
});

t('the source is assigned to a subject through its pair-sources dialog and shows on the subject', async () => {
  await go(page, `project/${PROJECT}?tab=subjects`);
  await clickOn(page, rowControl('SRC-1', 'More▾'));
  await clickOn(page, rowControl('SRC-1', 'Pair sources'));
  await page.waitForSelector(dialog);
  await clickOn(page, `${dialog} ::-p-aria(Add watch-1)`);
  await page.waitForSelector(`${dialog} ::-p-aria(Remove watch-1)`, { timeout: 5000 });
  await save();
  assert.is((await source('watch-1')).subject, subjectLogin);
  await go(page, `subject/${subjectLogin}`);
  await page.waitForSelector(`a[href$="source/watch-1"]`, { timeout: 10000 });
  await go(page, `source/watch-1`);
  await waitForText(page, subjectLogin);
});

t('an unassigned source is deleted from the list', async () => {
  await go(page, 'source');
  await page.waitForSelector(row('watch-2'), { timeout: 10000 });
  await closeAlerts(page);
  await clickOn(page, rowControl('watch-2', 'Delete'));
  await page.waitForSelector(dialog);
  await waitForText(page, 'delete source watch-2');
  await page.click(`${dialog} ::-p-aria(Delete[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  await page.waitForSelector(row('watch-2'), { hidden: true, timeout: 10000 });
  assert.is(await source('watch-2'), undefined);
  assert.ok(await page.$(row('watch-1')));
  assert.equal(failedRequests, []);
});

t.run();
