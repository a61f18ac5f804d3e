// Organizations and projects in the built client against the real server, clicked through as a system admin:
// an organization, a project in it with attributes, dates and a source type, a group; a user made project admin in
// the Permissions tab, who then sees that project and no other; a group with subjects deleted through the 409
// confirmation; and the revisions page listing those changes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'puppeteer-core';
import { asUser, createProjectRow, createUser } from '../setup/auth';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { clickOn } from './page-actions';

const PASSWORD = 'Project-Admin-Password-1';
let server: TestServer;
let browser: TestBrowser;
let page: Awaited<ReturnType<TestBrowser['newPage']>>;
const client = snapshotBuiltClient();

const t = suite('projects (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  // There is no source-type screen yet: the catalogue entry goes straight into the database.
  await server.app.db.query(
    "INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ('Empatica', 'E4', 'v1', 'PASSIVE')",
  );
  await createUser(server, 'padmin', [], { password: PASSWORD });
  page = await browser.newPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const go = (p: Page, path: string) => p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const bodyText = (p: Page) => p.evaluate(() => document.body.innerText);
const waitForText = (p: Page, text: string) =>
  p.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 10000 }, text);
const dialog = '[role="dialog"]';

/** Waits for the element (lazy pages and requests take a moment), then clicks it. */
async function typeInto(p: Page, label: string, text: string) {
  const field = await p.waitForSelector(`${dialog} ::-p-aria(${label})`, { timeout: 10000 });
  await field!.type(text);
}

/**
 * Activates a button from the keyboard: the alert toasts sit above the dialog's bottom-right corner for five
 * seconds, where a mouse click on Save would land on a toast instead.
 */
async function press(p: Page, selector: string) {
  const button = await p.waitForSelector(selector, { timeout: 10000 });
  await button!.focus();
  await p.keyboard.press('Enter');
}

async function save(p: Page) {
  await press(p, `${dialog} ::-p-aria(Save[role="button"])`);
  await p.waitForSelector(dialog, { hidden: true, timeout: 10000 });
}

t('a system admin creates an organization', async () => {
  await go(page, 'organization');
  await clickOn(page, '::-p-aria(Create an organization[role="link"])');
  await typeInto(page, 'Name', 'e2e-org');
  await typeInto(page, 'Description', 'End-to-end organization');
  await typeInto(page, 'Location', 'Amsterdam');
  await save(page);
  await clickOn(page, 'main a::-p-text(e2e-org)');
  await waitForText(page, 'End-to-end organization');
  assert.ok(await page.$('::-p-aria(Permissions[role="tab"])'));
});

t('and a project in it with status, dates and attributes', async () => {
  await clickOn(page, '::-p-aria(Create a project[role="link"])');
  await page.waitForSelector(dialog);
  assert.match(await bodyText(page), /cannot be changed after the project is created/);
  await typeInto(page, 'Project name', 'e2e-study');
  await typeInto(page, 'Description', 'An end-to-end study');
  await typeInto(page, 'Location', 'Utrecht');
  await page.select(`${dialog} select[name=projectStatus]`, 'ONGOING');
  // Chromium's date field in en-US takes month, day and year digits.
  await page.type(`${dialog} input[name=startDate]`, '02012024');
  await page.type(`${dialog} input[name=endDate]`, '11302024');
  await page.select(`${dialog} mp-dictionary-editor >>> [part="key-select"]`, 'Phase');
  await page.type(`${dialog} mp-dictionary-editor >>> [part="value-input"]`, 'pilot');
  await clickOn(page, `${dialog} mp-dictionary-editor >>> [part="add-button"]`);
  // The widget renders asynchronously: the entry must be in its list before the dialog is saved.
  await page.waitForSelector(`${dialog} mp-dictionary-editor >>> [part="entry"]`, { timeout: 5000 });
  await save(page);
  await clickOn(page, 'main a::-p-text(e2e-study)');
  await waitForText(page, 'An end-to-end study');
  const text = await bodyText(page);
  for (const fact of ['Utrecht', 'Ongoing', '2024-02-01', '2024-11-30', 'Phase => pilot', 'e2e-org']) assert.ok(text.includes(fact), fact);
});

t('editing the project adds a source type through the typeahead', async () => {
  await clickOn(page, '::-p-aria(Edit[role="link"])');
  await page.waitForSelector(dialog);
  await page.type(`${dialog} [role="combobox"]`, 'E4');
  await clickOn(page, `${dialog} ::-p-aria(Empatica_E4_v1[role="option"])`);
  assert.ok(await page.$(`${dialog} ::-p-aria(Remove source type Empatica_E4_v1)`));
  await save(page);
  const [project] = await server.app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM project_source_type pst JOIN project p ON p.id = pst.project_id WHERE p.project_name = 'e2e-study'",
  );
  assert.is(project.n, 1);
});

t('a group is created on the Groups tab', async () => {
  await go(page, 'project/e2e-study?tab=groups');
  await clickOn(page, '::-p-aria(Create a group[role="link"])');
  await typeInto(page, 'Name', 'wave-1');
  await save(page);
  await page.waitForSelector('td::-p-text(wave-1)', { timeout: 10000 });
});

t('a user is made project admin on the Permissions tab', async () => {
  await clickOn(page, '::-p-aria(Permissions[role="tab"])');
  await page.waitForSelector('select[name=user] option[value=padmin]', { timeout: 10000 });
  await page.select('select[name=user]', 'padmin');
  await clickOn(page, '::-p-aria(Add[role="button"])');
  await page.waitForSelector('::-p-aria(Remove Project admin of padmin)', { timeout: 10000 });
});

t('that user signs in and sees that project and no other', async () => {
  await createProjectRow(server, 'other-study', 'e2e-org');
  await createProjectRow(server, 'far-study', 'far-org');
  const context: BrowserContext = await browser.browser.createBrowserContext();
  try {
    const own = await context.newPage();
    await signInInBrowser(own, server, 'padmin', PASSWORD);
    await waitForText(own, 'e2e-org');
    assert.not.ok((await bodyText(own)).includes('far-org'), 'only the organization of its project');
    await go(own, 'organization/e2e-org');
    await own.waitForSelector('main a::-p-text(e2e-study)', { timeout: 10000 });
    assert.not.ok((await bodyText(own)).includes('other-study'));
    assert.is(await own.$('::-p-aria(Permissions[role="tab"])'), null, 'not an organization admin');
    await clickOn(own, 'main a::-p-text(e2e-study)');
    await own.waitForSelector('::-p-aria(Groups[role="tab"])', { timeout: 10000 });
  } finally {
    await context.close();
  }
});

t('deleting a group that has subjects goes through the confirmation', async () => {
  const api = await asUser(server, 'admin');
  const [project] = await server.app.db.query<{ id: number }>("SELECT id FROM project WHERE project_name = 'e2e-study'");
  const created = await api('POST', '/api/subjects', {
    json: { project: { id: project.id, projectName: 'e2e-study' }, group: 'wave-1', externalId: 'ext-1' },
  });
  assert.is(created.status, 201, created.text);
  await go(page, 'project/e2e-study');
  await clickOn(page, '::-p-aria(Groups[role="tab"])');
  await page.waitForSelector('td::-p-text(wave-1)', { timeout: 10000 });
  await clickOn(page, '::-p-aria(Delete group wave-1[role="button"])');
  await page.waitForSelector(dialog, { timeout: 10000 });
  await waitForText(page, 'Are you sure you want to delete group wave-1?');
  await press(page, `${dialog} ::-p-aria(Delete[role="button"])`);
  await waitForText(page, 'Group wave-1 still has subjects');
  await press(page, `${dialog} ::-p-aria(Delete[role="button"])`);
  await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  await page.waitForSelector('td::-p-text(wave-1)', { hidden: true, timeout: 10000 });
  const [subject] = await server.app.db.query<{ group_id: number | null }>("SELECT group_id FROM subject WHERE external_id = 'ext-1'");
  assert.is(subject.group_id, null, 'the subject stays, without a group');
});

t('the revisions page lists those changes as coloured links', async () => {
  await go(page, 'revisions?sort=id,desc');
  await page.waitForSelector('.revision-change', { timeout: 10000 });
  const changes = await page.$$eval('.revision-change', (links) => links.map((a) => `${a.className}|${a.textContent}|${a.getAttribute('href') ?? ''}`));
  const has = (cls: string, text: string, href: string) => changes.some((c) => c.includes(cls) && c.includes(text) && c.endsWith(href));
  // Each leads to the revision view, naming the entity to highlight (test/e2e/revisions.test.ts follows them).
  assert.ok(has('revision-change--add', 'e2e-study', '?kind=project&key=e2e-study'), changes.join('\n'));
  assert.ok(has('revision-change--mod', 'e2e-study', '?kind=project&key=e2e-study'));
  assert.ok(has('revision-change--add', 'e2e-org', '?kind=organization&key=e2e-org'));
  assert.ok(has('revision-change--mod', 'padmin', '?kind=user&key=padmin'));
  assert.ok(changes.some((c) => c.includes('revision-change--add') && c.includes('/subject/')));
});

t('no console errors along the way', () => {
  // The one expected failed request: the first DELETE of the group answers 409 (the group still has subjects), which Chromium logs.
  const expected = /Failed to load resource: the server responded with a status of 409/;
  assert.equal(page.problems().filter((problem) => !expected.test(problem)), []);
  assert.is(page.problems().filter((problem) => expected.test(problem)).length, 1);
});

t.run();
