// What opening the client costs in headless Chromium (prints figures, asserts nothing): the JavaScript and CSS the
// home page fetches, gzip as sent over the wire (signed out: the sign-in page a visitor sees first; signed in), and
// how long each main screen takes to open, the median of several openings:
// - "open": a fresh page (cache off) loads the screen's address, until its heading shows and nothing is busy;
// - "from home": the signed-in home page already shown (cache off), a click's worth of navigation to the screen.
// Run on the built client: `node build.mjs --quiet && npm run bench -- screens [--repeat N] [--latency MS]`; with
// --latency every request waits that long (Chromium's network emulation, 10 Mbit/s), as on a real network. The pages
// ask for gzip, which every browser takes; with --encoding browser they send Chromium's own Accept-Encoding (it asks
// for brotli, and gets it: the bytes a Chromium visitor really receives).
import { chromePath } from '../test/setup/browser';
import { signInInBrowser, snapshotBuiltClient } from '../test/setup/browser-session';
import { ADMIN_PASSWORD, startTestServer } from '../test/setup/server';
import { PROJECT, SOURCE, SOURCE_TYPE, SUBJECT, USER, seedLayoutData } from '../test/e2e/layout-fixtures';
import puppeteer, { TimeoutError, type Page } from 'puppeteer-core';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const repeat = argument('repeat', 5);
const latency = argument('latency', 0);
const encodingAt = process.argv.indexOf('--encoding');
const browserEncoding = encodingAt > 0 && process.argv[encodingAt + 1] === 'browser';
const encodingLabel = browserEncoding ? "Chromium's own Accept-Encoding" : 'gzip';

const SCREENS = [
  '',
  'organization',
  'organization/main',
  'project',
  `project/${PROJECT}`,
  'subject',
  `subject/${SUBJECT}`,
  'user-management',
  `user-management/${USER}`,
  'source-type',
  SOURCE_TYPE,
  'source',
  `source/${SOURCE}`,
  'oauth-client',
  'audits',
  'jhi-health',
  'jhi-metrics',
  'settings',
];

const client = snapshotBuiltClient();
const server = await startTestServer({}, { clientDir: client.clientDir });
await seedLayoutData(server);
const browser = await puppeteer.launch({
  executablePath: chromePath(),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--lang=en-US'],
});

async function preparedPage(context: Awaited<ReturnType<typeof browser.createBrowserContext>>): Promise<Page> {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  if (!browserEncoding) await page.setExtraHTTPHeaders({ 'Accept-Encoding': 'gzip' });
  if (latency > 0) {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 });
  }
  return page;
}

/** Until the routed page shows its heading (not the one marked as the page before) and nothing on it is loading. */
function settled(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => {
      const main = document.getElementById('main');
      const heading = main?.querySelector('h1, h2');
      return !!heading?.textContent?.trim() && !heading.hasAttribute('data-bench-before') && !main!.querySelector('[aria-busy="true"], .loading');
    },
    { polling: 'raf', timeout: 30000 },
  );
}

/** JS and CSS bytes the page has fetched so far, as sent (encoded body sizes). */
function fetchedCode(page: Page): Promise<{ bytes: number; files: number }> {
  return page.evaluate(() => {
    const code = performance.getEntriesByType('resource')
      .filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname)) as PerformanceResourceTiming[];
    return { bytes: code.reduce((sum, e) => sum + e.encodedBodySize, 0), files: code.length };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The home page's first load, signed out and signed in.
for (const signedIn of [false, true]) {
  const context = await browser.createBrowserContext();
  const page = await preparedPage(context);
  if (signedIn) await signInInBrowser(page, server, 'admin', ADMIN_PASSWORD);
  await page.setCacheEnabled(false);
  await page.goto(`${server.url}/#/`, { waitUntil: 'networkidle0' });
  const code = await fetchedCode(page);
  console.log(`home page ${signedIn ? 'signed in ' : 'signed out'}: ${code.bytes} B of JS and CSS (${encodingLabel}) in ${code.files} files`);
  await context.close();
}

const context = await browser.createBrowserContext();
const signInPage = await preparedPage(context);
await signInInBrowser(signInPage, server, 'admin', ADMIN_PASSWORD);
await signInPage.close();
console.log(`time to open a screen, median of ${repeat} (ms; cache off, ${encodingLabel}${latency ? `, ${latency} ms latency` : ''}):`);
console.log('  open  from-home  screen');
// An opening that times out (a machine busy with other work) is left out of the median and counted, so one slow
// opening does not end the run.
for (const screen of SCREENS) {
  const open: number[] = [];
  const fromHome: number[] = [];
  let timedOut = 0;
  for (let i = 0; i < repeat; i++) {
    const page = await preparedPage(context);
    try {
      await openScreen(page, screen, open, fromHome);
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      timedOut++;
    } finally {
      await page.close();
    }
  }
  const ms = (values: number[]) => (values.length ? median(values).toFixed(0) : '-').padStart(6);
  console.log(`${ms(open)} ${ms(fromHome).padStart(10)}  #/${screen}${timedOut ? `  (${timedOut} of ${repeat} timed out)` : ''}`);
}

/** One opening of `screen`: in a fresh page, then (but for home) from the signed-in home page. */
async function openScreen(page: Page, screen: string, open: number[], fromHome: number[]): Promise<void> {
  await page.setCacheEnabled(false);
  let started = performance.now();
  await page.goto(`${server.url}/#/${screen}`);
  await settled(page);
  open.push(performance.now() - started);
  if (screen !== '') {
    await page.goto(`${server.url}/#/`);
    await settled(page);
    await page.waitForNetworkIdle({ idleTime: 200 });
    await page.reload(); // a fresh document: the screen's area not loaded yet
    await settled(page);
    await page.waitForNetworkIdle({ idleTime: 200 });
    started = performance.now();
    await page.evaluate((hash) => {
      document.getElementById('main')?.querySelector('h1, h2')?.setAttribute('data-bench-before', '');
      location.hash = hash;
    }, `#/${screen}`);
    await settled(page);
    fromHome.push(performance.now() - started);
  }
}

await context.close();
await browser.close();
await server.close();
client.remove();
