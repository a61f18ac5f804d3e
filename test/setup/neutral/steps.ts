// Steps every flow needs, built only on the Driver, so they behave alike on every engine: waiting for a condition in
// the page, for an element or a text; signing in through the real sign-in page; axe-core's serious findings; whether
// the page fits its width.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Driver, Selector } from './driver';
import { isXPath } from './driver';

const WAIT = 10000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` in the page until it returns something truthy (and returns that), or fails after `timeout` ms. */
export async function waitUntil<T, A extends unknown[]>(driver: Driver, what: string, fn: (...args: A) => T, args: A, timeout = WAIT): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await driver.evaluate(fn, ...args).catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) {
      const at = await driver.evaluate(() => location.href).catch(() => 'an unknown page');
      // What the page says then (an error message, a form still waiting) tells a slow engine from a wrong turn.
      const says = await driver.evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').trim().slice(0, 300)).catch(() => '');
      throw new Error(`Waited ${timeout} ms for ${what} (on ${driver.engine}, at ${at}; the page says: ${says})`);
    }
    await sleep(100);
  }
}

/** Finds the first element of a CSS or XPath selector in the page (as a function sent to the page). */
function found(selector: string, xpath: boolean): boolean {
  const element = xpath
    ? document.evaluate(selector, document, null, 9, null).singleNodeValue
    : document.querySelector(selector);
  return element !== null;
}

export const waitForSelector = (driver: Driver, selector: Selector, timeout = WAIT) =>
  waitUntil(driver, selector, found, [selector, isXPath(selector)], timeout);

export const waitForGone = (driver: Driver, selector: Selector, timeout = WAIT) =>
  waitUntil(driver, `${selector} gone`, (s: string, x: boolean) =>
    (x ? document.evaluate(s, document, null, 9, null).singleNodeValue : document.querySelector(s)) === null, [selector, isXPath(selector)], timeout);

export const waitForText = (driver: Driver, text: string, timeout = WAIT) =>
  waitUntil(driver, `"${text}" on the page`, (t: string) => document.body.innerText.includes(t), [text], timeout);

export const bodyText = (driver: Driver) => driver.evaluate(() => document.body.innerText);

/** A button (or link shown as one) by what it reads. */
export const buttonReading = (text: string) => `//button[normalize-space()=${JSON.stringify(text)}]`;

/** The password step of the sign-in page: api/redirect/login, username and password, submitted. */
export async function submitPassword(driver: Driver, baseUrl: string, login: string, password: string): Promise<void> {
  await driver.goto(`${baseUrl}/api/redirect/login`);
  await waitForSelector(driver, 'input[name=username]');
  await driver.type('input[name=username]', login);
  await driver.type('input[name=password]', password);
  await driver.click('button[type=submit]');
}

/** Signs in through the real sign-in page (no second factor); back in the app, signed in. */
export async function signIn(driver: Driver, baseUrl: string, login: string, password: string): Promise<void> {
  await submitPassword(driver, baseUrl, login, password);
  // The first load of the app in a new browser is the slowest (a cold Firefox took 15 s on a busy 2-core machine).
  await waitForSelector(driver, '#account-menu', 30000);
  await waitUntil(driver, 'the app at #/', () => location.pathname === '/' || location.hash.startsWith('#/'), []);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe-core violations of what the page shows now, as `rule: targets`. */
export async function axeSerious(driver: Driver): Promise<string[]> {
  // Run as a script of the driver's: the portal's Content-Security-Policy refuses inline scripts and eval.
  if (!(await driver.evaluate(() => 'axe' in window))) await driver.addScript(axeSource);
  const violations = await driver.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/** How many px the document is wider than the viewport, and what reaches past its right edge. */
export function overflow(driver: Driver): Promise<{ over: number; culprits: string[] }> {
  return driver.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
      .slice(0, 5);
    return { over: document.documentElement.scrollWidth - width, culprits };
  });
}
