// Headless Chromium for the browser tests, driven by puppeteer-core. Debian's /usr/bin/chromium unless CHROME_PATH
// says otherwise; when there is none the tests fail with how to install it (they are never skipped).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export function chromePath(): string {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install it with "apt-get update && apt-get install -y chromium", ` +
        'or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return path;
}

export interface TestBrowser {
  browser: Browser;
  /** A new page that records console errors and failed requests; `problems()` lists them. */
  newPage(): Promise<Page & { problems(): string[] }>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'mp-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromePath(),
    headless: true,
    userDataDir,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--lang=en-US',
    ],
  });
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
      return Object.assign(page, { problems: () => problems });
    },
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
