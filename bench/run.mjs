#!/usr/bin/env node
// Benchmarks print figures; nothing here is asserted. `npm run bench` runs the foundation figures:
// build time, bundle sizes (raw and gzip, and what a first page load fetches), server cold start, and HTTP
// p50/p99 of management/health at concurrency 10. Other benchmarks live beside this file (bench/*.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';

const root = fileURLToPath(new URL('..', import.meta.url));

// `npm run bench -- <name> [options]` runs bench/<name>.ts alone (e.g. `load`, `subjects`, `statements`).
const named = process.argv[2];
if (named) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${named}.ts`, ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// Build (three runs; the best is the figure, the first warms the disk cache).
const times = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['build.mjs', '--quiet'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
  times.push(performance.now() - t0);
}
const report = JSON.parse(readFileSync(join(root, 'dist/build-report.json'), 'utf8'));
console.log(`build: ${Math.min(...times).toFixed(0)} ms (best of 3, whole process; esbuild itself ${report.buildMs} ms)`);
console.log('bundles (raw / gzip):');
for (const f of report.files) console.log(`  ${kb(f.raw).padStart(9)} / ${kb(f.gzip).padStart(8)}  ${f.file}`);
console.log(`first page load (JS + CSS): ${kb(report.firstLoad.raw)} raw, ${kb(report.firstLoad.gzip)} gzip  [${report.firstLoad.files.join(', ')}]`);

// Cold start: from spawning the built server on an empty data directory to its first health answer, then on the
// same directory again (the usual restart).
async function coldStart(dataDir) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'INFO', ADMIN_PASSWORD: 'Bench-Password-1', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
  });
  await fetch(url + '/management/health');
  return { ms: performance.now() - t0, url, child };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(url, total, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let next = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      http.get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          resolve();
        });
      }).on('error', reject);
    });
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < total) await one();
  }));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: total / seconds };
}

const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-'));
try {
  const first = await coldStart(dataDir);
  console.log(`server cold start, new embedded database: ${first.ms.toFixed(0)} ms`);
  first.child.kill('SIGTERM');
  await new Promise((r) => first.child.on('exit', r));
  const second = await coldStart(dataDir);
  console.log(`server cold start, existing embedded database: ${second.ms.toFixed(0)} ms`);
  await load(second.url + '/management/health', 300, 10); // warm-up
  const r = await load(second.url + '/management/health', 3000, 10);
  console.log(`GET management/health, concurrency 10, 3000 requests: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.rps.toFixed(0)} req/s`);
  second.child.kill('SIGTERM');
  await new Promise((r2) => second.child.on('exit', r2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Subject lists, keyset pages and counts (bench/subjects.ts): a small embedded-database run here; for the figures at
// scale run `node --import tsx bench/subjects.ts --db postgres` (1,000,000 subjects, DATABASE_URL or /tmp/pgurl).
spawnSync(process.execPath, ['--import', 'tsx', 'bench/subjects.ts', '--db', 'pglite', '--subjects', '20000', '--requests', '200'], { cwd: root, stdio: 'inherit' });

// Importing a ManagementPortal database (bench/import-mp.ts): a small embedded-database run here; for the figure at
// scale run `node --import tsx bench/import-mp.ts --db postgres` (100,000 subjects, DATABASE_URL or /tmp/pgurl).
spawnSync(process.execPath, ['--import', 'tsx', 'bench/import-mp.ts', '--db', 'pglite', '--subjects', '10000'], { cwd: root, stdio: 'inherit' });
