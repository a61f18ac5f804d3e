// The headless browser of the puppeteer-based browser tests: Chromium over the DevTools protocol, or Firefox over
// WebDriver BiDi when E2E_BROWSER=firefox (test/setup/engines.ts says where each program is). When the program is
// missing the tests fail with how to install it; test/run.mjs skips a missing engine's run with a line saying so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
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
  /** The browser process, shared by the test files of this process: create contexts on it, never close it. */
  browser: Browser;
  /** This handle's own browser context (no cookies or storage from other files). */
  context: BrowserContext;
  /** A new page that records console errors and failed requests; `problems()` lists them. */
  newPage(): Promise<Page & { problems(): string[] }>;
  /** Closes this handle's context and the contexts made on `browser` since it opened; the process stays for others. */
  close(): Promise<void>;
}

/**
 * One browser process per test process, shared by its files (each in a context of its own): starting Firefox took
 * 6-9 s and Chromium about 2 s on the 2-core CI machine, once per file before. Under the browser runner
 * (test/setup/browser-runner.mjs) it lives until the runner closes it at the end; a file run by uvu directly closes
 * it a moment after its last handle closes. It is started again when it died.
 */
interface Shared {
  browser: Browser;
  userDataDir: string;
  handles: number;
  closeTimer?: NodeJS.Timeout;
}
let shared: Promise<Shared> | undefined;
/** What `shared` resolved to, for the idle timer's synchronous check. */
let sharedNow: Shared | undefined;
/** The contexts of the handles open now (never closed by another handle's close). */
const handleContexts = new Set<BrowserContext>();
/** Outside the runner: how long the browser waits for the next handle before it closes. */
const IDLE_CLOSE_MS = 2000;

/** Set by test/setup/browser-runner.mjs, which runs a browser group's files in one process and ends what they share. */
export const underBrowserRunner = (): boolean => Boolean((globalThis as Record<symbol, unknown>)[Symbol.for('mp.browserRunner')]);

async function openShared(): Promise<Shared> {
  const current = await shared?.catch(() => undefined);
  if (current?.browser.connected) return current;
  if (current) {
    shared = undefined;
    sharedNow = undefined;
    rmSync(current.userDataDir, { recursive: true, force: true });
  }
  if (!shared) {
    const engine = currentEngine();
    shared = (async () => {
      const userDataDir = mkdtempSync(join(tmpdir(), `mp-${engine}-`));
      try {
        sharedNow = { browser: await launch(engine, userDataDir), userDataDir, handles: 0 };
        return sharedNow;
      } catch (error) {
        rmSync(userDataDir, { recursive: true, force: true });
        throw error;
      }
    })();
  }
  return shared;
}

/** Closes the shared browser now (the end of a test process). A handle asked for later starts a new one. */
export async function closeSharedBrowser(): Promise<void> {
  // Forgotten before the first await, so a handle asked for meanwhile never gets the browser being closed.
  const pending = shared;
  shared = undefined;
  sharedNow = undefined;
  const current = await pending?.catch(() => undefined);
  if (!current) return;
  clearTimeout(current.closeTimer);
  await current.browser.close().catch(() => undefined);
  rmSync(current.userDataDir, { recursive: true, force: true });
}

/**
 * A handle with its own context on the shared browser. `downloadPath`: the folder the context saves downloads in
 * (DevTools' and WebDriver BiDi's download behaviour); without it Firefox would save them in ~/Downloads.
 */
export async function launchBrowser(options: { downloadPath?: string } = {}): Promise<TestBrowser> {
  const current = await openShared();
  clearTimeout(current.closeTimer);
  current.handles += 1;
  let context: BrowserContext;
  try {
    context = await current.browser.createBrowserContext(
      options.downloadPath ? { downloadBehavior: { policy: 'allow', downloadPath: options.downloadPath } } : {});
  } catch (error) {
    current.handles -= 1;
    throw error;
  }
  const { browser } = current;
  const before = new Set(browser.browserContexts());
  handleContexts.add(context);
  let closed = false;
  return {
    browser,
    context,
    async newPage() {
      const page = await context.newPage();
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
      if (closed) return;
      closed = true;
      // The contexts a test made on `browser` and left open go with its handle, so the next file starts clean.
      handleContexts.delete(context);
      const left = browser.browserContexts().filter((c) =>
        c === context || (c !== browser.defaultBrowserContext() && !before.has(c) && !handleContexts.has(c)));
      for (const c of left) await c.close().catch(() => undefined);
      current.handles -= 1;
      if (current.handles === 0 && !underBrowserRunner()) {
        current.closeTimer = setTimeout(() => {
          if (sharedNow === current && current.handles === 0) void closeSharedBrowser();
        }, IDLE_CLOSE_MS);
      }
    },
  };
}
