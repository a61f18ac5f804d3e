// A subject's privacy rights in the built client (docs/subjects.md, "Erasure", "Access export", "Who looked"), as a
// system admin: the subject page names who else looked at it last, downloads everything about it, and erases its
// personal data after the reason and the typed login (Erase stays disabled until both are given); the page then shows
// the tombstone and no erased value; the audit screen filters by the subject. At phone and desktop width, with no
// serious axe violation, in English and (the page's texts) Dutch.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { asUser, createProjectRow, createUser } from '../setup/auth';
import { axeSerious, WIDTHS } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { projectRef } from '../setup/subjects';

const PROJECT = 'e2e-privacy';
const NL_PASSWORD = 'Privacy-Dutch-Password-1';
let server: TestServer;
let browser: TestBrowser;
let page: Page;

const t = suite('subject privacy (browser)');
t.before(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await createProjectRow(server, PROJECT);
  await createUser(server, 'privacy-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: PROJECT }]);
  page = await browser.newPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
});

const dialog = '[role="dialog"]';
const go = (path: string) => page.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const bodyText = () => page.evaluate(() => document.body.innerText);
const waitForText = (text: string) => page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 10000 }, text);
const button = (text: string, within = '') => `::-p-xpath(${within}//button[normalize-space()="${text}"])`;

async function typeInto(selector: string, text: string) {
  const input = await page.waitForSelector(selector, { timeout: 10000 });
  await input!.click();
  await input!.type(text);
}

for (const [name, size] of Object.entries(WIDTHS)) {
  const login = `privacy-${name}`;
  const personName = `Petra Privacy ${name}`;
  t(`${name}: last viewed by, the access export, erasure with a typed confirmation, the tombstone, the audit filter`, async () => {
    await page.setViewport(size);
    const staff = await asUser(server, 'privacy-admin');
    const made = await staff('POST', '/api/subjects', {
      json: { login, personName, dateOfBirth: '1980-02-29', externalId: `EXT-${name}`, attributes: { phone: '+31-6-1234-0000' }, project: await projectRef(server, PROJECT) },
    });
    assert.is(made.status, 201, made.text);
    assert.is((await staff('GET', `/api/subjects/${login}`)).status, 200);

    await go(`subject/${login}`);
    await waitForText('Last viewed by privacy-admin');
    assert.ok((await bodyText()).includes(personName));
    assert.equal(await axeSerious(page), [], `${name}: subject page`);

    // The access export is a download link that answers the JSON file.
    const href = await page.$eval('a[href*="access-export"]', (a) => (a as HTMLAnchorElement).href);
    const exported = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, body: await res.json() as { subject: { login: string; personName: string } } };
    }, href);
    assert.is(exported.status, 200);
    assert.equal([exported.body.subject.login, exported.body.subject.personName], [login, personName]);

    await page.click(button('Erase personal data'));
    await page.waitForSelector(dialog, { timeout: 10000 });
    const erase = button('Erase', `//*[@role="dialog"]`);
    assert.ok(await page.$eval(erase, (b) => (b as HTMLButtonElement).disabled), 'disabled before the reason and login');
    await typeInto(`${dialog} textarea[name="reason"]`, 'The participant asked for it');
    await typeInto(`${dialog} input[name="confirmLogin"]`, 'someone-else');
    assert.ok(await page.$eval(erase, (b) => (b as HTMLButtonElement).disabled), 'disabled for another login');
    assert.equal(await axeSerious(page), [], `${name}: erase dialog`);
    await page.$eval(`${dialog} input[name="confirmLogin"]`, (i) => ((i as HTMLInputElement).select()));
    await page.keyboard.press('Backspace');
    await typeInto(`${dialog} input[name="confirmLogin"]`, login);
    await page.waitForFunction((sel) => !(document.querySelector(sel)?.closest('[role="dialog"]')?.querySelector('.button--danger') as HTMLButtonElement | null)?.disabled,
      { timeout: 10000 }, `${dialog} input[name="confirmLogin"]`);
    await page.click(erase);
    await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
    await waitForText('Personal data erased by admin');
    const after = await bodyText();
    assert.ok(after.includes('Reason: The participant asked for it'));
    for (const erased of [personName, '+31-6-1234-0000']) assert.not.ok(after.includes(erased), erased);
    assert.ok(after.includes(`EXT-${name}`), 'the external id stays');
    assert.equal(await axeSerious(page), [], `${name}: erased subject`);

    await go('audits');
    await typeInto('input[name="subject"]', login);
    await waitForText('Personal data erased');
    assert.ok((await bodyText()).includes('Participant viewed'));
    assert.equal(await axeSerious(page), [], `${name}: audits by subject`);
  });
}

t('Dutch: the privacy texts of the subject page, for a project admin who reads Dutch', async () => {
  await createUser(server, 'privacy-nl', [{ authority: 'ROLE_PROJECT_ADMIN', project: PROJECT }], { password: NL_PASSWORD, langKey: 'nl' });
  // Its own browser context: its own cookies, so this sign-in is not the admin's session.
  const context = await browser.browser.createBrowserContext();
  const dutch = await context.newPage();
  try {
    await dutch.setViewport(WIDTHS.phone);
    await signInInBrowser(dutch, server, 'privacy-nl', NL_PASSWORD);
    await dutch.goto(`${server.url}/#/subject/privacy-phone`, { waitUntil: 'networkidle0' });
    await dutch.waitForFunction(() => document.body.innerText.includes('Persoonsgegevens gewist door admin'), { timeout: 10000 });
    const text = await dutch.evaluate(() => document.body.innerText);
    assert.ok(text.includes('Laatst bekeken door'), text.slice(0, 600));
    assert.ok(text.includes('Alles over deze deelnemer exporteren'));
    assert.ok(text.includes('Persoonsgegevens wissen'));
    assert.equal(await axeSerious(dutch), [], 'nl: erased subject');
  } finally {
    await context.close();
  }
});

t.run();
