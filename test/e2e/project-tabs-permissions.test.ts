// Two flows on a project's page in the built client against the real server:
// - the Subjects and Sources tabs share the query: after "Load more" twice and a subject sort by external id, the
//   Sources tab still lists its sources (no page past the end, no subject sort sent to the sources API), and back;
// - a project admin edits roles on the Permissions tab of a user who also holds a role in a project it cannot see:
//   the role is removed and another added through PUT api/users/{login}/roles, and the unseen roles survive.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'puppeteer-core';
import type { RoleDTO, UserDTO } from '../../src/common/dto';
import { asUser, createProjectRow, createUser } from '../setup/auth';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { recordSentBodies } from '../setup/sent-bodies';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { createSource, insertSubjects } from '../setup/subjects';
import { clickOn } from './page-actions';

const PASSWORD = 'Project-Admin-Password-1';
const STUDY = 'tabs-study';
let server: TestServer;
let browser: TestBrowser;
const client = snapshotBuiltClient();

const t = suite('project tabs and permissions (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  // Tab state: 45 subjects (three "pages" of the keyset list) and three sources (one page).
  await createProjectRow(server, STUDY, 'tabs-org');
  await insertSubjects(
    server,
    Array.from({ length: 45 }, (_, i) => ({ login: `tab-sub-${String(i + 1).padStart(2, '0')}`, project: STUDY, externalId: `ext-${100 - i}` })),
  );
  for (const name of ['tab-dev-1', 'tab-dev-2', 'tab-dev-3']) await createSource(server, STUDY, name);
  // Permissions: a project admin of alpha and beta (organization e2e-main); gamma is another organization's project.
  await createProjectRow(server, 'alpha-e2e', 'e2e-main');
  await createProjectRow(server, 'beta-e2e', 'e2e-main');
  await createProjectRow(server, 'gamma-e2e', 'e2e-other');
  await createUser(server, 'pa-e2e', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha-e2e' }, { authority: 'ROLE_PROJECT_ADMIN', project: 'beta-e2e' }], { password: PASSWORD });
  await createUser(server, 'mixed-e2e', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'alpha-e2e' }, { authority: 'ROLE_PROJECT_OWNER', project: 'gamma-e2e' }]);
  await createUser(server, 'bob-e2e', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'beta-e2e' }, { authority: 'ROLE_PROJECT_AFFILIATE', project: 'gamma-e2e' }]);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const go = (p: Page, path: string) => p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const waitForText = (p: Page, text: string) =>
  p.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 10000 }, text);
const hash = (p: Page) => p.evaluate(() => decodeURIComponent(location.hash));
const cellTexts = (p: Page, column: number) =>
  p.$$eval('main tbody tr', (rows, n) => rows.map((row) => row.children[n as number]?.textContent?.trim() ?? ''), column);

/** Waits for the element (lazy pages and requests take a moment), then clicks it. */
/** Records answered requests of 400 and up, and console errors. */
function watch(p: Page) {
  const failed: string[] = [];
  const problems: string[] = [];
  p.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  p.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  p.on('pageerror', (error) => problems.push((error as Error).message));
  return { failed, problems };
}

const rolesOf = async (login: string): Promise<string[]> => {
  const res = await (await asUser(server, 'admin'))('GET', `/api/users/${login}/roles`);
  assert.is(res.status, 200, res.text);
  return (res.body as RoleDTO[]).map((r) => `${r.authorityName}:${r.projectName}`).sort();
};

const accountOf = async (login: string) => {
  const { body } = await (await asUser(server, 'admin'))('GET', `/api/users/${login}`);
  const { firstName, lastName, email, activated, langKey } = body as UserDTO;
  return { firstName, lastName, email, activated, langKey };
};

t('subjects paged and sorted, then the Sources tab lists its sources without an error, and back', async () => {
  const context: BrowserContext = await browser.browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const seen = watch(page);
    await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
    await go(page, `project/${STUDY}`);
    await clickOn(page, '::-p-aria(Load more \\(20/45 shown\\)[role="button"])');
    await clickOn(page, '::-p-aria(Load more \\(40/45 shown\\)[role="button"])');
    await waitForText(page, 'All 45 results loaded');
    assert.match(await hash(page), /[?&]page=3(&|$)/);
    await page.select('main select[name=sortBy]', 'externalId');
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes('sort=externalId,asc'), { timeout: 10000 });
    // By external id as text: ext-100 (tab-sub-01), then ext-56 (tab-sub-45), ext-57 ...
    await page.waitForFunction(
      () => [...document.querySelectorAll('main tbody tr')].slice(0, 2).map((row) => row.children[1]?.textContent?.trim()).join() === 'tab-sub-01,tab-sub-45',
      { timeout: 10000 },
    );

    await clickOn(page, '::-p-aria(Sources[role="tab"])');
    await page.waitForSelector('main td::-p-text(tab-dev-3)', { timeout: 10000 });
    const sourcesHash = await hash(page);
    assert.match(sourcesHash, /[?&]tab=sources/);
    assert.not.match(sourcesHash, /[?&](page|sort)=/, 'the subjects tab\'s page and sort stay behind');
    assert.equal((await cellTexts(page, 1)).sort(), ['tab-dev-1', 'tab-dev-2', 'tab-dev-3']);
    assert.is(await page.$('.alert--error'), null, 'no error alert');

    await clickOn(page, '::-p-aria(Subjects[role="tab"])');
    await waitForText(page, 'Load more (20/45 shown)');
    assert.is(await page.$('.alert--error'), null);
    assert.equal(seen.failed, [], 'no request failed');
    assert.equal(seen.problems, []);
  } finally {
    await context.close();
  }
});

t('a project admin removes the analyst role of a user with a role elsewhere, and adds one; unseen roles survive', async () => {
  const context: BrowserContext = await browser.browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const seen = watch(page);
    await signInInBrowser(page, server, 'pa-e2e', PASSWORD);
    const mixedBefore = await accountOf('mixed-e2e');
    const bobBefore = await accountOf('bob-e2e');
    await go(page, 'project/alpha-e2e?tab=permissions');
    // What goes over the wire (every engine reports a request's method and URL) and, from the page, each body.
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const sent = await recordSentBodies(page);

    await clickOn(page, '::-p-aria(Remove Project analyst of mixed-e2e[role="button"])');
    await page.waitForSelector('[role=dialog] ::-p-text(Remove the role Project analyst from mixed-e2e?)', { timeout: 10000 });
    assert.equal(writes, [], 'nothing is sent before the confirmation');
    assert.equal(await sent(), [], 'nothing is sent before the confirmation');
    await clickOn(page, '[role=dialog] ::-p-aria(Remove[role="button"])');
    await page.waitForSelector('::-p-aria(Remove Project analyst of mixed-e2e)', { hidden: true, timeout: 10000 });
    assert.equal(await rolesOf('mixed-e2e'), ['ROLE_PROJECT_OWNER:gamma-e2e'], 'the role in the other organization\'s project stays');
    assert.equal(await accountOf('mixed-e2e'), mixedBefore, 'nothing else of the user changed');

    await page.waitForSelector('select[name=user] option[value=bob-e2e]', { timeout: 10000 });
    await page.select('select[name=user]', 'bob-e2e');
    await clickOn(page, '::-p-aria(Add[role="button"])');
    await page.waitForSelector('::-p-aria(Remove Project admin of bob-e2e)', { timeout: 10000 });
    assert.equal(await rolesOf('bob-e2e'), ['ROLE_PROJECT_ADMIN:alpha-e2e', 'ROLE_PROJECT_AFFILIATE:gamma-e2e', 'ROLE_PROJECT_ANALYST:beta-e2e']);
    assert.equal(await accountOf('bob-e2e'), bobBefore);

    // Only the roles endpoint, with the roles the project admin sees and the change applied.
    assert.equal(writes, ['PUT /api/users/mixed-e2e/roles', 'PUT /api/users/bob-e2e/roles']);
    const puts = await sent();
    assert.equal(puts.map((p) => `${p.method} ${p.path}`), writes, 'the page sent what went over the wire');
    assert.equal(JSON.parse(puts[0].body), []);
    const added = (JSON.parse(puts[1].body) as RoleDTO[]).map((r) => `${r.authorityName}:${r.projectName}`);
    assert.equal(added, ['ROLE_PROJECT_ANALYST:beta-e2e', 'ROLE_PROJECT_ADMIN:alpha-e2e']);
    await waitForText(page, 'A user is updated with identifier bob-e2e');
    assert.is(await page.$('.alert--error'), null);
    assert.equal(seen.failed, [], 'no request failed');
    assert.equal(seen.problems, []);
  } finally {
    await context.close();
  }
});

t.run();
