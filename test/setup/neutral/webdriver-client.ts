// A small client of classic WebDriver (the W3C HTTP protocol) over fetch, enough for WebKitWebDriver: start the
// driver server on a free port, open a session, send commands, and turn an error answer into a thrown Error
// that names the command. The WebDriver-backed Driver (webdriver-driver.ts) is built on it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export class WebDriverError extends Error {
  constructor(readonly command: string, readonly error: string, message: string) {
    super(`${command}: ${error}: ${message}`);
  }
}

/** The W3C element reference key. */
export const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
export type ElementRef = { [ELEMENT]: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A running driver server (one per test file). */
export class WebDriverServer {
  private constructor(private readonly child: ChildProcess, readonly url: string) {}

  static async start(program: string, env: NodeJS.ProcessEnv): Promise<WebDriverServer> {
    const port = await freePort();
    const child = spawn(program, [`--port=${port}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => { stderr += chunk; });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`${program} exited (${child.exitCode}): ${stderr}`);
      try {
        const answer = await fetch(`${url}/status`);
        if (answer.ok) return new WebDriverServer(child, url);
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    child.kill();
    throw new Error(`${program} did not answer on ${url}: ${stderr}`);
  }

  async newSession(capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await send<{ sessionId: string }>(this.url, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    return new WebDriverSession(`${this.url}/session/${value.sessionId}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(3000)]);
  }
}

async function send<T>(base: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const answer = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json().catch(() => ({ value: { error: 'bad answer', message: `HTTP ${answer.status}` } }))) as { value: T };
  if (!answer.ok) {
    const error = json.value as unknown as { error?: string; message?: string };
    throw new WebDriverError(`${method} ${path}`, error.error ?? String(answer.status), error.message ?? '');
  }
  return json.value;
}

/** One session: the commands the tests use, each a method. */
export class WebDriverSession {
  constructor(private readonly base: string) {}

  command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return send<T>(this.base, method, path, method === 'POST' ? body ?? {} : undefined);
  }

  navigate(url: string) { return this.command<null>('POST', '/url', { url }); }
  refresh() { return this.command<null>('POST', '/refresh'); }
  setTimeouts(t: { implicit?: number; pageLoad?: number; script?: number }) { return this.command<null>('POST', '/timeouts', t); }
  setWindowRect(rect: { width: number; height: number }) { return this.command<{ width: number; height: number }>('POST', '/window/rect', rect); }
  findElements(using: 'css selector' | 'xpath', value: string) { return this.command<ElementRef[]>('POST', '/elements', { using, value }); }
  click(element: ElementRef) { return this.command<null>('POST', `/element/${element[ELEMENT]}/click`); }
  clear(element: ElementRef) { return this.command<null>('POST', `/element/${element[ELEMENT]}/clear`); }
  sendKeys(element: ElementRef, text: string) { return this.command<null>('POST', `/element/${element[ELEMENT]}/value`, { text }); }
  executeAsync<T>(script: string, args: unknown[]) { return this.command<T>('POST', '/execute/async', { script, args }); }
  execute<T>(script: string, args: unknown[]) { return this.command<T>('POST', '/execute/sync', { script, args }); }
  /** Key presses through the actions API (one key down and up each). */
  keys(values: string[]) {
    const actions = values.flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]);
    return this.command<null>('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }
  close() { return this.command<null>('DELETE', ''); }
}
