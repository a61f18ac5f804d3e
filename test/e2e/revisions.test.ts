// The revision view in the built client against the real server: a system admin has a project and a source type
// (made through the API), edits the project's description in its dialog, opens Administration -> Revisions and
// follows the project's modifications to the revision view, where the project as it stood then is highlighted; then
// a source type's ADD modification; a staff user's, whose role and language read as the user pages show them; the same
// views for a Dutch administrator, with every enumerated value in Dutch; and an unknown revision reads as not found.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { asUser, createUser, type AsUser } from '../setup/auth';
import { axeSerious, WIDTHS } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { clickOn } from './page-actions';

let server: TestServer;
let browser: TestBrowser;
let page: Awaited<ReturnType<TestBrowser['newPage']>>;
let admin: AsUser;
const client = snapshotBuiltClient();
const DUTCH_ADMIN = 'rev-beheerder';
const DUTCH_PASSWORD = 'Beheerder-Wachtwoord-1';
/** The revision views the English tests reached, for the Dutch one to open. */
const views: Record<string, string> = {};

async function created(call: Promise<{ status: number; text: string }>, what: string) {
  const res = await call;
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${res.text}`);
}

const t = suite('revisions (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  admin = await asUser(server, 'admin');
  await created(admin('POST', '/api/organizations', { json: { name: 'rev-org', description: 'Revision tests', location: 'Delft' } }), 'organization');
  const project = { projectName: 'rev-study', description: 'First description', location: 'Utrecht', organization: { name: 'rev-org' } };
  await created(admin('POST', '/api/projects', { json: project }), 'project');
  const sourceType = { producer: 'RevVendor', model: 'Watch', catalogVersion: 'v2', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false };
  await created(admin('POST', '/api/source-types', { json: sourceType }), 'source type');
  const [{ id: projectId }] = await server.app.db.query<{ id: number }>("SELECT id FROM project WHERE project_name = 'rev-study'");
  const staff = { login: 'rev-staff', firstName: 'Rev', lastName: 'Staff', email: 'rev-staff@example.org', langKey: 'nl', roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId }] };
  await created(admin('POST', '/api/users', { json: staff }), 'user');
  await createUser(server, DUTCH_ADMIN, [{ authority: 'ROLE_SYS_ADMIN' }], { password: DUTCH_PASSWORD, langKey: 'nl' });
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
const mainText = (p: Page) => p.evaluate(() => document.querySelector('main')!.innerText);
const waitForText = (p: Page, text: string) =>
  p.waitForFunction((wanted) => document.querySelector('main')?.innerText.includes(wanted), { timeout: 10000 }, text);
const hash = (p: Page) => p.evaluate(() => decodeURIComponent(location.hash));

/** The highlighted entity's text, once the view shows one, and whether it is inside the window. */
async function highlighted(p: Page): Promise<{ text: string; className: string; inView: boolean }> {
  const element = await p.waitForSelector('.revision-entity--highlighted', { timeout: 10000 });
  return element!.evaluate((e) => {
    const box = e.getBoundingClientRect();
    return { text: (e as HTMLElement).innerText, className: e.className, inView: box.top >= 0 && box.top < window.innerHeight };
  });
}

/** Opens the revisions list from the Administration menu, newest first so this suite's revisions are on page 1. */
async function openRevisions(p: Page) {
  await clickOn(p, '#admin-menu');
  await clickOn(p, '[aria-labelledby="admin-menu"] a[href="#/revisions"]');
  await p.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Revisions', { timeout: 10000 });
  await clickOn(p, 'main th ::-p-aria(Number[role="button"])');
  await p.waitForFunction(() => location.hash.includes('sort=id,desc'), { timeout: 10000 });
  await p.waitForSelector('.revision-change', { timeout: 10000 });
}

/** Clicks the modification link of the given colour (add, mod, del) whose text mentions `name`. */
async function clickChange(p: Page, tone: 'add' | 'mod' | 'del', name: string) {
  const links = await p.$$(`a.revision-change--${tone}`);
  for (const link of links) {
    if (await link.evaluate((a, s) => (a.textContent ?? '').includes(s), name)) {
      await link.click();
      return;
    }
  }
  throw new Error(`no ${tone} modification of ${name}`);
}

t('edit the project in its dialog', async () => {
  await go(page, 'project/rev-study');
  await waitForText(page, 'First description');
  await clickOn(page, 'main ::-p-aria(Edit[role="link"])');
  const description = await page.waitForSelector('[role="dialog"] ::-p-aria(Description)', { timeout: 10000 });
  await description!.click({ count: 3 });
  await description!.type('Second description');
  const save = await page.waitForSelector('[role="dialog"] ::-p-aria(Save[role="button"])', { timeout: 10000 });
  await save!.focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="dialog"]', { hidden: true, timeout: 10000 });
  await waitForText(page, 'Second description');
});

t("the project's ADD modification opens the revision view with the project as it was created, highlighted", async () => {
  await openRevisions(page);
  await clickChange(page, 'add', 'rev-study');
  await page.waitForFunction(() => /#\/revisions\/\d+\?kind=project&key=rev-study$/.test(location.hash), { timeout: 10000 });
  const id = /revisions\/(\d+)/.exec(await hash(page))![1];
  await page.waitForFunction((wanted) => document.querySelector('main h1')?.textContent === wanted, { timeout: 10000 }, `Revision ${id}`);
  const project = await highlighted(page);
  assert.ok(project.className.includes('revision-entity--add'), project.className);
  assert.ok(project.text.includes('First description'), project.text);
  assert.not.ok(project.text.includes('Second description'));
  assert.ok(project.text.includes('rev-org') && project.text.includes('Utrecht'), project.text);
  assert.ok(project.inView);
  const text = await mainText(page);
  assert.ok(text.includes('Added') && text.includes('admin'), text);
});

t('its MOD modification shows the edit; "Current version" leads to the live project', async () => {
  await openRevisions(page);
  await clickChange(page, 'mod', 'rev-study');
  await page.waitForFunction(() => location.hash.endsWith('?kind=project&key=rev-study'), { timeout: 10000 });
  const project = await highlighted(page);
  assert.ok(project.className.includes('revision-entity--mod'), project.className);
  assert.ok(project.text.includes('Second description'), project.text);
  await clickOn(page, '.revision-entity--highlighted ::-p-aria(Current version[role="link"])');
  await page.waitForFunction(() => location.hash === '#/project/rev-study', { timeout: 10000 });
  await waitForText(page, 'Second description');
});

t("a source type's ADD modification opens its revision view, named by producer, model and catalogVersion", async () => {
  await openRevisions(page);
  await clickChange(page, 'add', 'RevVendor_Watch_v2');
  await page.waitForFunction(
    () => decodeURIComponent(location.hash).endsWith('?kind=sourcetype&producer=RevVendor&model=Watch&catalogVersion=v2'),
    { timeout: 10000 },
  );
  const sourceType = await highlighted(page);
  assert.ok(sourceType.className.includes('revision-entity--add'));
  for (const fact of ['RevVendor_Watch_v2', 'RevVendor', 'Watch', 'v2', 'Passive', 'No']) assert.ok(sourceType.text.includes(fact), fact);
  assert.not.ok(sourceType.text.includes('PASSIVE'), 'the scope as the source type pages show it, not its API value');
  views.sourceType = await hash(page);
});

t("a staff user's ADD modification: the role by its name, the language by its own", async () => {
  await openRevisions(page);
  await clickChange(page, 'add', 'rev-staff');
  await page.waitForFunction(() => location.hash.endsWith('?kind=user&key=rev-staff'), { timeout: 10000 });
  const user = await highlighted(page);
  for (const fact of ['rev-staff@example.org', 'Project admin, rev-study', 'Nederlands (nl)']) assert.ok(user.text.includes(fact), `${fact} in ${user.text}`);
  assert.not.ok(user.text.includes('ROLE_PROJECT_ADMIN'), user.text);
  views.user = await hash(page);
});

t('in Dutch: the same views name scope, role and language in Dutch, at phone and desktop width, axe clean', async () => {
  const context = await browser.browser.createBrowserContext();
  const dutch = await context.newPage();
  try {
    await signInInBrowser(dutch, server, DUTCH_ADMIN, DUTCH_PASSWORD);
    await dutch.waitForFunction(() => document.documentElement.lang === 'nl', { timeout: 10000 });
    await go(dutch, views.sourceType.slice(2));
    const sourceType = await highlighted(dutch);
    for (const fact of ['RevVendor_Watch_v2', 'Passief', 'Nee']) assert.ok(sourceType.text.includes(fact), `${fact} in ${sourceType.text}`);
    assert.not.ok(sourceType.text.includes('PASSIVE'), sourceType.text);
    await go(dutch, views.user.slice(2));
    const user = await highlighted(dutch);
    for (const fact of ['Projectbeheerder, rev-study', 'Nederlands (nl)']) assert.ok(user.text.includes(fact), `${fact} in ${user.text}`);
    assert.not.ok(user.text.includes('ROLE_PROJECT_ADMIN'), user.text);
    for (const [name, size] of Object.entries(WIDTHS)) {
      await dutch.setViewport(size);
      assert.equal(await axeSerious(dutch), [], `Dutch revision view at ${name}`);
      assert.ok(await dutch.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${name}`);
    }
  } finally {
    await context.close();
  }
});

t('an unknown revision reads as not found', async () => {
  await go(page, 'revisions/987654');
  await waitForText(page, 'Revision 987654 was not found.');
});

t('no console errors along the way', () => {
  // The one failed request on purpose: the unknown revision's 404, which Chromium logs.
  const expected = /Failed to load resource: the server responded with a status of 404/;
  assert.equal(page.problems().filter((problem) => !expected.test(problem)), []);
});

t.run();
