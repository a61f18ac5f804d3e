// A real server on port 0 over a real database, for server and browser tests. `request` speaks HTTP to it the way
// a client would; cookies are up to the caller (see the session helpers of the auth tests).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/server/config';
import { LoggerRegistry } from '../../src/server/log';
import type { Router } from '../../src/server/http/router';
import { startServer, type RunningServer } from '../../src/server/start';
import { createTestDatabase, type TestDatabase } from './database';

export const ADMIN_PASSWORD = 'Admin-Password-1';

export interface TestServer extends RunningServer {
  database: TestDatabase;
  dataDir: string;
  /** Log lines written while the server ran (level WARN and up unless LOG_LEVEL says otherwise). */
  logLines: string[];
  request(method: string, path: string, init?: RequestInit & { json?: unknown }): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: { clientDir?: string; router?: Router } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-test-'));
  const config: Config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'WARN',
    SHUTDOWN_GRACE_SECONDS: '2',
    ...env,
  });
  const logLines: string[] = [];
  const logs = new LoggerRegistry(config.logLevel, (line) => {
    logLines.push(line);
    if (process.env.TEST_LOG_LEVEL) console.log(line);
  });
  const database = await createTestDatabase();
  const running = await startServer(config, database.db, { logs, clientDir: options.clientDir, router: options.router });
  // Without an explicit PUBLIC_URL the server's links should point at the port it really got.
  if (!env.PUBLIC_URL) running.app.config.publicUrl = running.url;
  async function request(method: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<TestResponse> {
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const res = await fetch(running.url + (path.startsWith('/') ? path : `/${path}`), { ...init, method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = undefined;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) {
      try { parsed = JSON.parse(text); } catch { parsed = undefined; }
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  }
  return {
    ...running,
    database,
    dataDir,
    logLines,
    request,
    async close() {
      await running.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
