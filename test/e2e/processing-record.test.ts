// The record of processing activities in the built client (docs/privacy.md, "Art. 30: record of processing
// activities"): a system admin opens Administration → Record of processing and reads, per project, what its
// participants are told (the project's own privacy texts, as its admin saved them), the categories of data and how
// many subjects it holds, then the audit retention and the measures; the download link answers the same record as
// JSON. A project admin has no such menu item and is turned away from the address. At phone and desktop width, with
// no serious axe violation, and in Dutch.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { asUser, createProjectRow, createUser } from '../setup/auth';
import { axeSerious, WIDTHS } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { dropTemplatesAfterFile, signInInBrowser } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { projectRef } from '../setup/subjects';

const PROJECT = 'e2e-record';
const CONTROLLER = 'Record Hospital, Research Office, Example Street 1';
const PROJECT_ADMIN_PASSWORD = 'Record-Project-Admin-1';
let server: TestServer;
let browser: TestBrowser;
let page: Page;

const t = suite('record of processing (browser)');
t.before(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await createProjectRow(server, PROJECT);
  const admin = await asUser(server, 'admin');
  const saved = await admin('PUT', `/api/projects/${PROJECT}/privacy`, { json: { controller: CONTROLLER, purposes: 'Studying sleep\nand activity', legalBasis: null, recipients: null, retention: null, dataSource: null, rights: null } });
  assert.ok(saved.status < 300, saved.text);
  for (const n of [1, 2]) {
    const made = await admin('POST', '/api/subjects', { json: { login: `record-subject-${n}`, project: await projectRef(server, PROJECT) } });
    assert.is(made.status, 201, made.text);
  }
  page = await browser.newPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
});

const bodyText = () => page.evaluate(() => document.body.innerText);
const waitForText = (p: Page, text: string) => p.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 10000 }, text);

/** The section of one project: its heading's text and the pairs of its list. */
const activity = (project: string) => page.$$eval('.processing-record__activity', (sections, name) => {
  const section = sections.find((s) => s.querySelector('h3')?.textContent === name);
  if (!section) return null;
  const terms = [...section.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', (dt.nextElementSibling as HTMLElement).innerText]);
  return Object.fromEntries(terms) as Record<string, string>;
}, project);

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: Administration → Record of processing shows each project's texts, data and subjects; the download is the record`, async () => {
    await page.setViewport(size);
    await page.goto(`${server.url}/#/`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.home__title', { timeout: 10000 });
    // At phone width the menus are behind the burger.
    if (await page.$eval('.navbar__toggler', (b) => getComputedStyle(b).display !== 'none')) await page.click('.navbar__toggler');
    await page.click('#admin-menu');
    await page.click('[aria-labelledby="admin-menu"] a[href="#/processing-record"]');
    await page.waitForSelector('.processing-record__activity', { timeout: 10000 });
    assert.is(await page.$eval('h1', (h) => h.textContent), 'Record of processing activities');

    const ours = await activity(PROJECT);
    assert.ok(ours, await bodyText());
    assert.is(ours!.Organization, 'main');
    assert.is(ours!.Subjects, '2');
    assert.is(ours!.Controller, CONTROLLER);
    assert.is(ours!['Purposes of the processing'], 'Studying sleep\nand activity', 'the lines its admin wrote');
    assert.ok(ours!['Legal basis'].length > 0, 'an empty field shows the portal\'s default');
    assert.match(ours!['Categories of personal data'], /person name/);
    const text = await bodyText();
    assert.ok(text.includes('Audit retention'));
    assert.ok(text.includes('Technical and organizational measures'));
    assert.equal(await axeSerious(page), [], `${name}: record of processing`);

    // The download: the session cookie authenticates it, as a DPO's browser would.
    const href = await page.$eval('a[download="processing-record.json"]', (a) => (a as HTMLAnchorElement).href);
    const downloaded = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, disposition: res.headers.get('content-disposition'), body: await res.json() as { activities: { project: string; controller: string; subjects: number }[] } };
    }, href);
    assert.is(downloaded.status, 200);
    assert.match(downloaded.disposition ?? '', /attachment/);
    const filed = downloaded.body.activities.find((a) => a.project === PROJECT);
    assert.equal([filed?.controller, filed?.subjects], [CONTROLLER, 2]);

    // The project's name leads to the project.
    await page.click(`::-p-xpath(//section[contains(@class,"processing-record__activity")]//h3/a[normalize-space()="${PROJECT}"])`);
    await page.waitForFunction((p) => location.hash === `#/project/${p}`, { timeout: 10000 }, PROJECT);
  });
}

t('a project admin has no such menu item and is turned away from the address; the record reads in Dutch', async () => {
  await createUser(server, 'record-project-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: PROJECT }], { password: PROJECT_ADMIN_PASSWORD });
  const context = await browser.browser.createBrowserContext();
  const other = await context.newPage();
  try {
    await other.setViewport(WIDTHS.desktop);
    await signInInBrowser(other, server, 'record-project-admin', PROJECT_ADMIN_PASSWORD);
    await other.goto(`${server.url}/#/`, { waitUntil: 'networkidle0' });
    assert.is(await other.$('#admin-menu'), null);
    await other.goto(`${server.url}/#/processing-record`, { waitUntil: 'networkidle0' });
    await other.waitForFunction(() => location.hash === '#/accessdenied', { timeout: 10000 });
    assert.is(await other.$('.processing-record'), null);
  } finally {
    await context.close();
  }

  await createUser(server, 'record-nl', [{ authority: 'ROLE_SYS_ADMIN' }], { password: PROJECT_ADMIN_PASSWORD, langKey: 'nl' });
  const dutchContext = await browser.browser.createBrowserContext();
  const dutch = await dutchContext.newPage();
  try {
    await dutch.setViewport(WIDTHS.phone);
    await signInInBrowser(dutch, server, 'record-nl', PROJECT_ADMIN_PASSWORD);
    await dutch.goto(`${server.url}/#/processing-record`, { waitUntil: 'networkidle0' });
    await waitForText(dutch, 'Register van verwerkingsactiviteiten');
    const text = await dutch.evaluate(() => document.body.innerText);
    for (const label of ['Verwerking per project', 'Categorieën persoonsgegevens', 'Deelnemers', 'Downloaden (JSON)']) assert.ok(text.includes(label), label);
    assert.equal(await axeSerious(dutch), [], 'nl: record of processing');
  } finally {
    await dutchContext.close();
  }
});

t.run();
