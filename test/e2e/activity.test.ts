// Activity in the built client (docs/subjects.md, "Activity"): a subject paired through the app protocol (the pairing
// link exchanged for a refresh token, then a refresh at oauth/token, both over HTTP) turns fresh in the subject list,
// the other shows "Never paired"; the pairing filter lists only the never-paired one and is written into the URL;
// the Overview tab counts them and draws its charts. At phone and desktop width, with no serious axe violation.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { asUser, createProjectRow } from '../setup/auth';
import { axeSerious, WIDTHS } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { insertSubjects } from '../setup/subjects';
import { addClient, tokenRequest } from '../server/oauth-fixtures';

const PROJECT = 'e2e-activity';
let server: TestServer;
let browser: TestBrowser;
let page: Page;

const t = suite('activity (browser)');
t.before(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await createProjectRow(server, PROJECT);
  await insertSubjects(server, [{ login: 'app-paired', project: PROJECT }, { login: 'app-quiet', project: PROJECT }]);
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'] });
  page = await browser.newPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
});

const go = (path: string) => page.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
const rowText = (login: string) => page.$eval(`::-p-xpath(//tbody/tr[.//*[normalize-space()="${login}"]])`, (tr) => (tr as HTMLElement).innerText);
const waitForRow = (login: string) => page.waitForSelector(`::-p-xpath(//tbody/tr[.//*[normalize-space()="${login}"]])`, { timeout: 10000 });

t('the app pairs over HTTP: the pairing link, then a refresh', async () => {
  const admin = await asUser(server, 'admin');
  const pair = await admin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login: 'app-paired', clientId: 'aRMT', persistent: 'false' })}`);
  assert.is(pair.status, 200, pair.text);
  const exchanged = await fetch(pair.body.tokenUrl);
  assert.is(exchanged.status, 200);
  const { refreshToken } = await exchanged.json() as { refreshToken: string };
  const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshToken }, ['aRMT', 'armt-secret']);
  assert.is(refreshed.status, 200, refreshed.text);
});

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: the paired subject is fresh, the other never paired; the pairing filter is in the URL; the overview counts them`, async () => {
    await page.setViewport(size);
    await go(`project/${PROJECT}?tab=subjects`);
    await waitForRow('app-paired');
    assert.match(await rowText('app-paired'), /Fresh/);
    assert.match(await rowText('app-quiet'), /Never paired/);
    assert.ok(await page.$('tbody time[datetime][title]'), 'the exact time on hover');
    assert.equal(await axeSerious(page), [], `${name}: list`);

    await page.select('select[name=neverPaired]', 'true');
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes(';neverPaired=true'), { timeout: 10000 });
    await page.waitForFunction(() => !document.querySelector('tbody')?.textContent?.includes('app-paired'), { timeout: 10000 });
    await waitForRow('app-quiet');
    assert.match(await page.evaluate(() => document.body.innerText), /Pairing: Never paired/);
    // Kept on reload: the URL holds the filter.
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForRow('app-quiet');
    assert.is(await page.$('::-p-xpath(//tbody//*[normalize-space()="app-paired"])'), null);
    assert.equal(await axeSerious(page), [], `${name}: filtered`);

    await go(`project/${PROJECT}?tab=overview`);
    await page.waitForSelector('.overview svg[role=img]', { timeout: 10000 });
    const text = await page.evaluate(() => (document.querySelector('.overview') as HTMLElement).innerText);
    assert.match(text, /Paired\s*1/);
    assert.match(text, /Never paired\s*1/);
    assert.is((await page.$$('.overview svg[role=img]')).length, 2);
    assert.equal(await axeSerious(page), [], `${name}: overview`);
  });
}

t.run();
