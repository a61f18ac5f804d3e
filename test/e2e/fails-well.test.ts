// Failure, safety and assistive technology in the built client against the real server, at phone (375) and desktop
// (1280) width with axe: a subject list that fails shows why with Try again (never "no subjects"), readable text for
// another server's raw status key, one message when the network is down, the unsaved-changes question on a dialog,
// the session's end (a warning with Stay signed in; a save that meets a 401 keeps the dialog, its input and a sign-in
// link for a new tab, then saves), the project date check, focus and announcements after navigation and filtering,
// the language choice kept on reload, the register page, and the none-available notice on a project out of reach.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { asUser, createProjectRow, createUser } from '../setup/auth';
import { axeSerious, WIDTHS } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { clickOn } from './page-actions';

const PROJECT = 'e2e-fails';
const PASSWORD = 'Fails-Well-Password-1';
let server: TestServer;
let browser: TestBrowser;
let page: Awaited<ReturnType<TestBrowser['newPage']>>;
const client = snapshotBuiltClient();

const t = suite('fails well (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  await createProjectRow(server, PROJECT);
  await createProjectRow(server, 'e2e-elsewhere');
  await createUser(server, 'outsider-e2e', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'e2e-elsewhere' }], { password: PASSWORD });
  const api = await asUser(server, 'admin');
  const [project] = await server.app.db.query<{ id: number }>('SELECT id FROM project WHERE project_name = $1', [PROJECT]);
  for (const externalId of ['FW-1', 'FW-2', 'FW-3']) {
    const created = await api('POST', '/api/subjects', { json: { project: { id: project.id, projectName: PROJECT }, externalId } });
    assert.is(created.status, 201, created.text);
  }
  page = await browser.newPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const dialog = '[role="dialog"]';
/** A fresh start of the app at `path` (a hash-only change of the same document would keep the previous state). */
async function go(p: Page, path: string) {
  await p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
  await p.reload({ waitUntil: 'networkidle0' });
}
const bodyText = (p: Page) => p.evaluate(() => document.body.innerText);
const waitForText = (p: Page, text: string) =>
  p.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 10000 }, text);
const alertTexts = (p: Page) => p.$$eval('.alert__text', (els) => els.map((el) => el.textContent ?? ''));
const announced = (p: Page) => p.$eval('#page-announcer', (el) => el.textContent ?? '');

/** Toasts may cover a dialog's footer for five seconds: buttons are pressed from the keyboard. */
async function press(p: Page, selector: string) {
  const button = await p.waitForSelector(selector, { timeout: 10000 });
  await button!.focus();
  await p.keyboard.press('Enter');
}

async function noSeriousViolations(p: Page, where: string) {
  assert.equal(await axeSerious(p), [], where);
}

/** Answers requests whose URL matches with `answer` while `run` runs; every other request goes through. */
async function intercepting(p: Page, matches: (url: string) => boolean, answer: (request: HTTPRequest) => Promise<void>, run: () => Promise<void>) {
  const handler = (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    if (matches(request.url())) void answer(request);
    else void request.continue();
  };
  await p.setRequestInterception(true);
  p.on('request', handler);
  try {
    await run();
  } finally {
    p.off('request', handler);
    await p.setRequestInterception(false);
  }
}

async function adminSession(): Promise<void> {
  // Each test starts in front (a test opens and closes another tab; Firefox runs no animation frames, which
  // waitForFunction polls on, in a tab in the background) and signed in as admin (a test may have ended the session).
  await page.bringToFront();
  const signedIn = await page.evaluate(() => document.cookie.includes('XSRF-TOKEN'));
  if (!signedIn) await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
}

for (const [name, viewport] of Object.entries(WIDTHS)) {
  t(`${name}: a subject list that fails says why and offers Try again; another server's raw key reads as text`, async () => {
    await page.setViewport(viewport);
    await adminSession();
    await go(page, 'organization');
    await intercepting(
      page,
      (url) => url.includes(`/api/projects/${PROJECT}/subjects`),
      (request) => request.respond({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'error.http.500' }) }),
      async () => {
        await page.evaluate((path) => (location.hash = path), `#/project/${PROJECT}?tab=subjects`);
        await page.waitForSelector('::-p-aria(Try again)', { timeout: 10000 });
        const text = await bodyText(page);
        assert.ok(text.includes('This could not be loaded: the server answered 500.'), text);
        assert.not.ok(text.includes('No subjects found'), 'a failed load is no empty list');
        assert.not.ok(text.includes('error.http.500'), 'no raw key');
        assert.ok((await alertTexts(page)).includes('The server ran into an error (status 500).'));
        await noSeriousViolations(page, 'failed subject list');
      },
    );
    await clickOn(page, '::-p-aria(Try again)');
    await page.waitForSelector('td ::-p-text(FW-2)', { timeout: 10000 });
    assert.is(await page.$('::-p-aria(Try again)'), null);
  });

  t(`${name}: with the network down, one "Server not reachable" however many requests fail`, async () => {
    await page.setViewport(viewport);
    await adminSession();
    await go(page, 'organization');
    for (const button of await page.$$('.alert__close')) await button.click();
    await intercepting(
      page,
      (url) => url.includes('/api/'),
      (request) => request.abort('internetdisconnected'),
      async () => {
        // The project page asks for the project, its subjects and its groups at once.
        await page.evaluate((path) => (location.hash = path), `#/project/${PROJECT}?tab=subjects`);
        await waitForText(page, 'Server not reachable');
        await new Promise((resolve) => setTimeout(resolve, 500));
        assert.equal((await alertTexts(page)).filter((text) => text === 'Server not reachable'), ['Server not reachable']);
      },
    );
  });

  t(`${name}: a dialog with typed input asks before Escape throws it away`, async () => {
    await page.setViewport(viewport);
    await adminSession();
    await go(page, `project/${PROJECT}?tab=subjects`);
    await clickOn(page, '::-p-aria(Create a subject)');
    await page.waitForSelector(`${dialog} input[name=externalId]`);
    // Nothing typed: Escape closes at once.
    await page.keyboard.press('Escape');
    await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
    await clickOn(page, '::-p-aria(Create a subject)');
    await page.waitForSelector(`${dialog} input[name=externalId]`, { timeout: 10000 });
    await page.type(`${dialog} input[name=externalId]`, 'HALF-DONE');
    await page.keyboard.press('Escape');
    await waitForText(page, 'Discard the changes you made?');
    assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Keep editing');
    await noSeriousViolations(page, 'discard question');
    await page.keyboard.press('Enter');
    assert.is(await page.$eval(`${dialog} input[name=externalId]`, (input) => (input as HTMLInputElement).value), 'HALF-DONE');
    await press(page, `${dialog} ::-p-aria(Cancel[role="button"])`);
    await press(page, `${dialog} ::-p-aria(Discard changes[role="button"])`);
    await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  });

  t(`${name}: a save that meets an ended session keeps the dialog and its input; sign in again in a new tab, then save`, async () => {
    await page.setViewport(viewport);
    await adminSession();
    await go(page, `project/${PROJECT}?tab=subjects`);
    await clickOn(page, '::-p-aria(Create a subject)');
    const externalId = `KEPT-${name}`;
    await page.waitForSelector(`${dialog} input[name=externalId]`, { timeout: 10000 });
    await page.type(`${dialog} input[name=externalId]`, externalId);
    await server.app.db.query("DELETE FROM http_session WHERE user_id = (SELECT id FROM radar_user WHERE login = 'admin')");
    await press(page, `${dialog} ::-p-aria(Save[role="button"])`);
    await page.waitForSelector(`${dialog} .session-notice--ended`, { timeout: 10000 });
    assert.is(await page.$eval(`${dialog} input[name=externalId]`, (input) => (input as HTMLInputElement).value), externalId);
    const link = await page.$eval(`${dialog} .session-notice a`, (a) => [a.textContent, a.getAttribute('target'), (a as HTMLAnchorElement).href]);
    assert.equal(link.slice(0, 2), ['Sign in (opens a new tab)', '_blank']);
    assert.ok(link[2]!.endsWith('/api/redirect/login'));
    await noSeriousViolations(page, 'session ended in a dialog');
    // The user signs in again in another tab of the same browser, then comes back.
    const other = await browser.newPage();
    await signInInBrowser(other, server, 'admin', ADMIN_PASSWORD);
    await other.close();
    // Coming back to the tab asks the server again; the button does the same for a browser that does not tell.
    await page.bringToFront();
    const again = await page.$(`${dialog} ::-p-aria(I have signed in again[role="button"])`);
    if (again) await again.evaluate((button) => (button as HTMLButtonElement).click());
    await page.waitForSelector(`${dialog} .session-notice`, { hidden: true, timeout: 10000 });
    await press(page, `${dialog} ::-p-aria(Save[role="button"])`);
    await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
    const [saved] = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM subject WHERE external_id = $1', [externalId]);
    assert.is(saved.n, 1);
  });

  t(`${name}: two minutes before the session ends a warning offers Stay signed in`, async () => {
    await page.setViewport(viewport);
    await adminSession();
    await go(page, 'organization');
    await server.app.db.query(
      "UPDATE http_session SET expires_at = now() + interval '90 seconds', last_seen_at = now() WHERE user_id = (SELECT id FROM radar_user WHERE login = 'admin')",
    );
    // Any request brings the server's word on the session's end.
    await page.evaluate(() => (location.hash = '#/user-management'));
    await page.waitForSelector('.session-notice--warning', { timeout: 10000 });
    assert.ok((await bodyText(page)).includes('Your session ends in 2 minutes unless you keep working.'));
    await noSeriousViolations(page, 'session warning');
    // Used after more than a minute, the session slides: the answer says it has its whole lifetime again.
    await server.app.db.query(
      "UPDATE http_session SET last_seen_at = now() - interval '5 minutes' WHERE user_id = (SELECT id FROM radar_user WHERE login = 'admin')",
    );
    // The notice hides as the button is pressed; the server slides the session when the request reaches it.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/account'), { timeout: 10000 });
    await clickOn(page, '::-p-aria(Stay signed in)');
    await answered;
    await page.waitForSelector('.session-notice', { hidden: true, timeout: 10000 });
    const [left] = await server.app.db.query<{ s: number }>(
      "SELECT min(extract(epoch FROM expires_at - now()))::int AS s FROM http_session WHERE user_id = (SELECT id FROM radar_user WHERE login = 'admin')",
    );
    assert.ok(left.s > 29 * 60, String(left.s));
  });

  t(`${name}: a project cannot end before it starts`, async () => {
    await page.setViewport(viewport);
    await adminSession();
    await go(page, 'organization/main');
    await clickOn(page, '::-p-aria(Create a project)');
    await page.waitForSelector(`${dialog} input[name=startDate]`);
    await page.type(`${dialog} input[name=projectName]`, `backwards-${name}`);
    await page.$eval(`${dialog} input[name=startDate]`, (input) => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(input, '2025-06-01');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.$eval(`${dialog} input[name=endDate]`, (input) => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(input, '2025-05-01');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitForText(page, 'The end date cannot be before the start date.');
    assert.ok(await page.$eval(`${dialog} ::-p-aria(Save[role="button"])`, (button) => (button as HTMLButtonElement).disabled));
    await noSeriousViolations(page, 'project date error');
    await press(page, `${dialog} ::-p-aria(Cancel[role="button"])`);
    await press(page, `${dialog} ::-p-aria(Discard changes[role="button"])`);
    await page.waitForSelector(dialog, { hidden: true, timeout: 10000 });
  });

  t(`${name}: after a navigation focus is on the page heading and the title is announced; a filter announces its count`, async () => {
    await page.setViewport(viewport);
    await adminSession();
    await go(page, 'organization');
    await page.evaluate((path) => (location.hash = path), `#/project/${PROJECT}`);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1', { timeout: 10000 });
    assert.ok((await page.evaluate(() => document.activeElement?.textContent ?? '')).includes(PROJECT));
    await page.waitForFunction(() => document.getElementById('page-announcer')?.textContent !== '', { timeout: 5000 });
    assert.is(await announced(page), `Project ${PROJECT}`);
    assert.is(await page.title(), `Project ${PROJECT}`);
    await page.evaluate((path) => (location.hash = path), `#/project/${PROJECT};externalId=FW-2?tab=subjects`);
    await page.waitForFunction(() => document.getElementById('page-announcer')?.textContent === '1 subject found', { timeout: 10000 });
    await noSeriousViolations(page, 'after navigation');
  });
}

t('the language picked in the navbar is kept on reload; a signed-in account\'s language wins', async () => {
  const visitor = await browser.browser.createBrowserContext();
  const anonymous = await visitor.newPage();
  try {
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await anonymous.setViewport(viewport);
      await anonymous.goto(`${server.url}/#/`, { waitUntil: 'networkidle0' });
      await anonymous.reload({ waitUntil: 'networkidle0' });
      const burger = await anonymous.$('.navbar__toggler');
      if (burger && (await burger.isVisible())) await burger.click();
      await (await anonymous.waitForSelector('#language-menu', { visible: true, timeout: 10000 }))!.click();
      const dutch = await anonymous.waitForSelector('#language-menu ~ ul [role="menuitemradio"]:not([aria-checked="true"])', { visible: true, timeout: 10000 });
      assert.is(await dutch!.evaluate((item) => item.textContent), 'Nederlands');
      await dutch!.focus();
      await anonymous.keyboard.press('Enter');
      await anonymous.waitForFunction(() => document.documentElement.lang === 'nl', { timeout: 10000 });
      await anonymous.reload({ waitUntil: 'networkidle0' });
      await anonymous.waitForFunction(() => document.documentElement.lang === 'nl', { timeout: 10000 });
      assert.ok((await bodyText(anonymous)).includes('Welkom'), name);
      await noSeriousViolations(anonymous, `nl home ${name}`);
      await anonymous.evaluate(() => localStorage.removeItem('mp-language'));
    }
    // Signed in, the account's language (en for admin) wins over the choice.
    await anonymous.evaluate(() => localStorage.setItem('mp-language', 'nl'));
    await signInInBrowser(anonymous, server, 'admin', ADMIN_PASSWORD);
    await anonymous.waitForFunction(() => document.documentElement.lang === 'en', { timeout: 10000 });
  } finally {
    await visitor.close();
  }
});

t('"Register a new account" on the sign-in page leads to a page that says who creates accounts', async () => {
  const visitor = await browser.browser.createBrowserContext();
  const anonymous = await visitor.newPage();
  try {
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await anonymous.setViewport(viewport);
      await anonymous.goto(`${server.url}/api/redirect/login`, { waitUntil: 'networkidle0' });
      await Promise.all([anonymous.waitForNavigation({ waitUntil: 'networkidle0' }), clickOn(anonymous, '::-p-text(Register a new account)')]);
      await anonymous.waitForSelector('h1::-p-text(Accounts are created by an administrator)', { timeout: 10000 });
      assert.ok((await bodyText(anonymous)).includes('the system administrator of this platform'), name);
      await noSeriousViolations(anonymous, `register page ${name}`);
    }
  } finally {
    await visitor.close();
  }
});

t('a project admin who opens a project outside their scope sees the none-available notice', async () => {
  const visitor = await browser.browser.createBrowserContext();
  const outsider = await visitor.newPage();
  try {
    await signInInBrowser(outsider, server, 'outsider-e2e', PASSWORD);
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      await outsider.setViewport(viewport);
      await outsider.goto(`${server.url}/#/project/${PROJECT}`, { waitUntil: 'networkidle0' });
      await waitForText(outsider, 'No project sections are available to you.');
      const text = await bodyText(outsider);
      assert.not.ok(text.includes('could not be loaded'), name);
      assert.is(await outsider.$('[role="tab"]'), null);
      await noSeriousViolations(outsider, `out of reach ${name}`);
    }
  } finally {
    await visitor.close();
  }
});

t.run();
