// The first load as the browser fetches it (docs/testing.md, "The first load in Chromium"): the home page of a visitor
// (the page with the sign-in link), with the browser's own Accept-Encoding (Chromium asks for brotli) and asking for
// gzip, as any browser may: the JavaScript and CSS it fetches, summed as sent over the wire (encoded body sizes), stay
// within the budgets node build.mjs enforces for that encoding. They are also exactly the files and bytes the build
// counts as the first load, so the build's checks hold for what a browser really loads.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { currentEngine } from '../setup/engines';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplatesAfterFile, snapshotBuiltClient } from '../setup/browser-session';

const report = JSON.parse(readFileSync(new URL('../../dist/build-report.json', import.meta.url), 'utf8')) as {
  firstLoad: { files: string[]; gzip: number; brotli: number; budgets: { gzip: number; brotli: number } };
};

let server: TestServer;
let browser: TestBrowser;
let client: ReturnType<typeof snapshotBuiltClient>;
const t = suite('first load');
t.before(async () => {
  client = snapshotBuiltClient();
  server = await startTestServer({}, { clientDir: client.clientDir });
  browser = await launchBrowser();
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  client?.remove();
  await dropTemplatesAfterFile();
});

/** The home page of a visitor, opened in a fresh page: the JS and CSS it fetched (encoded body sizes) and how each came. */
async function firstLoad(headers: Record<string, string>) {
  const page = await browser.newPage();
  await page.setCacheEnabled(false); // what a first visit fetches, not what an earlier test left in the cache
  await page.setExtraHTTPHeaders(headers);
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/\.(js|css)$/.test(path)) encodings.set(path, response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto(server.url + '/', { waitUntil: 'networkidle0' });
  await page.waitForSelector('a[href="api/redirect/login"]', { timeout: 10000 });
  const fetched = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize }))
      .filter((entry) => /\.(js|css)$/.test(entry.path)),
  );
  const problems = page.problems();
  await page.close();
  return {
    fetched,
    total: fetched.reduce((sum, entry) => sum + entry.bytes, 0),
    encodings: new Set(encodings.values()),
    summary: fetched.map((entry) => `${entry.path} ${entry.bytes} B (${encodings.get(entry.path)})`).join(', '),
    problems,
  };
}

t('the home page fetches at most the budget of JS and CSS, gzipped, and exactly what the build counts', async () => {
  const load = await firstLoad({ 'Accept-Encoding': 'gzip' });
  assert.equal([...load.encodings], ['gzip'], `every file came gzipped: ${load.summary}`);
  assert.ok(load.total <= report.firstLoad.budgets.gzip, `${load.total} B over the budget of ${report.firstLoad.budgets.gzip} B: ${load.summary}`);
  assert.equal(
    load.fetched.map((entry) => entry.path).sort(),
    report.firstLoad.files.map((file) => '/' + file.replace(/^client\//, '')).sort(),
    'the build counts the files the browser fetches',
  );
  assert.is(load.total, report.firstLoad.gzip, 'the build counts the bytes the browser fetches');
  assert.equal(load.problems, []);
});

t("with the browser's own Accept-Encoding the bytes are the build's figure for the encoding it got, within its budget", async () => {
  const load = await firstLoad({});
  const [encoding] = [...load.encodings];
  assert.is(load.encodings.size, 1, load.summary);
  // Chromium asks for brotli even over http from 127.0.0.1; Firefox asks for it over https only.
  if (currentEngine() === 'chromium') assert.is(encoding, 'br', load.summary);
  const name = encoding === 'br' ? 'brotli' : encoding === 'gzip' ? 'gzip' : undefined;
  assert.ok(name, `${currentEngine()} got ${encoding}: ${load.summary}`);
  assert.is(load.total, report.firstLoad[name!], `${currentEngine()} got ${encoding}: ${load.summary}`);
  assert.ok(load.total <= report.firstLoad.budgets[name!], `${load.total} B over the ${name} budget of ${report.firstLoad.budgets[name!]} B: ${load.summary}`);
  assert.equal(load.problems, []);
});

t.run();
