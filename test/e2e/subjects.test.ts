// Subjects in the built client against the real server, clicked through as a system admin: subjects created in a
// project through the dialog, a filter by external id carried in the URL (and kept on reload), load more until all
// are shown, an edit, two subjects added to a group, a discontinue, a delete, and the changes in their revisions.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { asUser, createProjectRow } from '../setup/auth';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { createGroup } from '../setup/subjects';
import { clickOn, closeAlerts } from './page-actions';

const PROJECT = 'e2e-subjects';
let server: TestServer;
let browser: TestBrowser;
let page: Awaited<ReturnType<TestBrowser['newPage']>>;
let projectId: number;
const failedRequests: string[] = [];

const t = suite('subjects (browser)');
t.before(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  projectId = await createProjectRow(server, PROJECT);
  await createGroup(server, PROJECT, 'control');
  await createGroup(server, PROJECT, 'treatment');
  page = await browser.newPage();
  // Every failed request is a finding.
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
const bodyText = (p: Page) => p.evaluate(() => document.body.innerText);
const hash = (p: Page) => p.evaluate(() => decodeURIComponent(location.hash));
const waitForText = (p: Page, text: string) =>
  p.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 10000 }, text);

/** The row of the subject list that shows `text`. */
const row = (text: string) => `::-p-xpath(//tbody/tr[.//*[normalize-space()="${text}"]])`;
/** A button in that row. */
const rowButton = (text: string, name: string) => `::-p-xpath(//tbody/tr[.//*[normalize-space()="${text}"]]//button[normalize-space()="${name}"])`;
/** An action in the row's More menu: the menu is opened first. */
async function clickInRowMenu(p: Page, text: string, name: string) {
  await clickOn(p, rowButton(text, 'More▾'));
  await clickOn(p, rowButton(text, name));
}

async function loginOf(externalId: string): Promise<string> {
  const [found] = await server.app.db.query<{ login: string }>('SELECT login FROM subject WHERE external_id = $1', [externalId]);
  return found.login;
}

async function createThroughDialog(externalId: string, personName: string, group: string) {
  await clickOn(page, '::-p-aria(Create a subject)');
  await page.waitForSelector(dialog);
  assert.is(await page.$(`${dialog} select[name=projectName]`), null, 'no project select within a project');
  await page.type(`${dialog} input[name=externalId]`, externalId);
  await page.waitForSelector(`${dialog} select[name=group] option[value=${group}]`, { timeout: 10000 });
  await page.select(`${dialog} select[name=group]`, group);
  await page.type(`${dialog} input[name=personName]`, personName);
  await page.select(`${dialog} mp-dictionary-editor >>> [part="key-select"]`, 'Human-readable-identifier');
  await page.type(`${dialog} mp-dictionary-editor >>> [part="value-input"]`, `HR-${externalId}`);
  await clickOn(page, `${dialog} mp-dictionary-editor >>> [part="add-button"]`);
  // The widget renders asynchronously: the entry must be in its list before the dialog is saved.
  await page.waitForSelector(`${dialog} mp-dictionary-editor >>> [part="entry"]`, { timeout: 5000 });
  await clickOn(page, `${dialog} ::-p-aria(Save[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  await page.waitForSelector(row(externalId), { timeout: 10000 });
}

t('subjects are created in a project through the dialog', async () => {
  await go(page, `project/${PROJECT}?tab=subjects`);
  await createThroughDialog('E2E-001', 'Ada Lovelace', 'control');
  await createThroughDialog('E2E-002', 'Alan Turing', 'control');
  const rows = await server.app.db.query<{ external_id: string; person_name: string; removed: boolean }>(
    'SELECT external_id, person_name, removed FROM subject ORDER BY external_id',
  );
  assert.equal(rows, [
    { external_id: 'E2E-001', person_name: 'Ada Lovelace', removed: false },
    { external_id: 'E2E-002', person_name: 'Alan Turing', removed: false },
  ]);
  const text = await (await page.$(row('E2E-001')))!.evaluate((tr) => (tr as HTMLElement).innerText);
  for (const fact of ['Activated', 'control', 'HR-E2E-001']) assert.ok(text.includes(fact), fact);
});

t('a filter by external id goes into the URL and survives a reload', async () => {
  await page.type('.subject-filters input[name=externalId]', ' E2E-002 ');
  await page.waitForSelector(row('E2E-001'), { hidden: true, timeout: 10000 });
  assert.ok(await page.$(row('E2E-002')));
  assert.match(await hash(page), new RegExp(`^#/project/${PROJECT};externalId=E2E-002\\?`));
  await waitForText(page, 'External id: E2E-002');
  await page.reload({ waitUntil: 'networkidle0' });
  await page.waitForSelector(row('E2E-002'), { timeout: 10000 });
  assert.is(await page.$(row('E2E-001')), null);
  assert.is(await page.$eval('.subject-filters input[name=externalId]', (input) => (input as HTMLInputElement).value), 'E2E-002');
  await clickOn(page, '::-p-aria(Clear filters)');
  await page.waitForSelector(row('E2E-001'), { timeout: 10000 });
  assert.not.match(await hash(page), /externalId=/);
});

t('with 27 subjects, load more shows them all', async () => {
  const api = await asUser(server, 'admin');
  for (let i = 1; i <= 25; i++) {
    const created = await api('POST', '/api/subjects', {
      json: { project: { id: projectId, projectName: PROJECT }, externalId: `BULK-${String(i).padStart(2, '0')}` },
    });
    assert.is(created.status, 201, created.text);
  }
  await page.reload({ waitUntil: 'networkidle0' });
  await waitForText(page, 'Load more (20/27 shown)');
  assert.is(await page.$$eval('tbody tr', (rows) => rows.length), 20);
  await clickOn(page, '::-p-aria(Load more (20/27 shown))');
  await waitForText(page, 'All 27 results loaded');
  assert.is(await page.$$eval('tbody tr', (rows) => rows.length), 27);
  assert.match(await hash(page), /page=2/);
  // Sorted by external id, descending: the bulk subjects come first.
  await page.select('select[name=sortBy]', 'externalId');
  await page.select('select[name=sortOrder]', 'desc');
  await page.waitForFunction(() => document.querySelector('tbody tr')?.textContent?.includes('E2E-002'), { timeout: 10000 });
  assert.match(await hash(page), /sort=externalId,desc/);
  await page.select('select[name=sortOrder]', 'asc');
  await page.waitForFunction(() => document.querySelector('tbody tr')?.textContent?.includes('BULK-01'), { timeout: 10000 });
});

t('a subject is edited from its row', async () => {
  await page.type('.subject-filters input[name=externalId]', 'E2E');
  await page.waitForSelector(row('BULK-01'), { hidden: true, timeout: 10000 });
  await closeAlerts(page);
  await clickOn(page, rowButton('E2E-001', 'Edit'));
  await page.waitForSelector(dialog);
  await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === 'Ada Lovelace', { timeout: 10000 }, `${dialog} input[name=personName]`);
  await page.$eval(`${dialog} input[name=personName]`, (input) => (input as HTMLInputElement).select());
  await page.type(`${dialog} input[name=personName]`, 'Ada King');
  await clickOn(page, `${dialog} ::-p-aria(Save[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  const [edited] = await server.app.db.query<{ person_name: string }>("SELECT person_name FROM subject WHERE external_id = 'E2E-001'");
  assert.is(edited.person_name, 'Ada King');
  assert.ok(await page.$(row('E2E-001')), 'still listed');
});

t('two subjects are added to a group', async () => {
  await clickOn(page, '::-p-aria(Select all)');
  await clickOn(page, '::-p-aria(Add selected to group)');
  await page.waitForSelector(dialog);
  const save = `${dialog} ::-p-aria(Save[role="button"])`;
  assert.ok(await page.$eval(save, (button) => (button as HTMLButtonElement).disabled), 'a group must be chosen first');
  await page.select(`${dialog} select[name=group]`, 'treatment');
  await clickOn(page, save);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  await page.waitForFunction(() => [...document.querySelectorAll('tbody tr')].every((tr) => tr.textContent?.includes('treatment')), { timeout: 10000 });
  await waitForText(page, '2 subjects were added to group treatment');
  const groups = await server.app.db.query<{ name: string }>(
    "SELECT g.name FROM subject s JOIN radar_group g ON g.id = s.group_id WHERE s.external_id LIKE 'E2E-%' ORDER BY s.external_id",
  );
  assert.equal(groups.map((g) => g.name), ['treatment', 'treatment']);
});

t('a subject is discontinued from its page: back on the list it no longer counts as active', async () => {
  const login = await loginOf('E2E-002');
  await closeAlerts(page);
  await clickInRowMenu(page, 'E2E-002', 'View');
  await waitForText(page, 'Alan Turing');
  await clickOn(page, '::-p-aria(Discontinue[role="button"])');
  await page.waitForSelector(dialog);
  await waitForText(page, `discontinue subject ${login}`);
  await clickOn(page, `${dialog} ::-p-aria(Discontinue[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  // Back in history: the list, filtered as before.
  await page.waitForFunction((p) => location.hash.startsWith(`#/project/${p};externalId=E2E`), { timeout: 10000 }, PROJECT);
  await page.waitForSelector(row('E2E-002'), { timeout: 10000 });
  const text = await (await page.$(row('E2E-002')))!.evaluate((tr) => (tr as HTMLElement).innerText);
  assert.ok(text.includes('Discontinued'), text);
  assert.ok(await page.$eval(rowButton('E2E-002', 'Edit'), (b) => (b as HTMLButtonElement).disabled));
  const [stored] = await server.app.db.query<{ removed: boolean }>('SELECT removed FROM subject WHERE login = $1', [login]);
  assert.ok(stored.removed);
});

t('a system admin deletes a subject from its page; it leaves the list', async () => {
  await closeAlerts(page);
  await clickInRowMenu(page, 'E2E-001', 'View');
  await waitForText(page, 'Ada King');
  await clickOn(page, '::-p-aria(Delete[role="button"])');
  await page.waitForSelector(dialog);
  await clickOn(page, `${dialog} ::-p-aria(Delete[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  await page.waitForFunction((p) => location.hash.startsWith(`#/project/${p}`), { timeout: 10000 }, PROJECT);
  await page.waitForSelector(row('E2E-002'), { timeout: 10000 });
  assert.is(await page.$(row('E2E-001')), null);
  const rows = await server.app.db.query("SELECT 1 FROM subject WHERE external_id = 'E2E-001'");
  assert.is(rows.length, 0);
});

t('the revisions show the creation, the edit, the discontinue and the delete', async () => {
  const discontinued = await loginOf('E2E-002');
  await go(page, `subject/${discontinued}/revisions`);
  await waitForText(page, 'Subject revisions');
  await page.waitForSelector('tbody tr td::-p-text(Modified)', { timeout: 10000 });
  const text = await bodyText(page);
  for (const fact of ['Added', 'Modified', 'admin', 'Discontinued', 'Activated', PROJECT]) assert.ok(text.includes(fact), fact);
  // One revision as it stood.
  await clickOn(page, 'tbody tr:first-child td:first-child a');
  await waitForText(page, 'Subject revision');
  await waitForText(page, 'E2E-002');

  const [deleted] = await server.app.db.query<{ entity_key: string }>(
    "SELECT entity_key FROM revision_change WHERE entity_kind = 'subject' AND change_type = 'DEL'",
  );
  await go(page, `subject/${deleted.entity_key}/revisions`);
  await page.waitForSelector('tbody tr td::-p-text(Deleted)', { timeout: 10000 });
  const history = await bodyText(page);
  assert.ok(history.includes('E2E-001'));
  for (const type of ['Added', 'Modified', 'Deleted']) assert.ok(new RegExp(`\\b${type}\\b`).test(history), type);
  assert.equal(failedRequests, []);
  assert.equal(page.problems().filter((problem) => !problem.startsWith('console: Failed to load resource')), []);
});

t.run();
