// The Driver on WebKit: WebKitGTK's MiniBrowser in automation mode, driven by WebKitWebDriver over classic WebDriver
// (webdriver-client.ts), on a private Xvfb display. Each driver is its own browser process, so its cookies are its
// own. Classic WebDriver has no console events: problems() lists the uncaught errors and rejected promises a small
// recorder, put in the page after each load, saw.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enginePath, missingEngine } from '../engines';
import { isXPath, type Driver, type Selector } from './driver';
import { WebDriverError, WebDriverServer, type ElementRef, type WebDriverSession } from './webdriver-client';

const MINIBROWSER = process.env.WEBKIT_BROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WAIT = 10000;
const KEYS = { Escape: '\uE00C', Tab: '\uE004', Enter: '\uE007' } as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An X display of its own (Xvfb) for the MiniBrowser windows of one test file. */
async function startXvfb(): Promise<{ display: string; stop(): void }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const n = 100 + Math.floor(Math.random() * 800);
    if (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) continue;
    const child: ChildProcess = spawn('Xvfb', [`:${n}`, '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    for (let i = 0; i < 50 && child.exitCode === null && !existsSync(`/tmp/.X11-unix/X${n}`); i++) await sleep(100);
    if (child.exitCode === null && existsSync(`/tmp/.X11-unix/X${n}`)) return { display: `:${n}`, stop: () => child.kill() };
    child.kill();
  }
  throw new Error('Could not start Xvfb (apt-get install -y xvfb)');
}

// Records what goes wrong in the page from now on (the recorder survives until the next load).
const RECORDER = `
  if (!window.__problems) {
    window.__problems = [];
    addEventListener('error', (e) => window.__problems.push('pageerror: ' + e.message));
    addEventListener('unhandledrejection', (e) => window.__problems.push('pageerror: ' + (e.reason && e.reason.message || e.reason)));
  }`;

// Whether an element keeps its box over two animation frames (the async script's last argument is its callback).
const STILL = `
  const [element, done] = arguments;
  const box = () => JSON.stringify(element.getBoundingClientRect());
  const before = box();
  requestAnimationFrame(() => requestAnimationFrame(() => done(box() === before)));`;

/**
 * A configuration folder of the browser's own: MiniBrowser saves a download without asking, in the XDG download
 * folder (GLib's g_get_user_special_dir, read from user-dirs.dirs), which would be the user's ~/Downloads (or ~)
 * otherwise.
 */
function privateConfig(): { home: string; downloads: string; env: NodeJS.ProcessEnv; remove(): void } {
  const home = mkdtempSync(join(tmpdir(), 'mp-webkit-home-'));
  const downloads = join(home, 'downloads');
  mkdirSync(downloads);
  mkdirSync(join(home, '.config'));
  writeFileSync(join(home, '.config', 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${downloads}"\n`);
  return {
    home,
    downloads,
    // Only the configuration folder: with a new HOME (caches, data) too, a sign-in failed now and then on a loaded
    // machine ("check your credentials"); with the user's own it did not in the runs tried (cause unknown).
    env: { XDG_CONFIG_HOME: join(home, '.config') },
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}

export async function openWebKit(): Promise<Driver> {
  const missing = missingEngine('webkit');
  if (missing) throw new Error(`No browser for the tests: ${missing}.`);
  const xvfb = await startXvfb();
  const config = privateConfig();
  let server: WebDriverServer | undefined;
  const end = () => {
    xvfb.stop();
    config.remove();
  };
  try {
    server = await WebDriverServer.start(enginePath('webkit'), { ...process.env, ...config.env, DISPLAY: xvfb.display, LANG: 'en_US.UTF-8', LANGUAGE: 'en' });
    const session = await server.newSession({
      // --full-screen: MiniBrowser's window without its toolbar, whose width (447 px) was the window's minimum; a
      // window of 375 px is then a viewport of 375 px, a phone's. (Without a window manager on the Xvfb display the
      // window is not made as large as the screen: it keeps the size WebDriver gives it.)
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
    });
    await session.setTimeouts({ implicit: 0, pageLoad: 30000, script: 30000 });
    return new WebKitDriver(session, server, config.downloads, end);
  } catch (error) {
    await server?.stop();
    end();
    throw error;
  }
}

class WebKitDriver implements Driver {
  readonly engine = 'webkit' as const;
  private readonly seen: string[] = [];

  constructor(
    private readonly session: WebDriverSession,
    private readonly server: WebDriverServer,
    readonly downloads: string,
    private readonly end: () => void,
  ) {}

  private async collect(): Promise<void> {
    const found = await this.session.execute<string[]>('const p = window.__problems || []; window.__problems = []; return p;', []).catch(() => []);
    this.seen.push(...found);
  }

  private async loaded(): Promise<void> {
    await this.session.execute(RECORDER, []);
  }

  async goto(url: string): Promise<void> {
    await this.collect();
    await this.session.navigate(url);
    await this.loaded();
  }

  async reload(): Promise<void> {
    await this.collect();
    await this.session.refresh();
    await this.loaded();
  }

  async setViewport(size: { width: number; height: number }): Promise<number> {
    // Should the window have a frame around the page (a MiniBrowser without --full-screen), measure the viewport and
    // make up the difference.
    let inner = await this.resizeWindow(size, size);
    if (inner[0] !== size.width || inner[1] !== size.height) {
      inner = await this.resizeWindow({ width: size.width + (size.width - inner[0]), height: size.height + (size.height - inner[1]) }, size);
    }
    // A phone check at another width would pass for the wrong reason.
    if (inner[0] !== size.width) throw new Error(`WebKit gave a viewport of ${inner[0]} px for ${size.width} px`);
    // Let the page lay itself out at the new size.
    await sleep(100);
    return inner[0];
  }

  /**
   * Sets the window's size and answers the viewport's once the resize has arrived: the window manager's answer comes
   * after WebDriver's, and a viewport read too early (the previous test's 375 px) once made the frame's allowance
   * 905 px, a window of 2185 px.
   */
  private async resizeWindow(rect: { width: number; height: number }, want: { width: number; height: number }): Promise<[number, number]> {
    const read = () => this.session.execute<[number, number]>('return [innerWidth, innerHeight];', []);
    const before = await read();
    await this.session.setWindowRect(rect);
    const deadline = Date.now() + 3000;
    let last = before;
    let steady = 0;
    for (;;) {
      const now = await read();
      if (now[0] === want.width && now[1] === want.height) return now;
      const changed = now[0] !== before[0] || now[1] !== before[1];
      steady = now[0] === last[0] && now[1] === last[1] ? steady + 1 : 0;
      // Changed and then still for a quarter of a second: that is the size the window got.
      if ((changed && steady >= 5) || Date.now() > deadline) return now;
      last = now;
      await sleep(50);
    }
  }

  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    const script = `const done = arguments[arguments.length - 1];
      const args = Array.prototype.slice.call(arguments, 0, -1);
      Promise.resolve().then(() => (${fn.toString()}).apply(null, args))
        .then((value) => done({ value: value === undefined ? null : value }), (e) => done({ error: String(e) + ' ' + String(e && e.stack) }));`;
    const result = await this.session.executeAsync<{ value: T; error?: string }>(script, args);
    if (result.error) throw new Error(`evaluate: ${result.error}`);
    return result.value;
  }

  async addScript(source: string): Promise<void> {
    await this.session.execute(source, []);
  }

  private async find(selector: Selector): Promise<ElementRef> {
    const deadline = Date.now() + WAIT;
    for (;;) {
      const [element] = await this.session.findElements(isXPath(selector) ? 'xpath' : 'css selector', selector);
      if (element) return element;
      if (Date.now() > deadline) throw new Error(`No element for ${selector} after ${WAIT} ms`);
      await sleep(100);
    }
  }

  /** Retries while the element is there but not yet clickable (still animating in, covered by a closing alert). */
  private async withElement(selector: Selector, act: (element: ElementRef) => Promise<unknown>): Promise<void> {
    const deadline = Date.now() + WAIT;
    for (;;) {
      const element = await this.find(selector);
      try {
        await act(element);
        return;
      } catch (error) {
        const retry = error instanceof WebDriverError &&
          ['element click intercepted', 'element not interactable', 'stale element reference'].includes(error.error);
        if (!retry || Date.now() > deadline) throw error;
        // WebDriver scrolls an element only until its edge shows, where a sticky header or footer may cover it;
        // centred, it is clear of them (as puppeteer scrolls before a click).
        if (error.error === 'element click intercepted') {
          await this.session.execute('arguments[0].scrollIntoView({ block: "center", inline: "center" });', [element]).catch(() => undefined);
        }
        await sleep(100);
      }
    }
  }

  click(selector: Selector): Promise<void> {
    return this.withElement(selector, async (element) => {
      // WebDriver clicks a disabled button without a word, and nothing happens; puppeteer's locator waits until it is
      // enabled (a subject page's Delete, disabled until the subject has loaded). Waited for here the same way.
      const enabled = await this.session.execute<boolean>(
        'const e = arguments[0]; return !(e.disabled || (e.closest && e.closest("fieldset[disabled]")));', [element]);
      if (!enabled) throw new WebDriverError('click', 'element not interactable', `${selector} is disabled`);
      // WebDriver clicks where the element was when it looked: one still moving (content loading in above it) is
      // missed. Waited for until it keeps its place over two frames, as a puppeteer locator waits.
      if (!(await this.session.executeAsync<boolean>(STILL, [element]))) {
        throw new WebDriverError('click', 'element not interactable', `${selector} is still moving`);
      }
      await this.session.click(element);
    });
  }

  type(selector: Selector, text: string): Promise<void> {
    return this.withElement(selector, async (element) => {
      const before = await this.textValue(element);
      await this.session.sendKeys(element, text);
      if (before === null) return;
      // WebKitWebDriver's keys go to whatever has the focus as each arrives; on a loaded machine a sign-in page's
      // password sometimes arrived short. A text field shows what arrived: on a miss, it is typed again, once.
      if ((await this.textValue(element)) === before + text) return;
      await this.session.clear(element);
      await this.session.sendKeys(element, before + text);
      const after = await this.textValue(element);
      if (after !== before + text) throw new Error(`typed ${JSON.stringify(text)} into ${selector}, which holds ${JSON.stringify(after)}`);
    });
  }

  /** The value of a text field or text area (null for any other element, whose value typing does not spell). */
  private textValue(element: ElementRef): Promise<string | null> {
    return this.session.execute<string | null>(
      `const e = arguments[0];
       const text = e.tagName === 'TEXTAREA' || (e.tagName === 'INPUT' && ['text', 'password', 'email', 'search', 'url', 'tel', ''].includes(e.getAttribute('type') || ''));
       return text ? e.value : null;`, [element]);
  }

  async select(selector: Selector, value: string): Promise<void> {
    const option = isXPath(selector) ? `${selector}/option[@value=${JSON.stringify(value)}]` : `${selector} option[value=${JSON.stringify(value)}]`;
    await this.withElement(option, (element) => this.session.click(element));
  }

  upload(selector: Selector, path: string): Promise<void> {
    // WebDriver chooses a file by sending its path to the file input.
    return this.withElement(selector, (element) => this.session.sendKeys(element, path));
  }

  async press(key: 'Escape' | 'Tab' | 'Enter'): Promise<void> {
    await this.session.keys([KEYS[key]]);
  }

  async exists(selector: Selector): Promise<boolean> {
    return (await this.session.findElements(isXPath(selector) ? 'xpath' : 'css selector', selector)).length > 0;
  }

  async problems(): Promise<string[]> {
    await this.collect();
    return this.seen;
  }

  async close(): Promise<void> {
    await this.session.close().catch(() => undefined);
    await this.server.stop();
    this.end();
  }
}
