// Who may change a source type (docs/catalogue.md, "Who may change a source type") in the built client against the
// real server, at phone and desktop widths: a project admin of a project in organization A finds Edit and Delete
// offered for a type only its project uses, and disabled (aria-disabled, focusable, the reason as tooltip and as
// accessible description, en and nl) for a type a project of organization B uses too, on the source data list and
// the detail pages; a system admin finds both offered, on the source type list too. axe finds no serious violation
// on those pages.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ElementHandle, Page } from 'puppeteer-core';
import { accessibleNode } from '../setup/accessible-node';
import { createProjectRow, createUser } from '../setup/auth';
import { axeSerious, WIDTHS } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { currentEngine } from '../setup/engines';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';

const PASSWORD = 'Catalogue-Scope-Password-1';
type Messages = { managementPortalApp: Record<'sourceType' | 'sourceData', { refusal: { outOfScope: string } }> };
const messages = (lang: string) => JSON.parse(readFileSync(new URL(`../../static/i18n/${lang}.json`, import.meta.url), 'utf8')) as Messages;
const EN = messages('en').managementPortalApp;
const NL = messages('nl').managementPortalApp;

let server: TestServer;
let browser: TestBrowser;
const client = snapshotBuiltClient();

const t = suite('catalogue scope (browser)');
t.before(async () => {
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
  const own = await createProjectRow(server, 'scope-own', 'scope-org-a');
  const other = await createProjectRow(server, 'scope-other', 'scope-org-b');
  const db = server.app.db;
  const type = async (producer: string, data: string, projects: number[]) => {
    const [row] = await db.query<{ id: number }>(
      "INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ($1, 'Band', 'v1', 'PASSIVE') RETURNING id",
      [producer],
    );
    await db.query("INSERT INTO source_data (source_data_type, source_data_name, source_type_id) VALUES ('ACCELEROMETER', $1, $2)", [data, row.id]);
    for (const project of projects) await db.query('INSERT INTO project_source_type (project_id, source_type_id) VALUES ($1, $2)', [project, row.id]);
  };
  await type('Own-Vendor', 'OWN_ACC', [own]);
  await type('Shared-Vendor', 'SHARED_ACC', [own, other]);
  await createUser(server, 'scope-pa', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'scope-own' }], { password: PASSWORD });
  await createUser(server, 'scope-pa-nl', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'scope-own' }], { password: PASSWORD, langKey: 'nl' });
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
  client.remove();
});

const go = async (p: Page, path: string, text: string) => {
  await p.goto(`${server.url}/#/${path}`, { waitUntil: 'networkidle0' });
  try {
    await p.waitForFunction((s) => document.querySelector('main')?.innerText.includes(s), { timeout: 10000 }, text);
  } catch {
    throw new Error(`no ${text} at ${path}: ${await p.evaluate(() => document.querySelector('main')?.innerText)}`);
  }
};

/** A page in a browser context of its own (its own session cookie), recording console errors as `problems()`. */
async function isolatedPage(): Promise<Page & { problems(): string[]; dispose(): Promise<void> }> {
  const context = await browser.browser.createBrowserContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${(err as Error).message}`));
  await page.setViewport(WIDTHS.desktop);
  return Object.assign(page, { problems: () => problems, dispose: () => context.close() });
}

interface Action {
  tag: string;
  disabled: string | null;
  title: string | null;
  /** The text aria-describedby resolves to. */
  description: string | null;
}

/** The Edit and Delete actions in the table row that contains `rowText` (or in main's header when no row is named). */
async function actions(p: Page, rowText?: string): Promise<Action[]> {
  return p.evaluate((rowText) => {
    const scope = rowText
      ? [...document.querySelectorAll<HTMLElement>('main tbody tr')].find((row) => row.innerText.includes(rowText))
      : document.querySelector<HTMLElement>('main .entity-page__header');
    if (!scope) throw new Error(`no row with ${rowText}`);
    const controls = [...scope.querySelectorAll<HTMLElement>('a, button')].filter((el) => /^(Edit|Delete|Bewerken|Verwijderen)$/.test(el.innerText.trim()));
    return controls.map((el) => {
      const ids = el.getAttribute('aria-describedby');
      const description = ids ? ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null;
      return { tag: el.tagName, disabled: el.getAttribute('aria-disabled'), title: el.getAttribute('title'), description };
    });
  }, rowText);
}

const offered = (list: Action[], count: number) => {
  assert.is(list.length, count, JSON.stringify(list));
  for (const action of list) assert.equal(action, { tag: 'A', disabled: null, title: null, description: null });
};
const refused = (list: Action[], count: number, reason: string) => {
  assert.is(list.length, count, JSON.stringify(list));
  for (const action of list) assert.equal(action, { tag: 'BUTTON', disabled: 'true', title: reason, description: reason });
};

/**
 * The row's action buttons fit: the page does not scroll sideways (a table scrolls inside its own box on a phone,
 * data-table.css), and scrolled to, the three are inside the viewport, at least 24 px, and do not overlap.
 */
async function assertFits(p: Page, rowText: string) {
  const problem = await p.evaluate((rowText) => {
    const row = [...document.querySelectorAll<HTMLElement>('main tbody tr')].find((r) => r.innerText.includes(rowText))!;
    const width = document.documentElement.clientWidth;
    const pageWidth = document.documentElement.scrollWidth;
    row.querySelector('.source-type__actions')!.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const boxes = [...row.querySelectorAll<HTMLElement>('.source-type__actions > a, .source-type__actions > button')].map((el) => el.getBoundingClientRect());
    if (pageWidth > width) return `page scrolls sideways: ${pageWidth} > ${width}`;
    for (const [i, b] of boxes.entries()) {
      if (b.left < 0 || b.right > width) return `action ${i} outside the viewport: ${b.left}..${b.right} of ${width}`;
      if (b.width < 24 || b.height < 24) return `action ${i} too small: ${b.width}x${b.height}`;
      for (const c of boxes.slice(i + 1)) {
        if (b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom) return `actions overlap`;
      }
    }
    return boxes.length === 3 ? '' : `${boxes.length} actions`;
  }, rowText);
  assert.is(problem, '');
}

// The source type list is a system admin's page (src/client/app.tsx); a project admin reaches the type's detail page
// (from a source data row) and the source data list and detail pages.
t('a project admin: Edit and Delete offered for its own type, disabled with the reason for a shared one, at both widths', async () => {
  const page = await isolatedPage();
  await signInInBrowser(page, server, 'scope-pa', PASSWORD);
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    await page.setViewport(viewport);
    await go(page, 'source-data', 'SHARED_ACC');
    offered(await actions(page, 'OWN_ACC'), 2);
    refused(await actions(page, 'SHARED_ACC'), 2, EN.sourceData.refusal.outOfScope);
    await assertFits(page, 'SHARED_ACC');
    assert.equal(await axeSerious(page), [], `source data list at ${name}`);

    await go(page, 'source-data/OWN_ACC', 'Own-Vendor');
    offered(await actions(page), 1);
    assert.equal(await axeSerious(page), [], `own source data at ${name}`);
    await go(page, 'source-data/SHARED_ACC', 'Shared-Vendor');
    refused(await actions(page), 1, EN.sourceData.refusal.outOfScope);
    assert.equal(await axeSerious(page), [], `shared source data at ${name}`);

    await go(page, 'source-type/Own-Vendor/Band/v1', 'OWN_ACC');
    offered(await actions(page), 1);
    assert.equal(await axeSerious(page), [], `own source type at ${name}`);
    await go(page, 'source-type/Shared-Vendor/Band/v1', 'SHARED_ACC');
    refused(await actions(page), 1, EN.sourceType.refusal.outOfScope);
    assert.equal(await axeSerious(page), [], `shared source type at ${name}`);
  }
  assert.equal(page.problems(), []);
  await page.dispose();
});

t('keyboard focus reaches a disabled Edit, the reason is its description, and activating it opens nothing', async () => {
  const page = await isolatedPage();
  await signInInBrowser(page, server, 'scope-pa', PASSWORD);
  await page.setViewport(WIDTHS.phone);
  await go(page, 'source-type/Shared-Vendor/Band/v1', 'SHARED_ACC');
  let focused = '';
  for (let i = 0; i < 40 && focused !== 'Edit'; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');
  }
  assert.is(focused, 'Edit');
  const active = (await page.evaluateHandle(() => document.activeElement!)) as ElementHandle<Element>;
  assert.equal(await accessibleNode(active), { role: 'button', name: 'Edit', description: EN.sourceType.refusal.outOfScope });
  if (currentEngine() === 'chromium') {
    // Where the browser's own accessibility tree is readable, it says the same as the DOM's attributes.
    const node = await page.accessibility.snapshot({ root: active as never, interestingOnly: false });
    assert.equal({ role: node?.role, name: node?.name, description: node?.description }, { role: 'button', name: 'Edit', description: EN.sourceType.refusal.outOfScope });
  }
  const hash = await page.evaluate(() => location.hash);
  await page.keyboard.press('Enter');
  await page.keyboard.press(' '); // the space bar: the key's value, which both protocols know (BiDi has no "Space" name)
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.is(await page.evaluate(() => location.hash), hash);
  assert.is(await page.$('[role="dialog"]'), null);
  assert.equal(page.problems(), []);
  await page.dispose();
});

t('the reason in Dutch for a Dutch-speaking project admin', async () => {
  const page = await isolatedPage();
  await signInInBrowser(page, server, 'scope-pa-nl', PASSWORD);
  await go(page, 'source-data', 'SHARED_ACC');
  await page.waitForFunction(() => document.documentElement.lang === 'nl', { timeout: 10000 });
  refused(await actions(page, 'SHARED_ACC'), 2, NL.sourceData.refusal.outOfScope);
  offered(await actions(page, 'OWN_ACC'), 2);
  await go(page, 'source-type/Shared-Vendor/Band/v1', 'SHARED_ACC');
  refused(await actions(page), 1, NL.sourceType.refusal.outOfScope);
  assert.equal(page.problems(), []);
  await page.dispose();
});

t('a system admin finds Edit and Delete offered for both types and their source data, at both widths', async () => {
  const page = await isolatedPage();
  await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    await page.setViewport(viewport);
    await go(page, 'source-type', 'Shared-Vendor');
    offered(await actions(page, 'Own-Vendor'), 2);
    offered(await actions(page, 'Shared-Vendor'), 2);
    await assertFits(page, 'Shared-Vendor');
    assert.equal(await axeSerious(page), [], `source type list at ${name}`);
    await go(page, 'source-type/Shared-Vendor/Band/v1', 'SHARED_ACC');
    offered(await actions(page), 1);
    await go(page, 'source-data', 'SHARED_ACC');
    offered(await actions(page, 'SHARED_ACC'), 2);
    await go(page, 'source-data/SHARED_ACC', 'Shared-Vendor');
    offered(await actions(page), 1);
  }
  assert.equal(page.problems(), []);
  await page.dispose();
});

t.run();
