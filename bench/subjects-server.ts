// The server the subject benchmark talks to: on PostgreSQL the real entry point as its own process (as deployed, so
// the benchmark's client does not share the server's event loop), at the default log level; on PGlite, whose
// benchmark database lives in this process's memory, a server started in this process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/database';
import { LoggerRegistry } from '../src/server/log';
import { startServer } from '../src/server/start';
import { ADMIN_PASSWORD } from './subjects-database';

export interface BenchServer {
  url: string;
  stop: () => Promise<void>;
}

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const answers = (url: string) => fetch(url).then((r) => r.ok, () => false);

export async function serverProcess(databaseUrl: string): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-server-'));
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Ready once it answers (whatever LOG_LEVEL says it prints).
  for (let waited = 0; !(await answers(`${url}/api/profile-info`)); waited += 50) {
    if (child.exitCode !== null || waited > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function inProcessServer(db: Database): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-subjects-'));
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'ERROR' });
  // The database stays open: the benchmark closes it after its direct SQL runs.
  const running = await startServer(config, { ...db, close: async () => {} }, { logs: new LoggerRegistry('ERROR', () => {}) });
  return {
    url: running.url,
    stop: async () => {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
