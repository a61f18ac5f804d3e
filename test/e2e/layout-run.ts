// The layout tests' machinery: one server with the layout fixtures, one browser with two signed-in pages (an English
// and a Dutch system administrator), and the checks a screen must pass at each width:
// - the document is no wider than the viewport (no sideways scrolling);
// - an open dialog lies inside the viewport, and each of its buttons can be scrolled into view inside it;
// - from 1280 px up, every table fits its container and each row's actions sit on one line;
// and axe-core once per screen and language, at one width (its findings do not depend on the width).
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { axeSerious } from '../setup/axe';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { signInInBrowser, snapshotBuiltClient, dropTemplatesAfterFile } from '../setup/browser-session';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { DUTCH_ADMIN, DUTCH_PASSWORD, PROJECT, SUBJECT, seedInvitations, seedLayoutData } from './layout-fixtures';
import type { Screen } from './layout-screens';

export const WIDTHS = [375, 768, 1280, 1920] as const;
export const DUTCH_WIDTHS = [375, 1280, 1920] as const;
const HEIGHT: Record<number, number> = { 375: 740, 768: 1000, 1280: 900, 1920: 1080 };
/** From this width on, tables must fit without scrolling and row actions stay on one line. */
const WIDE = 1280;

export interface LayoutWorld {
  server: TestServer;
  english: Page;
  dutch: Page;
  /** Values the paths' `{name}` placeholders stand for. */
  values: Record<string, string>;
  close(): Promise<void>;
}

export async function startLayoutWorld(): Promise<LayoutWorld> {
  const client = snapshotBuiltClient();
  const server = await startTestServer({}, { clientDir: client.clientDir });
  const { revisionId } = await seedLayoutData(server);
  const [group] = await server.app.db.query<{ id: number }>('SELECT min(id)::int AS id FROM radar_group');
  const browser: TestBrowser = await launchBrowser();
  const english = await browser.newPage();
  const dutchContext = await browser.browser.createBrowserContext();
  const dutch = await dutchContext.newPage();
  await signInInBrowser(english, server, 'admin', ADMIN_PASSWORD);
  await signInInBrowser(dutch, server, DUTCH_ADMIN, DUTCH_PASSWORD);
  await dutch.waitForFunction(() => document.documentElement.lang === 'nl', { timeout: 10000 });
  await seedInvitations(server);
  const [subjectRevision] = await server.app.db.query<{ n: number }>(
    "SELECT min(r.id)::int AS n FROM revision r JOIN revision_change c ON c.revision_id = r.id WHERE c.entity_id = (SELECT id FROM subject WHERE login = $1) AND c.entity_type LIKE '%ubject%'",
    [SUBJECT],
  ).catch(() => [{ n: revisionId }]);
  return {
    server,
    english,
    dutch,
    values: { revisionId: String(subjectRevision?.n ?? revisionId), groupId: String(group.id), project: PROJECT },
    async close() {
      await browser.close();
      await server.close();
      client.remove();
      await dropTemplatesAfterFile();
    },
  };
}

/** The paths of a table of app.tsx (`ROUTES` or `POPUPS`), read from its source. */
export function routeTablePaths(table: 'ROUTES' | 'POPUPS'): string[] {
  const source = readFileSync(new URL('../../src/client/app.tsx', import.meta.url), 'utf8');
  const sourceType = /const SOURCE_TYPE = '([^']+)'/.exec(source)![1];
  const start = source.indexOf(`export const ${table}`);
  const body = source.slice(start, source.indexOf('];', start));
  return [...body.matchAll(/\{ path: (?:'([^']*)'|(SOURCE_TYPE)|`\$\{SOURCE_TYPE\}([^`]*)`)/g)].map((m) =>
    m[1] ?? (m[2] ? sourceType : sourceType + m[3]));
}

const fill = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);

/** Opens the screen in the signed-in page without reloading the app, and waits until it has settled. */
export async function visit(page: Page, screen: Screen, values: Record<string, string>): Promise<void> {
  const hash = `#/${fill(screen.path, values)}`;
  // The English and the Dutch page are two tabs: Firefox runs no animation frame in a tab in the background, so
  // waiting for a condition (polled per frame) there would never end. The page at work is the one in front.
  await page.bringToFront();
  await page.evaluate((h) => {
    // Leaving a popup for another one goes through a page without it, as a person closing the dialog would.
    if (location.hash !== h) location.hash = h;
  }, hash);
  await page.waitForNetworkIdle({ idleTime: 300, timeout: 15000 });
  if (screen.path.includes('(popup:')) await page.waitForSelector('[role="dialog"]', { timeout: 10000 });
  // Lists mark themselves busy while they load; a lazily loaded area first fetches its chunk, then its data.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .loading'), { timeout: 10000 }).catch(() => undefined);
  await page.waitForNetworkIdle({ idleTime: 200, timeout: 15000 });
}

/** What is wrong with the layout of the page as it is now, at its current viewport. */
export async function layoutProblems(page: Page, checkTables: boolean): Promise<string[]> {
  // The test runner compiles named functions with a `__name` helper that the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate((wide) => {
    const problems: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    if (document.documentElement.scrollWidth > vw) {
      const escaping = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > vw + 1 && el.getClientRects().length > 0)
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= vw + 1)
        .slice(0, 3).map(name);
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${vw} px viewport (${escaping.join(', ')})`);
    }
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.left < -1 || box.right > vw + 1) problems.push(`dialog ${name(dialog)} spans ${Math.round(box.left)}..${Math.round(box.right)} px of ${vw}`);
      for (const button of dialog.querySelectorAll('button')) {
        if (button.getClientRects().length === 0) continue;
        button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const r = button.getBoundingClientRect();
        if (r.left < -1 || r.right > vw + 1 || r.top < -1 || r.bottom > vh + 1) {
          problems.push(`dialog button "${button.textContent?.trim()}" lies at ${Math.round(r.left)},${Math.round(r.top)} outside ${vw}x${vh}`);
        }
      }
    }
    if (wide) {
      for (const table of document.querySelectorAll('table')) {
        if (table.getClientRects().length === 0) continue;
        const container = table.parentElement!;
        if (table.offsetWidth > container.clientWidth + 1) {
          const caption = table.closest('section')?.querySelector('h2, h3')?.textContent ?? name(container);
          problems.push(`table "${caption}" is ${table.offsetWidth} px wide in ${container.clientWidth} px`);
        }
      }
      for (const actions of document.querySelectorAll('.row-actions')) {
        const tops = new Set([...actions.children].filter((c) => c.getClientRects().length > 0).map((c) => Math.round(c.getBoundingClientRect().top)));
        if (tops.size > 1) problems.push(`row actions "${actions.textContent?.trim()}" wrap onto ${tops.size} lines`);
      }
    }
    return problems;
  }, checkTables);
}

/**
 * Visits the screen in both languages: layout at every width in English, and in Dutch at 375, 1280 and 1920 (its
 * longer words test the phone, the desktop and the widest screen's lines); axe in both. Each language's page is
 * opened once and only resized between widths.
 */
export async function checkScreen(world: LayoutWorld, screen: Screen, axe = true): Promise<string[]> {
  const found: string[] = [];
  for (const [page, language, widths] of [[world.english, 'en', WIDTHS], [world.dutch, 'nl', DUTCH_WIDTHS]] as const) {
    try {
      await visit(page, screen, world.values);
      if (screen.act) {
        await page.setViewport({ width: 1280, height: HEIGHT[1280] });
        await screen.act(page);
      }
    } catch (error) {
      found.push(`${language}: did not open (${(error as Error).message})`);
      continue;
    }
    for (const width of widths) {
      await page.setViewport({ width, height: HEIGHT[width] });
      for (const problem of await layoutProblems(page, width >= WIDE)) found.push(`${language} ${width}px: ${problem}`);
    }
    if (axe) for (const violation of await axeSerious(page)) found.push(`${language} axe: ${violation}`);
  }
  return found.map((problem) => `#/${screen.path}${screen.state ? ` (${screen.state})` : ''}: ${problem}`);
}
