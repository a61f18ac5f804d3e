// Browser steps shared by the account and user-management tests: the sign-in page, signing out, waiting for text,
// and the mail a test SMTP server received.
import type { Page } from 'puppeteer-core';
import { lastMailTo, type ReceivedMail } from '../setup/smtp-server';
import type { TestServer } from '../setup/server';

/** Opens the sign-in page through api/redirect/login and submits `login` / `password` (fields cleared first). */
export async function submitSignInForm(page: Page, server: TestServer, login: string, password: string): Promise<void> {
  if (!page.url().includes('/oauth/')) await page.goto(`${server.url}/api/redirect/login`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('input[name=username]', { timeout: 10000 });
  await page.$eval('input[name=username]', (input) => ((input as HTMLInputElement).value = ''));
  await page.type('input[name=username]', login);
  await page.type('input[name=password]', password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type=submit]')]);
}

/** Signs out through the account menu; at a phone width the collapsed navbar is opened first. */
export async function signOut(page: Page): Promise<void> {
  await openNavbarIfCollapsed(page);
  await page.click('#account-menu');
  await page.click('#logout');
  await page.waitForSelector('#login', { timeout: 10000 });
}

/** Opens the navbar behind its toggler when the toggler shows (a narrow screen) and the menu is still closed. */
export async function openNavbarIfCollapsed(page: Page): Promise<void> {
  const closed = await page.$eval('.navbar__toggler', (b) => b.getClientRects().length > 0 && b.getAttribute('aria-expanded') !== 'true').catch(() => false);
  if (closed) await page.click('.navbar__toggler');
}

/** Waits until the main area's text contains `text`. */
export async function waitForText(page: Page, text: string, selector = 'main'): Promise<void> {
  await page.waitForFunction(
    (wanted, where) => (document.querySelector(where)?.textContent ?? '').includes(wanted),
    { timeout: 10000 },
    text,
    selector,
  );
}

export const mainText = (page: Page): Promise<string> => page.$eval('main', (main) => main.textContent ?? '');

/** The newest mail to `address` received after `since` (ms), waiting up to 10 s for it. */
export async function waitForMail(address: string, since: number): Promise<ReceivedMail> {
  for (let waited = 0; waited < 10000; waited += 50) {
    const mail = lastMailTo(address);
    if (mail && mail.receivedAt >= since) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${address}`);
}

/** The first link in a mail's text that contains `path` (e.g. '#/reset/finish'). */
export function mailLink(mail: ReceivedMail, path: string): string {
  const line = mail.text.split('\n').find((l) => l.includes(path) && /^https?:\/\//.test(l.trim()));
  if (!line) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return line.trim();
}
