// Participants at scale in the built client (docs/subjects.md): a 1,000-row import with three bad rows (the errors
// shown with row and reason, nothing written), fixed and imported (the list grows), the export imported back as a
// dry run (every row unchanged), a pairing sheet for 12 subjects, checked with axe at phone and desktop width, a
// staff user import at phone width, and both imports' errors in Dutch for a Dutch account (at phone and desktop width).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { csvLine } from '../../src/common/csv';
import { createProjectRow, createUser } from '../setup/auth';
import { axeSerious, WIDTHS } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, dropTemplatesAfterFile } from '../setup/browser-session';
import { currentEngine } from '../setup/engines';
import { withPrintStyles } from '../setup/print-media';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { createGroup } from '../setup/subjects';
import { addClient } from '../server/oauth-fixtures';

const PROJECT = 'e2e-participants';
let server: TestServer;
let browser: TestBrowser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), 'mp-import-'));

const t = suite('participants (browser)');
t.before(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await createProjectRow(server, PROJECT);
  await createGroup(server, PROJECT, 'control');
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'], additionalInformation: { dynamic_registration: 'true' } });
  page = (await browser.newPage()) as unknown as Page;
  await page.setViewport(WIDTHS.desktop);
  await signInInBrowser(page as never, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
});

const go = (path: string) => page.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const waitForText = (text: string) => page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 20000 }, text);
const button = (text: string) => `::-p-xpath(//button[normalize-space()="${text}"])`;
const count = async () => (await server.app.db.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM subject s JOIN project p ON p.id = s.project_id WHERE p.project_name = $1', [PROJECT]))[0].n;

function file(name: string, broken: boolean): string {
  let text = csvLine(['externalId', 'personName', 'dateOfBirth', 'group']);
  for (let i = 0; i < 1000; i++) {
    let dob = `1990-01-${String(1 + (i % 28)).padStart(2, '0')}`;
    let group = i % 2 ? 'control' : '';
    let id = `P-${i}`;
    if (broken && i === 10) dob = '1990-02-31';
    if (broken && i === 20) group = 'no-such-group';
    if (broken && i === 30) id = 'P-5';
    text += csvLine([id, `Person ${i}`, dob, group]);
  }
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function upload(path: string) {
  const input = await page.waitForSelector('#import-file');
  await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(path);
  await page.waitForFunction(() => (document.querySelector('textarea[name=csv]') as HTMLTextAreaElement | null)?.value.length, { timeout: 10000 });
}

t('a 1,000-row file with three bad rows: the errors, fixed, imported, the list grows', async () => {
  await go(`project/${PROJECT}`);
  await (await page.waitForSelector('::-p-xpath(//a[normalize-space()="Import"])'))!.click();
  await page.waitForSelector('#import-file');
  await upload(file('broken.csv', true));
  await (await page.waitForSelector(button('Check file')))!.click();
  await waitForText('3 errors');
  const text = await page.evaluate(() => document.body.innerText);
  assert.ok(text.includes('Not a date'), 'bad date shown');
  assert.ok(text.includes('Unknown group: no-such-group'));
  assert.ok(text.includes('Duplicate external id in the file (also on row 7)'));
  assert.ok(await page.$eval(button('Import'), (b) => (b as HTMLButtonElement).disabled), 'no import with errors');
  assert.equal(await axeSerious(page as never), [], 'import preview');
  assert.is(await count(), 0);

  await upload(file('fixed.csv', false));
  await (await page.waitForSelector(button('Check file')))!.click();
  await waitForText('1000 to create');
  await page.waitForFunction((sel) => !(document.evaluate(sel, document, null, 9, null).singleNodeValue as HTMLButtonElement)?.disabled, { timeout: 10000 }, '//button[normalize-space()="Import"]');
  await (await page.waitForSelector(button('Import')))!.click();
  await waitForText('Imported: 1000 created');
  assert.is(await count(), 1000);
  const total = await page.evaluate(async (project) => (await fetch(`api/projects/${project}/subjects`)).headers.get('x-total-count'), PROJECT);
  assert.is(total, '1000', 'the list has grown');
});

t('the export imports back as a dry run with every row unchanged', async () => {
  const exported = await page.evaluate(async (project) => (await fetch(`api/projects/${project}/subjects.csv?sort=externalId,asc`)).text(), PROJECT);
  const path = join(dir, 'exported.csv');
  writeFileSync(path, exported);
  await go(`project/${PROJECT}/import`);
  await upload(path);
  await (await page.waitForSelector(button('Check file')))!.click();
  await waitForText('1000 unchanged, 0 errors');
});

t('a pairing sheet for 12 subjects, at phone and desktop width', async () => {
  const logins = (await server.app.db.query<{ login: string }>(
    "SELECT login FROM subject WHERE external_id LIKE 'P-%' ORDER BY external_id LIMIT 12")).map((r) => r.login);
  await go(`project/${PROJECT}/pairing-sheet?logins=${logins.join(',')}`);
  await waitForText('12 subjects');
  await (await page.waitForSelector(button('Create pairing links')))!.click();
  await page.waitForFunction(() => document.querySelectorAll('.pairing-sheet__card img').length === 12, { timeout: 20000 });
  for (const [name, size] of Object.entries(WIDTHS)) {
    await page.setViewport(size);
    assert.equal(await axeSerious(page as never), [], `pairing sheet at ${name}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll at ${name}`);
  }
  const printed = () => page.evaluate(() => ['.pairing-sheet__form', '.pairing-sheet__card img'].map((s) => getComputedStyle(document.querySelector(s)!).visibility));
  assert.equal(await printed(), ['visible', 'visible'], 'on screen the form shows');
  assert.equal(await withPrintStyles(page, printed), ['hidden', 'visible'], 'only the cards print');
  if (currentEngine() === 'chromium') {
    // Where the engine can emulate print media, printing itself agrees.
    await page.emulateMediaType('print');
    assert.equal(await printed(), ['hidden', 'visible'], 'only the cards print (emulated print media)');
    await page.emulateMediaType('screen');
  }
  await page.setViewport(WIDTHS.desktop);
  await go(`project/${PROJECT}?tab=invitations`);
  await waitForText('Pending');
  assert.equal(await axeSerious(page as never), [], 'invitations tab');
});

t('staff users from a file: the error shown, fixed, imported', async () => {
  await page.setViewport(WIDTHS.phone);
  await go('user-management');
  await (await page.waitForSelector('::-p-xpath(//a[normalize-space()="Import users"])'))!.click();
  await page.waitForSelector('#import-file');
  const header = 'login,firstName,lastName,email,langKey,roles';
  const broken = join(dir, 'users-broken.csv');
  writeFileSync(broken, `${header}\nstaff-1,Ann,One,staff-1@example.org,en,ROLE_PROJECT_ADMIN:${PROJECT}\nstaff-2,Bob,Two,not-an-email,nl,ROLE_PROJECT_ANALYST:${PROJECT}\n`);
  await upload(broken);
  await (await page.waitForSelector(button('Check file')))!.click();
  await waitForText('1 errors');
  assert.equal(await axeSerious(page as never), [], 'user import preview at 375');
  const fixed = join(dir, 'users-fixed.csv');
  writeFileSync(fixed, `${header}\nstaff-1,Ann,One,staff-1@example.org,en,ROLE_PROJECT_ADMIN:${PROJECT}\nstaff-2,Bob,Two,staff-2@example.org,nl,ROLE_PROJECT_ANALYST:${PROJECT}\n`);
  await upload(fixed);
  await (await page.waitForSelector(button('Check file')))!.click();
  await waitForText('2 to create');
  await page.waitForFunction((sel) => !(document.evaluate(sel, document, null, 9, null).singleNodeValue as HTMLButtonElement)?.disabled, { timeout: 10000 }, '//button[normalize-space()="Import"]');
  await (await page.waitForSelector(button('Import')))!.click();
  await waitForText('Imported: 2 created');
  const users = await server.app.db.query<{ login: string }>("SELECT login FROM radar_user WHERE login LIKE 'staff-%' ORDER BY login");
  assert.equal(users.map((u) => u.login), ['staff-1', 'staff-2']);
});

t('in Dutch: a bad file\'s errors read in Dutch, by their codes, at phone and desktop width', async () => {
  await createUser(server, 'import-beheerder', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Beheerder-Wachtwoord-1', langKey: 'nl' });
  const context = await browser.browser.createBrowserContext();
  const dutch = (await context.newPage()) as unknown as Page;
  try {
    await dutch.setViewport(WIDTHS.phone);
    await signInInBrowser(dutch as never, server, 'import-beheerder', 'Beheerder-Wachtwoord-1');
    await dutch.waitForFunction(() => document.documentElement.lang === 'nl', { timeout: 10000 });
    const dutchText = (text: string) => dutch.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 20000 }, text)
      .catch(async (error: Error) => { throw new Error(`${error.message}: "${text}" not in ${await dutch.evaluate(() => document.body.innerText)}`); });
    let files = 0;
    const check = async (csv: string) => {
      const path = join(dir, `dutch-${++files}.csv`);
      writeFileSync(path, csv);
      const input = await dutch.waitForSelector('#import-file');
      await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(path);
      await dutch.waitForFunction(() => (document.querySelector('textarea[name=csv]') as HTMLTextAreaElement | null)?.value.length, { timeout: 10000 });
      await (await dutch.waitForSelector(`::-p-xpath(//button[normalize-space()="Bestand controleren"])`))!.click();
    };

    await dutch.goto(`${server.url}/#/project/${PROJECT}/import`, { waitUntil: 'networkidle0' });
    await check('externalId,dateOfBirth,group,attribute:site\nNL-1,1990-02-31,,\nNL-2,,nergens,\nNL-1,,,\nNL-3,,,' + 'x'.repeat(300) + '\n');
    await dutchText('4 fouten');
    for (const [name, size] of Object.entries(WIDTHS)) {
      await dutch.setViewport(size);
      const text = await dutch.evaluate(() => document.querySelector('.participants-import__report')!.textContent ?? '');
      for (const wanted of ['dateOfBirth: Geen datum (jjjj-MM-dd).', 'group: Onbekende groep: nergens.', 'externalId: Het externe id staat ook op regel 2.',
        'attribute:site: Dit veld mag niet langer zijn dan 255 tekens.']) assert.ok(text.includes(wanted), `${name}: ${wanted} in ${text}`);
      assert.not.ok(/Not a date|Unknown group|Duplicate external id|At most/.test(text), `${name}: no English reason`);
      assert.equal(await axeSerious(dutch as never), [], `Dutch subject import report at ${name}`);
      assert.ok(await dutch.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${name}`);
    }
    await check('externalId,"open\n');
    await dutchText('Regel 1, kolom -: Een veld tussen aanhalingstekens wordt niet afgesloten.');

    await dutch.setViewport(WIDTHS.phone);
    await dutch.goto(`${server.url}/#/user-management-import`, { waitUntil: 'networkidle0' });
    await check(`login,email,roles\nnl-1,geen-adres,ROLE_PROJECT_ADMIN:${PROJECT}\nnl-2,nl-2@example.org,ROLE_PROJECT_ADMIN:nergens\nnl-3,nl-3@example.org,ROLE_PARTICIPANT:${PROJECT}\n`);
    await dutchText('3 fouten');
    const text = await dutch.evaluate(() => document.querySelector('.participants-import__report')!.textContent ?? '');
    for (const wanted of ['email: Uw e-mailadres is ongeldig.', 'roles: Onbekend project voor Projectbeheerder: nergens.', 'roles: Geen medewerkersrol: Deelnemer.']) {
      assert.ok(text.includes(wanted), `${wanted} in ${text}`);
    }
    assert.equal(await axeSerious(dutch as never), [], 'Dutch user import report at phone width');
  } finally {
    await context.close();
  }
});

t.run();
