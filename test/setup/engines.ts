// The browser engines the browser tests run on, and where each one's program is. `E2E_BROWSER` names the engine of
// this test process (test/run.mjs sets it per run; chromium when unset); `E2E_BROWSERS` (read by test/run.mjs) lists
// the engines a run covers. Each engine's program comes from Debian's packages unless its variable says otherwise.
import { existsSync } from 'node:fs';

export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly Engine[] = ['chromium', 'firefox', 'webkit'];

interface EngineProgram {
  variable: string;
  fallback: string;
  install: string;
}

const PROGRAMS: Record<Engine, EngineProgram> = {
  chromium: { variable: 'CHROME_PATH', fallback: '/usr/bin/chromium', install: 'apt-get install -y chromium' },
  firefox: { variable: 'FIREFOX_PATH', fallback: '/usr/bin/firefox-esr', install: 'apt-get install -y firefox-esr' },
  // WebKit is driven through its WebDriver server, which starts WebKitGTK's MiniBrowser itself (under Xvfb).
  webkit: { variable: 'WEBKIT_DRIVER_PATH', fallback: '/usr/bin/WebKitWebDriver', install: 'apt-get install -y webkit2gtk-driver xvfb' },
};

/** The engine this test process drives. */
export function currentEngine(): Engine {
  const name = process.env.E2E_BROWSER || 'chromium';
  if (!(ENGINES as readonly string[]).includes(name)) throw new Error(`E2E_BROWSER=${name}: not one of ${ENGINES.join(', ')}`);
  return name as Engine;
}

/** The program of `engine`: its variable's value or Debian's path. */
export function enginePath(engine: Engine): string {
  const program = PROGRAMS[engine];
  return process.env[program.variable] || program.fallback;
}

/** Why `engine` cannot run here (its program is missing, with how to install it), or null when it can. */
export function missingEngine(engine: Engine): string | null {
  const program = PROGRAMS[engine];
  const path = enginePath(engine);
  if (!existsSync(path)) {
    return `no ${engine} at ${path}: install it with "apt-get update && ${program.install}", or set ${program.variable}`;
  }
  return null;
}
