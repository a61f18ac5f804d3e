// The browser-neutral layer of the browser tests: what a flow does with a page (go to a URL, click, type, pick an
// option, choose a file, press a key, run a script, size the viewport), the same on every engine. A flow in
// test/flows is written once against this interface; open-driver.ts gives it Chromium or Firefox through
// puppeteer-core, or WebKit through classic WebDriver (webdriver-client.ts).
import type { Engine } from '../engines';

/**
 * A selector: CSS, or XPath when it starts with `/` or `(` (for "the button that reads Save"). Shadow roots are
 * reached through `evaluate`, which every engine runs the same way.
 */
export type Selector = string;

export interface Driver {
  readonly engine: Engine;
  /** The folder this browser saves downloads in (its own, removed on close). */
  readonly downloads: string;
  /** Loads `url` and waits for the document to finish loading (not for the app to settle: wait for what it shows). */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Sizes the page's viewport; returns its width, which is the one asked for (or it throws). */
  setViewport(size: { width: number; height: number }): Promise<number>;
  /**
   * Runs `fn` in the page with JSON-able `args` and returns its (awaited, JSON-able) result. `fn` is sent as source
   * text, so it may use nothing from the test's scope but its arguments.
   */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** Runs a script's source text in the page as it is (the page's Content-Security-Policy does not apply to it). */
  addScript(source: string): Promise<void>;
  /** Clicks the element once it is there (a real click: scrolled into view, the engine's own pointer events). */
  click(selector: Selector): Promise<void>;
  /** Types `text` into the element through the engine's keyboard input. */
  type(selector: Selector, text: string): Promise<void>;
  /** Picks the option with `value` in a <select>. */
  select(selector: Selector, value: string): Promise<void>;
  /** Chooses the file at `path` in an <input type=file>. */
  upload(selector: Selector, path: string): Promise<void>;
  /** Presses a key on the focused element. */
  press(key: 'Escape' | 'Tab' | 'Enter'): Promise<void>;
  /** Whether an element matches now. */
  exists(selector: Selector): Promise<boolean>;
  /** Errors the page reported (uncaught errors, rejected promises; the console too where the engine tells). */
  problems(): Promise<string[]>;
  /** Ends the browser (or browser context) of this driver. */
  close(): Promise<void>;
}

export const isXPath = (selector: Selector): boolean => selector.startsWith('/') || selector.startsWith('(');
