// What a large CSV import costs the server (issue #34, item 3; docs/subjects.md, "Import"): a dry run of a file of
// many short rows, posted over HTTP to the real server in this process, while a second client asks GET api/account
// every 20 ms. Prints the import's answer and time, the growth of the process's memory (resident and heap, sampled
// every 20 ms), the other client's slowest and 99th-percentile answer, and the longest the event loop was blocked (the
// client runs in the same process, so a request it starts only after a stall does not show the stall; the loop's
// delay does: every request waits that long), per file. Asserts nothing.
//   node --import tsx bench/import-rows.ts [--rows 466033,10000] [--users]
// `--rows`: the files to try, one after the other, each a header `externalId` and rows `E<n>` (about 9 bytes each:
// 466,033 rows are the 4 MB of the reproduction). `--users`: the staff-user import instead, rows `u<n>,u<n>@x.org`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PERMISSIONS } from '../src/common/permission-matrix';
import { SigningKeys } from '../src/server/auth/signing-keys';
import { mintAccessToken } from '../src/server/auth/tokens';
import { bootstrap } from '../src/server/db/bootstrap';
import { migrate } from '../src/server/db/migrate';
import { openPgliteThread } from '../src/server/db/pglite-thread';
import { loadConfig } from '../src/server/config';
import { LoggerRegistry } from '../src/server/log';
import { seedDemoData } from '../src/server/seed/demo-data';
import { startServer } from '../src/server/start';

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const sizes = (option('rows') ?? '466033,10000').split(',').map(Number);
const users = process.argv.includes('--users');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
// PGlite in its worker thread, as the server runs it (open-database.ts): its work does not block the event loop.
const db = await openPgliteThread({ dataDir: join(dataDir, 'pgdata') });
await migrate(db);
await bootstrap(db, 'Bench-Password-1');
await db.transaction((tx) => seedDemoData(tx, '!bench'));
const [admin] = await db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'admin'");
const { token } = await mintAccessToken(db, new SigningKeys(db), {
  clientId: 'ManagementPortalapp', scopes: [...PERMISSIONS], ttlSeconds: 3600, grantType: 'authorization_code', userId: admin.id,
});
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-Password-1', LOG_LEVEL: 'ERROR' });
const server = await startServer(config, db, { logs: new LoggerRegistry('ERROR') });
const auth = { authorization: `Bearer ${token}` };

function file(rows: number): string {
  const lines = [users ? 'login,email' : 'externalId'];
  for (let i = 0; i < rows; i++) lines.push(users ? `u${i},u${i}@x.org` : `E${i}`);
  return lines.join('\r\n') + '\r\n';
}

async function run(rows: number): Promise<void> {
  const body = file(rows);
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(200);
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const latencies: number[] = [];
  let done = false;
  let failures = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const other = (async () => {
    while (!done) {
      const t0 = performance.now();
      const ok = await fetch(`${server.url}/api/account`, { headers: auth }).then((r) => r.arrayBuffer().then(() => r.ok), () => false);
      latencies.push(performance.now() - t0);
      if (!ok) failures++;
      await sleep(20);
    }
  })();
  const path = users ? '/api/users/import?dryRun=true' : '/api/projects/radar/subjects/import?dryRun=true';
  const t0 = performance.now();
  const res = await fetch(server.url + path, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body })
    .catch((error: Error) => ({ status: `failed (${(error.cause as Error | undefined)?.message ?? error.message})`, text: async () => '' }));
  const answer = await res.text();
  const ms = performance.now() - t0;
  done = true;
  await other;
  clearInterval(sampler);
  loop.disable();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  let summary = answer.slice(0, 160);
  try {
    const parsed = JSON.parse(answer);
    summary = parsed.message ?? `created ${parsed.created}, errors ${parsed.errors?.length}`;
  } catch { /* not JSON: shown as it is */ }
  console.log(`${users ? 'users' : 'subjects'} dry run, ${rows} rows, ${(body.length / 1024 / 1024).toFixed(1)} MB: ${res.status} (${summary}) in ${(ms / 1000).toFixed(2)} s;`
    + ` memory +${mb(peakRss - base.rss)} resident, +${mb(peakHeap - base.heapUsed)} heap;`
    + ` GET api/account meanwhile: ${latencies.length} answers (${failures} failed), slowest ${latencies.at(-1)?.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms;`
    + ` event loop blocked at most ${(loop.max / 1e6).toFixed(0)} ms (any request waits that long)`);
}

for (const rows of sizes) await run(rows);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
