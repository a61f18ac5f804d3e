// The headless browser of the puppeteer-based browser tests: Chromium over the DevTools protocol, or Firefox over
// WebDriver BiDi when E2E_BROWSER=firefox (test/setup/engines.ts says where each program is). When the program is
// missing the tests fail with how to install it; test/run.mjs skips a missing engine's run with a line saying so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { currentEngine, enginePath, missingEngine, type Engine } from './engines';

function programOf(engine: Engine): string {
  const missing = missingEngine(engine);
  if (missing) throw new Error(`No browser for the tests: ${missing}.`);
  return enginePath(engine);
}

export function chromePath(): string {
  return programOf('chromium');
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--lang=en-US',
];

// Firefox's preferences for a quiet, English test profile (the Chromium flags' counterparts).
const FIREFOX_PREFS = {
  'intl.accept_languages': 'en-US',
  'intl.locale.requested': 'en-US',
  'browser.shell.checkDefaultBrowser': false,
  'app.update.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'network.http.http3.enable': false,
};

function launch(engine: Engine, userDataDir: string): Promise<Browser> {
  if (engine === 'firefox') {
    return puppeteer.launch({
      browser: 'firefox',
      executablePath: programOf('firefox'),
      headless: true,
      userDataDir,
      extraPrefsFirefox: FIREFOX_PREFS,
    });
  }
  if (engine !== 'chromium') throw new Error(`The puppeteer-based tests run on chromium and firefox, not ${engine}`);
  return puppeteer.launch({ executablePath: chromePath(), headless: true, userDataDir, args: CHROMIUM_ARGS });
}

/**
 * Chromium logs every answer of 400 or more as a console error ("Failed to load resource: the server responded with
 * a status of 409 (Conflict)"), and the tests count on it; Firefox logs none over WebDriver BiDi. On Firefox the same
 * line is recorded from the response, so a page's problems read alike on both engines.
 */
export function recordFailedLoads(page: Page, problems: string[]): void {
  if (currentEngine() !== 'firefox') return;
  page.on('response', (response) => {
    if (response.status() < 400) return;
    problems.push(`console: Failed to load resource: the server responded with a status of ${response.status()} (${response.statusText()}) ${response.url()}`);
  });
}

export interface TestBrowser {
  browser: Browser;
  /** A new page that records console errors and failed requests; `problems()` lists them. */
  newPage(): Promise<Page & { problems(): string[] }>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const engine = currentEngine();
  const userDataDir = mkdtempSync(join(tmpdir(), `mp-${engine}-`));
  const browser = await launch(engine, userDataDir);
  return {
    browser,
    async newPage() {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      const problems: string[] = [];
      page.on('console', (msg) => {
        // A failed request names its URL, so a failure says which call went wrong.
        if (msg.type() === 'error') problems.push(`console: ${msg.text()}${msg.text().startsWith('Failed to load resource') ? ` ${msg.location()?.url ?? ''}` : ''}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${(err as Error).message}`));
      recordFailedLoads(page, problems);
      return Object.assign(page, { problems: () => problems });
    },
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
