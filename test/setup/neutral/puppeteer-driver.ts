// The Driver on Chromium (DevTools protocol) and Firefox (WebDriver BiDi), both through puppeteer-core: a page in a
// browser context of its own (no cookies shared with other drivers), recording console errors and page errors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { launchBrowser } from '../browser';
import { currentEngine } from '../engines';
import { isXPath, type Driver, type Selector } from './driver';

const WAIT = 10000;
const handle = (selector: Selector) => (isXPath(selector) ? `::-p-xpath(${selector})` : selector);

export async function openPuppeteer(): Promise<Driver> {
  const downloads = mkdtempSync(join(tmpdir(), 'mp-downloads-'));
  const end = () => rmSync(downloads, { recursive: true, force: true });
  const browser = await launchBrowser({ downloadPath: downloads }).catch((error: Error) => {
    end();
    throw error;
  });
  try {
    const page = await browser.newPage();
    return new PuppeteerDriver(page, downloads, async () => {
      await browser.close();
      end();
    });
  } catch (error) {
    await browser.close();
    end();
    throw error;
  }
}

class PuppeteerDriver implements Driver {
  readonly engine = currentEngine();

  constructor(private readonly page: Page & { problems(): string[] }, readonly downloads: string, private readonly end: () => Promise<void>) {}

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: 'load' });
  }

  async setViewport(size: { width: number; height: number }): Promise<number> {
    await this.page.setViewport(size);
    return this.page.evaluate(() => innerWidth);
  }

  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    return this.page.evaluate(fn as never, ...(args as unknown as never[])) as Promise<T>;
  }

  async addScript(source: string): Promise<void> {
    await this.page.evaluate(source);
  }

  private async element(selector: Selector) {
    const element = await this.page.waitForSelector(handle(selector), { timeout: WAIT }).catch((error: Error) => {
      throw new Error(`${selector}: ${error.message}`);
    });
    if (!element) throw new Error(`No element for ${selector}`);
    return element;
  }

  async click(selector: Selector): Promise<void> {
    // A locator waits until the element is visible, stable and not covered, like a WebDriver click.
    await this.page.locator(handle(selector)).setTimeout(WAIT).click().catch((error: Error) => {
      throw new Error(`click ${selector}: ${error.message}`);
    });
  }

  async type(selector: Selector, text: string): Promise<void> {
    await (await this.element(selector)).type(text);
  }

  async select(selector: Selector, value: string): Promise<void> {
    await (await this.element(selector)).select(value);
  }

  async upload(selector: Selector, path: string): Promise<void> {
    const input = await this.element(selector);
    await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(path);
  }

  async press(key: 'Escape' | 'Tab' | 'Enter'): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async exists(selector: Selector): Promise<boolean> {
    return (await this.page.$(handle(selector))) !== null;
  }

  async problems(): Promise<string[]> {
    return this.page.problems();
  }

  close(): Promise<void> {
    return this.end();
  }
}
