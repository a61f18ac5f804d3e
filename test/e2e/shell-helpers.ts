// Browser steps shared by the shell tests: signing in through the real sign-in page, reading the screen.
import type { Page } from 'puppeteer-core';
import { recordFailedLoads, type TestBrowser } from '../setup/browser';
import { ADMIN_PASSWORD } from '../setup/server';

export type ShellPage = Page & { problems(): string[]; dispose(): Promise<void> };

/**
 * A page in its own browser context: no cookies from other tests (both test servers are on 127.0.0.1, and cookies
 * do not care about ports). Records console errors and page errors like the harness's pages.
 */
export async function isolatedPage(browser: TestBrowser): Promise<ShellPage> {
  const context = await browser.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const problems: string[] = [];
  page.on('console', (message) => {
    // A failed request names its URL, so a failure says which call went wrong.
    if (message.type() === 'error') problems.push(`console: ${message.text()}${message.text().startsWith('Failed to load resource') ? ` ${message.location()?.url ?? ''}` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${(error as Error).message}`));
  recordFailedLoads(page, problems);
  return Object.assign(page, { problems: () => problems, dispose: () => context.close() });
}

/** Signs in as `login` the way a person does: account menu, Sign in, the sign-in form; back on #/. */
export async function signIn(page: Page, baseUrl: string, login = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle0' });
  await page.click('#account-menu');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#login')]);
  await page.type('input[name=username]', login);
  await page.type('input[name=password]', password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type=submit]')]);
  await page.waitForSelector('#logout', { timeout: 10000 });
}

export const hashOf = (page: Page): Promise<string> => page.evaluate(() => decodeURIComponent(location.hash));

/** Waits until the main heading reads `text`. */
export async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => document.querySelector('main h1')?.textContent === wanted, { timeout: 10000 }, text);
}

export const menuItems = (page: Page, menuId: string): Promise<string[]> =>
  page.$$eval(`[aria-labelledby="${menuId}"] [role^="menuitem"]`, (items) => items.map((item) => item.textContent ?? ''));

/** Console errors other than the browser's own log of an answer the test provoked on purpose. */
export const unexpectedProblems = (problems: string[], expected: RegExp[] = []): string[] =>
  problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));

/** The accessible name of the open dialog (its labelling heading). */
export const dialogTitle = (page: Page): Promise<string> =>
  page.$eval('[role="dialog"]', (dialog) => document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
