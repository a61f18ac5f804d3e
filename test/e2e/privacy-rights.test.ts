// Restriction of processing (GDPR Art. 18) and a project's privacy information (Art. 13 and 15(1)) in the built client
// against the real server and database (docs/privacy.md, "Client"), as a project admin: on a subject's page,
// "Restrict processing" opens its popup, which asks for the reason (Restrict stays disabled until it is given); the
// page then shows the restriction and offers "Lift restriction" instead, the server's answers say the subject is
// restricted (also after a reload), and lifting it ends both. On the project page's Privacy tab the admin fills in
// fields, saves, reloads and finds them again. At phone and desktop width, with no serious axe violation on each
// screen and dialog, no missing translation, and (the dialogs, the status line, the tab) in Dutch.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { axeSerious, WIDTHS } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { startTestServer, type TestServer } from '../setup/server';
import { projectRef } from '../setup/subjects';
import { clickOn } from './page-actions';
import { dialogTitle } from './shell-helpers';

const PROJECT = 'e2e-rights';
const ADMIN = 'rights-admin';
const PASSWORD = 'Rights-Admin-Password-1';
const DUTCH_ADMIN = 'rights-beheerder';
const DUTCH_PASSWORD = 'Rechten-Beheerder-Wachtwoord-1';
/** Each width edits the privacy information of a project of its own, so what the page shows is what that width saved. */
const projectOf = (width: string) => `${PROJECT}-${width}`;
const PROJECTS = [PROJECT, ...Object.keys(WIDTHS).map(projectOf)];

type ProblemPage = Page & { problems(): string[] };
let server: TestServer;
let browser: TestBrowser;
let page: ProblemPage;
let staff: AsUser;
const client = snapshotBuiltClient();

/** Adds the missing translations (the client only warns about those) to `p`'s problems, beside its console errors. */
function watchTranslations(p: ProblemPage): ProblemPage {
  p.on('console', (message) => {
    if (message.text().startsWith('Missing translation')) p.problems().push(`console: ${message.text()}`);
  });
  return p;
}

const t = suite('privacy rights: restriction, project privacy information (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  for (const project of PROJECTS) await createProjectRow(server, project);
  const admin = PROJECTS.map((project) => ({ authority: 'ROLE_PROJECT_ADMIN', project }));
  await createUser(server, ADMIN, admin, { password: PASSWORD });
  await createUser(server, DUTCH_ADMIN, admin, { password: DUTCH_PASSWORD, langKey: 'nl' });
  staff = await asUser(server, ADMIN);
  page = watchTranslations(await browser.newPage());
  await signInInBrowser(page, server, ADMIN, PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const dialog = '[role="dialog"]';
const go = (p: Page, path: string) => p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const mainText = (p: Page) => p.evaluate(() => document.querySelector('main')?.innerText ?? '');
/** Waits until the page does (or no longer does) show `text`; a timeout says what the page showed instead. */
async function waitForText(p: Page, text: string, shown = true) {
  try {
    await p.waitForFunction((wanted, want) => document.body.innerText.includes(wanted) === want, { timeout: 10000 }, text, shown);
  } catch {
    throw new Error(`${shown ? 'never showed' : 'still shows'} "${text}"; the page reads: ${(await p.evaluate(() => document.body.innerText)).slice(0, 1500)}`);
  }
}
/** A button by its text: on the page outside any dialog, or inside the open dialog. */
const pageButton = (text: string) => `::-p-xpath(//main//button[normalize-space()="${text}"][not(ancestor::*[@role="dialog"])])`;
const dialogButton = (text: string) => `::-p-xpath(//*[@role="dialog"]//button[normalize-space()="${text}"])`;
const hasButton = (p: Page, selector: string) => p.$(selector).then((found) => found !== null);

async function typeInto(p: Page, selector: string, text: string) {
  await clickOn(p, selector);
  await p.type(selector, text);
}

async function makeSubject(login: string) {
  const made = await staff('POST', '/api/subjects', { json: { login, personName: `Rita Restrict ${login}`, project: await projectRef(server, PROJECT) } });
  assert.is(made.status, 201, made.text);
}

/** What the server says of the subject's restriction (GET api/subjects/{login}/privacy and the access export). */
async function restrictionOnServer(login: string): Promise<{ privacy: unknown; exported: unknown }> {
  const privacy = await staff('GET', `/api/subjects/${login}/privacy`);
  assert.is(privacy.status, 200, privacy.text);
  const exported = await staff('GET', `/api/subjects/${login}/access-export`);
  assert.is(exported.status, 200, exported.text);
  const pick = (r: { restrictedBy: string; reason: string } | null | undefined) => (r ? { by: r.restrictedBy, reason: r.reason } : null);
  return { privacy: pick(privacy.body.restriction), exported: pick(exported.body.restriction) };
}

for (const [name, size] of Object.entries(WIDTHS)) {
  const login = `rights-${name}`;
  const reason = `Contests the accuracy of the data (${name})`;

  t(`${name}: restrict processing with a reason, see it on the page and on the server, lift it again`, async () => {
    await page.setViewport(size);
    const earlier = page.problems().length;
    await makeSubject(login);
    await go(page, `subject/${login}`);
    await page.waitForSelector(pageButton('Restrict processing'), { timeout: 10000 });
    await waitForText(page, 'Not viewed by anyone else yet.');
    assert.not.ok(await hasButton(page, pageButton('Lift restriction')), 'no lift before a restriction');
    assert.equal(await axeSerious(page), [], `${name}: subject page`);

    await clickOn(page, pageButton('Restrict processing'));
    await page.waitForSelector(dialog, { timeout: 10000 });
    assert.is(await dialogTitle(page), `Restrict processing ${login}`, 'the title names the subject');
    assert.match(await page.evaluate(() => decodeURIComponent(location.hash)), `subject/${login}/restrict`);
    assert.ok((await page.$eval(dialog, (d) => (d as HTMLElement).innerText)).includes(`The data of ${login} stay stored`));
    const restrict = dialogButton('Restrict');
    assert.ok(await page.$eval(restrict, (b) => (b as HTMLButtonElement).disabled), 'Restrict is disabled before the reason');
    await typeInto(page, `${dialog} textarea[name="reason"]`, reason);
    await page.waitForFunction((sel) => !(document.evaluate(sel, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE).singleNodeValue as HTMLButtonElement | null)?.disabled,
      { timeout: 10000 }, '//*[@role="dialog"]//button[normalize-space()="Restrict"]');
    assert.equal(await axeSerious(page), [], `${name}: restrict dialog`);
    await clickOn(page, restrict);
    await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });

    await waitForText(page, `Processing restricted by ${ADMIN}`);
    assert.ok((await mainText(page)).includes(`Reason: ${reason}`));
    await page.waitForSelector(pageButton('Lift restriction'), { timeout: 10000 });
    assert.not.ok(await hasButton(page, pageButton('Restrict processing')), 'Restrict gives way to Lift');
    assert.equal(await axeSerious(page), [], `${name}: restricted subject`);
    const held = { by: ADMIN, reason };
    assert.equal(await restrictionOnServer(login), { privacy: held, exported: held }, 'the server holds the restriction');
    // The page's state comes from the server: a fresh load shows the same.
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, `Processing restricted by ${ADMIN}`);
    await page.waitForSelector(pageButton('Lift restriction'), { timeout: 10000 });

    await clickOn(page, pageButton('Lift restriction'));
    await page.waitForSelector(dialog, { timeout: 10000 });
    assert.is(await dialogTitle(page), `Lift restriction ${login}`);
    assert.match(await page.evaluate(() => decodeURIComponent(location.hash)), `subject/${login}/lift-restriction`);
    assert.ok((await page.$eval(dialog, (d) => (d as HTMLElement).innerText)).includes(`The app of ${login} may sign in`));
    assert.equal(await axeSerious(page), [], `${name}: lift dialog`);
    await clickOn(page, dialogButton('Lift restriction'));
    await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });

    await waitForText(page, 'Processing restricted by', false);
    await page.waitForSelector(pageButton('Restrict processing'), { timeout: 10000 });
    assert.not.ok(await hasButton(page, pageButton('Lift restriction')), 'Lift gives way to Restrict');
    assert.equal(await axeSerious(page), [], `${name}: subject after the lift`);
    assert.equal(await restrictionOnServer(login), { privacy: null, exported: null }, 'the server lifted it');
    assert.equal(page.problems().slice(earlier), [], 'no console error or missing translation');
  });

  t(`${name}: the project's Privacy tab saves what the admin types and shows it after a reload`, async () => {
    await page.setViewport(size);
    const earlier = page.problems().length;
    const project = projectOf(name);
    const entered = {
      controller: `Radar Study Foundation (${name}), privacy@example.org`,
      purposes: 'Relapse prediction in depression (protocol RADAR-MDD v3)',
      legalBasis: 'Art. 6(1)(e) and 9(2)(j) GDPR',
    };
    const before = await staff('GET', `/api/projects/${project}/privacy`);
    assert.is(before.status, 200, before.text);
    await go(page, `project/${project}`);
    await clickOn(page, '::-p-xpath(//*[@role="tablist"]//*[@role="tab"][normalize-space()="Privacy"])');
    await page.waitForSelector('.project-privacy textarea[name="purposes"]', { timeout: 10000 });
    assert.match(await page.evaluate(() => decodeURIComponent(location.hash)), 'tab=privacy');
    const text = await mainText(page);
    for (const label of ['Controller', 'Purposes of the processing', 'Legal basis', 'How long the data are kept']) assert.ok(text.includes(label), label);
    // Each empty field shows the portal's default in it.
    const retention = await page.$eval('.project-privacy textarea[name="retention"]', (area) => [(area as HTMLTextAreaElement).value, (area as HTMLTextAreaElement).placeholder]);
    assert.equal(retention, ['', before.body.defaults.retention]);
    const save = '::-p-xpath(//form[contains(@class,"project-privacy")]//button[normalize-space()="Save"])';
    assert.ok(await page.$eval(save, (b) => (b as HTMLButtonElement).disabled), 'Save is disabled before a change');
    assert.equal(await axeSerious(page), [], `${name}: privacy tab`);

    for (const [field, value] of Object.entries(entered)) await typeInto(page, `.project-privacy textarea[name="${field}"]`, value);
    await clickOn(page, save);
    await waitForText(page, `The privacy information of project ${project} is saved`);
    const saved = await staff('GET', `/api/projects/${project}/privacy`);
    assert.equal([saved.body.settings.controller, saved.body.settings.purposes, saved.body.settings.legalBasis, saved.body.settings.retention],
      [entered.controller, entered.purposes, entered.legalBasis, null], 'the server holds what was typed, and no default as a value');
    assert.equal(await axeSerious(page), [], `${name}: privacy tab saved`);

    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('.project-privacy textarea[name="purposes"]', { timeout: 10000 });
    const shown = await page.$$eval('.project-privacy textarea', (areas) => Object.fromEntries(areas.map((a) => [(a as HTMLTextAreaElement).name, (a as HTMLTextAreaElement).value])));
    assert.equal(shown, { ...entered, recipients: '', retention: '', dataSource: '', rights: '' });
    assert.equal(page.problems().slice(earlier), [], 'no console error or missing translation');
  });
}

t('Dutch: the restriction dialogs and status, and the Privacy tab, for a project admin who reads Dutch', async () => {
  // Its own browser context: its own cookies, so this sign-in is not the English admin's session.
  const context = await browser.browser.createBrowserContext();
  const problems: string[] = [];
  const dutch = watchTranslations(Object.assign(await context.newPage(), { problems: () => problems }));
  dutch.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
  dutch.on('pageerror', (error) => problems.push(`pageerror: ${(error as Error).message}`));
  try {
    await makeSubject('rights-nl');
    await dutch.setViewport(WIDTHS.phone);
    await signInInBrowser(dutch, server, DUTCH_ADMIN, DUTCH_PASSWORD);
    await go(dutch, 'subject/rights-nl');
    await dutch.waitForFunction(() => document.documentElement.lang === 'nl', { timeout: 10000 });
    await clickOn(dutch, pageButton('Verwerking beperken'));
    await dutch.waitForSelector(dialog, { timeout: 10000 });
    assert.is(await dialogTitle(dutch), 'Verwerking beperken rights-nl');
    assert.ok((await dutch.$eval(dialog, (d) => (d as HTMLElement).innerText)).includes('Reden (bewaard bij de beperking)'));
    assert.ok(await hasButton(dutch, dialogButton('Annuleren')));
    await typeInto(dutch, `${dialog} textarea[name="reason"]`, 'Maakt bezwaar tegen de verwerking');
    assert.equal(await axeSerious(dutch), [], 'nl: restrict dialog');
    await clickOn(dutch, dialogButton('Beperken'));
    await dutch.waitForSelector(dialog, { hidden: true, timeout: 10000 });
    await waitForText(dutch, `Verwerking beperkt door ${DUTCH_ADMIN}`);
    assert.ok((await mainText(dutch)).includes('Reden: Maakt bezwaar tegen de verwerking'));
    assert.equal(await axeSerious(dutch), [], 'nl: restricted subject');

    await clickOn(dutch, pageButton('Beperking opheffen'));
    await dutch.waitForSelector(dialog, { timeout: 10000 });
    assert.is(await dialogTitle(dutch), 'Beperking opheffen rights-nl');
    assert.equal(await axeSerious(dutch), [], 'nl: lift dialog');
    await clickOn(dutch, dialogButton('Beperking opheffen'));
    await dutch.waitForSelector(dialog, { hidden: true, timeout: 10000 });
    await dutch.waitForSelector(pageButton('Verwerking beperken'), { timeout: 10000 });

    await dutch.setViewport(WIDTHS.desktop);
    await go(dutch, `project/${PROJECT}?tab=privacy`);
    await dutch.waitForSelector('.project-privacy textarea[name="purposes"]', { timeout: 10000 });
    const text = await mainText(dutch);
    for (const label of ['Doelen van de verwerking', 'Rechtsgrond', 'De rechten van de deelnemer']) assert.ok(text.includes(label), label);
    assert.ok(await hasButton(dutch, '::-p-xpath(//form[contains(@class,"project-privacy")]//button[normalize-space()="Opslaan"])'));
    assert.equal(await axeSerious(dutch), [], 'nl: privacy tab');
    assert.equal(problems, [], 'no console error or missing translation');
  } finally {
    await context.close();
  }
});

t.run();
