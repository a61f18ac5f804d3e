// Starts the real server entry point as a child process (tsx, no build needed) and waits for its "listening" line.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  url?: string;
  exited: Promise<number | null>;
}

export function spawnServer(env: Record<string, string>, script = 'src/server/main.ts'): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    // No drain before a stop unless a test asks for one (SHUTDOWN_DRAIN_SECONDS): tests that stop servers stay quick.
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'INFO', PORT: '0', HOST: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Resolves with the URL once the server logs that it listens; rejects if it exits first or takes too long. */
export async function waitListening(p: ServerProcess, timeoutMs = 30000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void p.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    const m = /listening on (http:\/\/\S+)/.exec(p.output());
    if (m) return (p.url = m[1]);
    if (exited) throw new Error(`server exited before listening:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start in time:\n${p.output()}`);
}
