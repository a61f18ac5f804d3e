// Signing in through the real sign-in page in a browser test: api/redirect/login starts the authorization-code flow,
// the OAuth sign-in page takes username and password, and the app comes back signed in at `#/`.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { underBrowserRunner } from './browser';
import { dropTemplates } from './database';
import type { TestServer } from './server';

export async function signInInBrowser(page: Page, server: TestServer, login: string, password: string): Promise<void> {
  // Waits for what the next step needs, not for the network to be quiet for half a second (which every sign-in of
  // every browser test paid, twice).
  await page.goto(server.url + '/api/redirect/login', { waitUntil: 'load' });
  await page.waitForSelector('input[name=username]', { timeout: 10000 });
  await page.type('input[name=username]', login);
  await page.type('input[name=password]', password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type=submit]')]);
  // The first load of the app in a new browser is the slowest (a cold Firefox took 15 s on a busy 2-core machine).
  await page.waitForSelector('#account-menu', { timeout: 30000 });
}

/**
 * A private copy of the built client (dist/client) for one browser suite: a build started meanwhile (another test
 * run, someone at work in the same checkout) replaces the hashed chunks, and a page would then fail to load a lazy
 * area it asks for later. Pass it as `startTestServer({}, { clientDir })`; `remove()` when done.
 */
export function snapshotBuiltClient(): { clientDir: string; remove(): void } {
  const clientDir = mkdtempSync(join(tmpdir(), 'mp-client-'));
  cpSync(fileURLToPath(new URL('../../dist/client', import.meta.url)), clientDir, { recursive: true });
  return { clientDir, remove: () => rmSync(clientDir, { recursive: true, force: true }) };
}

/**
 * The end of a browser test file's use of the database: drops this process's PostgreSQL template, unless the
 * browser runner runs the files, which keeps one template for all of them and drops it at the end. Making the
 * template (every migration) took 3-4 s per file on PostgreSQL, before each file's own copy of it.
 */
export async function dropTemplatesAfterFile(): Promise<void> {
  if (underBrowserRunner()) return;
  await dropTemplates();
}
