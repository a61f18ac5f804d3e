// The built client against a real server and database: the home page renders with no console errors and offers
// sign-in through api/redirect/login.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, type TestBrowser } from '../setup/browser';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplatesAfterFile } from '../setup/browser-session';

let server: TestServer;
let browser: TestBrowser;
const t = suite('home');
t.before(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
t.after(async () => {
  await browser?.close();
  await server?.close();
  await dropTemplatesAfterFile();
});

t('the anonymous home page renders and links to sign-in', async () => {
  const page = await browser.newPage();
  await page.goto(server.url + '/', { waitUntil: 'networkidle0' });
  const link = await page.waitForSelector('a[href="api/redirect/login"]', { timeout: 10000 });
  assert.ok(link);
  const text = await page.evaluate(() => document.body.innerText);
  assert.match(text, /Sign in/);
  assert.equal(page.problems(), []);
  await page.close();
});

t.run();
