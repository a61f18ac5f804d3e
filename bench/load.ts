// Load benchmark: `npm run bench -- load [--workers 1,2] [--generators N] [--repeat N] [--seconds N] [--clients N]
// [--warmup N] [--only pglite|postgres] [--mixed-only]`.
// The mixed workload (about 70 % reads: a subject page, a subject's detail, the projects, the account, the users;
// 30 % writes: subject creates and updates), as the system admin with a bearer token, at --clients concurrent
// keep-alive clients (50) spread over --generators load-generator processes (1; bench/load-generator.ts), for a fixed
// time after a warm-up, against the real server entry point as its own process:
//   1. on the embedded database (PGlite, WORKERS=1),
//   2. on PostgreSQL with each WORKERS value of --workers (1,2), --repeat times (1), each run on a fresh copy of the
//      seeded database (CREATE DATABASE ... TEMPLATE): a run's writes would otherwise lengthen the next run's lists,
// and, on each, the public health endpoint and an authenticated simple read (GET api/account) alone (not with
// --mixed-only). Per run it prints throughput, p50 and p99, the generators' own CPU (a generator near one core is
// saturated and the figure is the generator's, not the server's), every answer 5xx or without a status (there must be
// none), and on PostgreSQL the database's work per mixed request: statement time from pg_stat_statements (execution
// and planning), the CPU of all PostgreSQL processes from /proc (the benchmark's own server only), and the statements
// with the most total time; then each run's throughput as a ratio to WORKERS=1 of the same repetition. Before the
// load, each kind of request alone, one at a time: its p50, what one request of it costs with nothing queued.
//
// PostgreSQL: the benchmark starts its own server (initdb in a temporary directory, as the `postgres` user when run as
// root) with fsync and synchronous_commit on, as a production server runs, and pg_stat_statements loaded;
// LOAD_DATABASE_URL names an existing server instead (its settings are printed, whatever they are; the statement
// figures need pg_stat_statements there). BENCH_SERVER_NODE_ARGS passes flags to the server's node (e.g. `--cpu-prof
// --cpu-prof-dir=/tmp/prof` writes a profile per thread when the server stops); the server's own variables (e.g.
// DATABASE_POOL_SIZE) pass through from the environment.
import { execFileSync, fork } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import { seed } from './bench-seed';
import { processTreeCpu } from './process-cpu';
import { freePort, serve, sleep, type Served } from './bench-server';
import type { GeneratorResult, GeneratorTask } from './load-generator';
import { kindCall, KINDS, SHARES, type Call, type Fixture } from './load-workload';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
function option(name: string, fallback: number): number {
  const value = argument(name);
  return value === undefined ? fallback : Number(value);
}
const only = argument('only');
const SECONDS = option('seconds', 20);
const WARMUP = option('warmup', 5);
const CLIENTS = option('clients', 50);
const GENERATORS = Math.max(1, Math.min(CLIENTS, option('generators', 1)));
const REPEAT = Math.max(1, option('repeat', 1));
const WORKERS = (argument('workers') ?? '1,2').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
const MIXED_ONLY = process.argv.includes('--mixed-only');
const SHORT_SECONDS = Math.max(3, Math.round(SECONDS / 3));
if (!WORKERS.length) throw new Error('--workers takes a comma-separated list of positive integers, e.g. 1,2,4');

// ---------------------------------------------------------------------------------------------------------------
// Ports, processes

interface OwnPostgres {
  url: string;
  /** The postmaster's process id: its children are the backends and the background processes. */
  pid(): number;
  stop(): void;
}

/** A throw-away PostgreSQL server with production durability (fsync on, synchronous_commit on). */
async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'mp-bench-load-pg-'));
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  const run = (command: string) => {
    if (asRoot) execFileSync('su', ['postgres', '-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
    else execFileSync('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  run(`initdb -D '${dir}/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 > '${dir}/initdb.log' 2>&1`);
  const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k '${dir}' -c fsync=on -c synchronous_commit=on -c max_connections=300 -c shared_buffers=128MB` +
    ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on -c pg_stat_statements.max=5000';
  run(`pg_ctl -D '${dir}/data' -l '${dir}/server.log' -w -o "${settings}" start`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: () => Number(readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0]),
    stop() {
      try {
        run(`pg_ctl -D '${dir}/data' -m fast stop`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// ---------------------------------------------------------------------------------------------------------------
// The load

interface Result {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  /** Answers 5xx or without a status, in any phase (warm-up included). */
  failed: number;
  failedStatuses: Record<string, number>;
  /** Each generator's CPU in the timed window, in cores. */
  generatorCpu: number[];
}

/** What the database did in the timed window of a mixed run (PostgreSQL only). */
interface DatabaseWork {
  /** Milliseconds of statement execution and planning (pg_stat_statements), if it is loaded. */
  statementMs?: number;
  statements?: { query: string; calls: number; ms: number }[];
  /** CPU seconds of all the server's processes (/proc), the benchmark's own server only. */
  cpuSeconds?: number;
}

interface Probe {
  /** Called just before the timed window opens and just after it closes. */
  start(): Promise<void>;
  stop(): Promise<DatabaseWork>;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/**
 * CLIENTS loops, each one request at a time, spread over GENERATORS processes: `warmup` seconds untimed, then
 * `seconds` seconds timed, between the probe's start and stop.
 */
async function drive(base: string, token: string | undefined, fixture: Fixture, workload: GeneratorTask['workload'], label: string,
  seconds: number, warmup: number, probe?: Probe): Promise<{ result: Result; work?: DatabaseWork }> {
  const generators = Array.from({ length: GENERATORS }, () =>
    fork(fileURLToPath(new URL('./load-generator.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }));
  const results = generators.map((g) => new Promise<GeneratorResult>((resolve, reject) => {
    g.on('message', (m: { type: string; result?: GeneratorResult }) => m.type === 'result' && resolve(m.result!));
    g.once('exit', (code) => reject(new Error(`a load generator exited with ${code}`)));
  }));
  results.forEach((r) => r.catch(() => {}));
  const started = generators.map((g) => new Promise<void>((resolve) => g.on('message', (m: { type: string }) => m.type === 'started' && resolve())));
  let first = 0;
  generators.forEach((g, i) => {
    const count = Math.floor(CLIENTS / GENERATORS) + (i < CLIENTS % GENERATORS ? 1 : 0);
    const task: GeneratorTask = { base, token, fixture, workload, label, first, count, clients: CLIENTS, seed: 12345 + i };
    first += count;
    g.send({ type: 'task', task });
  });
  await Promise.all(started);
  await sleep(warmup * 1000);
  await probe?.start();
  for (const g of generators) g.send({ type: 'timed' });
  await sleep(seconds * 1000);
  for (const g of generators) g.send({ type: 'done' });
  const work = await probe?.stop();
  const all = await Promise.all(results);
  const latencies = all.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const merge = (maps: Record<string, number>[]) => {
    const sum: Record<string, number> = {};
    for (const map of maps) for (const [k, v] of Object.entries(map)) sum[k] = (sum[k] ?? 0) + v;
    return sum;
  };
  const timed = Math.max(...all.map((r) => r.seconds));
  return {
    result: {
      requests: latencies.length,
      rps: latencies.length / timed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      statuses: merge(all.map((r) => r.statuses)),
      failed: all.reduce((n, r) => n + r.failed, 0),
      failedStatuses: merge(all.map((r) => r.failedStatuses)),
      generatorCpu: all.map((r) => r.cpu),
    },
    work,
  };
}

function request(agent: http.Agent, base: string, token: string, call: Call): Promise<number> {
  return new Promise((resolve) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const req = http.request(`${base}${call.path}`, { method: call.method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/**
 * Each kind alone, one request at a time (no queue): what one request of it costs the server and the database. With
 * `databaseCpu` (seconds of the PostgreSQL processes so far), also the database's CPU per request of each kind, over
 * the requests after the first 30 (the /proc clock ticks in 10 ms, so a few hundred requests make it exact enough).
 */
async function serviceTimes(base: string, fixture: Fixture, label: string, databaseCpu?: () => number):
  Promise<{ times: Record<string, number>; cpuMs: Record<string, number>; failed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: Record<string, number> = {};
  const cpuMs: Record<string, number> = {};
  let failed = 0;
  for (let kind = 0; kind < KINDS.length; kind++) {
    const latencies: number[] = [];
    let cpuAt = 0;
    for (let n = 0; n < 330; n++) {
      if (n === 30 && databaseCpu) cpuAt = databaseCpu();
      const t0 = performance.now();
      const status = await request(agent, base, fixture.token, kindCall(fixture, `${label}-s`, kind, 0, n, CLIENTS));
      if (status === 0 || status >= 500) failed++;
      if (n >= 30) latencies.push(performance.now() - t0);
    }
    if (databaseCpu) cpuMs[KINDS[kind]] = ((databaseCpu() - cpuAt) * 1000) / latencies.length;
    latencies.sort((a, b) => a - b);
    times[KINDS[kind]] = percentile(latencies, 50);
  }
  agent.destroy();
  return { times, cpuMs, failed };
}

// ---------------------------------------------------------------------------------------------------------------
// Runs

interface RunFigures {
  service: Record<string, number>;
  /** PostgreSQL CPU per request of each kind, one at a time (the benchmark's own server only). */
  serviceCpuMs: Record<string, number>;
  serviceFailed: number;
  mixed: Result;
  work?: DatabaseWork;
  health?: Result;
  account?: Result;
}

async function measure(label: string, server: Served, fixture: Fixture, probe?: Probe, databaseCpu?: () => number): Promise<RunFigures> {
  const { times, cpuMs, failed } = await serviceTimes(server.url, fixture, label, databaseCpu);
  const mixedRun = await drive(server.url, fixture.token, fixture, 'mixed', label, SECONDS, WARMUP, probe);
  const figures: RunFigures = { service: times, serviceCpuMs: cpuMs, serviceFailed: failed, mixed: mixedRun.result, work: mixedRun.work };
  if (!MIXED_ONLY) {
    figures.health = (await drive(server.url, undefined, fixture, { method: 'GET', path: '/management/health' }, label, SHORT_SECONDS, 2)).result;
    figures.account = (await drive(server.url, fixture.token, fixture, { method: 'GET', path: '/api/account' }, label, SHORT_SECONDS, 2)).result;
  }
  return figures;
}

const cores = (r: Result) => r.generatorCpu.map((c) => c.toFixed(2)).join('+');
const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  ` +
  `(${r.requests} requests; generators' CPU ${cores(r)} cores; 5xx or no answer: ${r.failed}${r.failed ? ` ${JSON.stringify(r.failedStatuses)}` : ''})`;

function print(label: string, f: RunFigures): void {
  console.log(`${label}`);
  const weighted = KINDS.reduce((sum, kind, i) => sum + SHARES[i] * f.service[kind], 0);
  console.log(`  one at a time, p50 ms:   ${KINDS.map((kind) => `${kind} ${f.service[kind].toFixed(1)}`).join(', ')}; weighted mean ${weighted.toFixed(2)}` +
    `${f.serviceFailed ? `; ${f.serviceFailed} answered 5xx` : ''}`);
  if (Object.keys(f.serviceCpuMs).length) {
    const weightedCpu = KINDS.reduce((sum, kind, i) => sum + SHARES[i] * f.serviceCpuMs[kind], 0);
    console.log(`  one at a time, PostgreSQL CPU ms per request: ${KINDS.map((kind) => `${kind} ${f.serviceCpuMs[kind].toFixed(2)}`).join(', ')}; ` +
      `weighted mean ${weightedCpu.toFixed(2)}`);
  }
  console.log(`  mixed 70/30              ${fmt(f.mixed)}  statuses ${JSON.stringify(f.mixed.statuses)}`);
  const w = f.work;
  if (w) {
    const n = f.mixed.requests;
    const parts: string[] = [];
    if (w.statementMs !== undefined) parts.push(`statement time (pg_stat_statements) ${(w.statementMs / n).toFixed(3)} ms`);
    if (w.cpuSeconds !== undefined) parts.push(`CPU of all PostgreSQL processes (/proc) ${((w.cpuSeconds * 1000) / n).toFixed(3)} ms`);
    if (parts.length) console.log(`  PostgreSQL per mixed request: ${parts.join(', ')}`);
    if (w.statements?.length) {
      console.log('  top statements by total time (ms per mixed request, calls per mixed request, mean ms):');
      for (const s of w.statements) {
        console.log(`    ${(s.ms / n).toFixed(3).padStart(7)}  ${(s.calls / n).toFixed(2).padStart(5)}  ${(s.ms / Math.max(1, s.calls)).toFixed(3).padStart(7)}  ${s.query}`);
      }
    }
  }
  if (f.health) console.log(`  GET management/health    ${fmt(f.health)}`);
  if (f.account) console.log(`  GET api/account (bearer) ${fmt(f.account)}`);
  if (f.health && f.account) console.log(`  authenticated read / health: ${(f.account.rps / f.health.rps).toFixed(2)}x`);
}

const failures = (f: RunFigures) => f.serviceFailed + f.mixed.failed + (f.health?.failed ?? 0) + (f.account?.failed ?? 0);

let pglite: RunFigures | undefined;
/** PostgreSQL runs by repetition and WORKERS. */
const pgRuns: { repetition: number; workers: number; figures: RunFigures }[] = [];
console.log(`load benchmark: ${CLIENTS} clients over ${GENERATORS} generator process(es), ${WARMUP} s warm-up, ${SECONDS} s mixed` +
  `${MIXED_ONLY ? '' : `, ${SHORT_SECONDS} s per single-endpoint run`}; WORKERS ${WORKERS.join(', ')} x ${REPEAT}; ` +
  `${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}` +
  `${process.env.DATABASE_POOL_SIZE ? `; DATABASE_POOL_SIZE=${process.env.DATABASE_POOL_SIZE}` : ''}`);

if (only !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-load-'));
  try {
    const db = await openPglite({ dataDir: `${dataDir}/pgdata` });
    const fixture = await seed(db);
    await db.close();
    const server = await serve({ DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '1' });
    try {
      pglite = await measure('pglite', server, fixture);
    } finally {
      await server.stop();
    }
    print('PGlite (embedded, WORKERS=1)', pglite);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (only !== 'pglite') {
  const own = process.env.LOAD_DATABASE_URL ? undefined : await startOwnPostgres();
  const serverUrl = process.env.LOAD_DATABASE_URL ?? own!.url;
  try {
    const admin = openPostgres(serverUrl, { max: 1 });
    const [{ fsync }] = await admin.query<{ fsync: string }>('SHOW fsync');
    const [{ synchronous_commit: syncCommit }] = await admin.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    const statementsLoaded = await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
      .then(() => admin.query('SELECT 1 FROM pg_stat_statements LIMIT 1')).then(() => true, () => false);
    const name = `mp_bench_load_${process.pid}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = withDatabase(serverUrl, name);
      const db = openPostgres(url, { max: 2 });
      const fixture = await seed(db);
      await db.close();
      console.log(`PostgreSQL settings in use: fsync=${fsync}, synchronous_commit=${syncCommit}${own ? ' (the benchmark\'s own server)' : ''}; ` +
        `pg_stat_statements ${statementsLoaded ? 'loaded' : 'not loaded (no statement figures)'}`);
      for (let repetition = 1; repetition <= REPEAT; repetition++) {
        for (const workers of WORKERS) {
          // Each run on its own copy of the seeded database: a run's writes (thousands of new subjects and users)
          // would otherwise make the next run's lists longer than the first's.
          const copy = `${name}_r${repetition}_w${workers}`;
          await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`);
          const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-load-'));
          const server = await serve({ DATA_DIR: dataDir, DATABASE_URL: withDatabase(serverUrl, copy), WORKERS: String(workers) });
          let cpuAtStart = 0;
          const probe: Probe = {
            async start() {
              if (statementsLoaded) await admin.query('SELECT pg_stat_statements_reset()');
              if (own) cpuAtStart = processTreeCpu(own.pid());
            },
            async stop() {
              const work: DatabaseWork = {};
              if (own) work.cpuSeconds = processTreeCpu(own.pid()) - cpuAtStart;
              if (statementsLoaded) {
                const rows = await admin.query<{ query: string; calls: number; ms: number }>(
                  `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::int8 AS calls, (total_exec_time + total_plan_time)::float8 AS ms
                     FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) ORDER BY ms DESC`, [copy]);
                work.statementMs = rows.reduce((sum, r) => sum + r.ms, 0);
                work.statements = rows.slice(0, 8).map((r) => ({ ...r, query: r.query.length > 150 ? `${r.query.slice(0, 147)}...` : r.query }));
              }
              return work;
            },
          };
          try {
            const databaseCpu = own ? () => processTreeCpu(own.pid()) : undefined;
            pgRuns.push({ repetition, workers, figures: await measure(`pg${repetition}w${workers}`, server, fixture, probe, databaseCpu) });
          } finally {
            await server.stop();
            rmSync(dataDir, { recursive: true, force: true });
            await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
          }
          print(`PostgreSQL (WORKERS=${workers}, run ${repetition})`, pgRuns[pgRuns.length - 1].figures);
        }
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } finally {
    own?.stop();
  }
}

console.log('\nsummary (same invocation):');
if (pgRuns.length) {
  console.log('  run  WORKERS   mixed req/s  vs WORKERS=1   p50 ms   p99 ms   PG statement ms/req   PG CPU ms/req   generators\' CPU');
  for (const { repetition, workers, figures: f } of pgRuns) {
    const base = pgRuns.find((r) => r.repetition === repetition && r.workers === 1)?.figures;
    const n = f.mixed.requests;
    console.log(`  ${String(repetition).padStart(3)}  ${String(workers).padStart(7)}  ${f.mixed.rps.toFixed(0).padStart(12)}  ` +
      `${base ? `${(f.mixed.rps / base.mixed.rps).toFixed(2)}x`.padStart(12) : '-'.padStart(12)}  ${f.mixed.p50.toFixed(1).padStart(7)}  ${f.mixed.p99.toFixed(1).padStart(7)}  ` +
      `${f.work?.statementMs !== undefined ? (f.work.statementMs / n).toFixed(3).padStart(20) : '-'.padStart(20)}  ` +
      `${f.work?.cpuSeconds !== undefined ? ((f.work.cpuSeconds * 1000) / n).toFixed(3).padStart(14) : '-'.padStart(14)}   ${cores(f.mixed)}`);
  }
}
const postgres1 = pgRuns.find((r) => r.workers === 1)?.figures;
const postgres2 = pgRuns.find((r) => r.workers === 2)?.figures;
if (pglite && postgres1) {
  console.log(`  PGlite mixed: ${pglite.mixed.rps.toFixed(0)} req/s; PGlite / PostgreSQL mixed throughput: ${(pglite.mixed.rps / postgres1.mixed.rps).toFixed(2)}x (target >= 0.6)`);
  console.log(`  PGlite / PostgreSQL mixed p99:        ${(pglite.mixed.p99 / postgres1.mixed.p99).toFixed(2)}x (target <= 3)`);
}
for (const [label, f] of [['pglite', pglite], ...pgRuns.map((r) => [`postgres run ${r.repetition} WORKERS=${r.workers}`, r.figures])] as [string, RunFigures | undefined][]) {
  if (f?.account && f.health) console.log(`  ${label}: authenticated read / health: ${(f.account.rps / f.health.rps).toFixed(2)}x (target >= 0.5)`);
}
if (postgres1 && postgres2) {
  console.log(`  PostgreSQL WORKERS=2 / WORKERS=1 mixed throughput (run 1): ${(postgres2.mixed.rps / postgres1.mixed.rps).toFixed(2)}x (target >= 1.3)`);
}
const failed = [pglite, ...pgRuns.map((r) => r.figures)].reduce((n, f) => n + (f ? failures(f) : 0), 0);
console.log(`  requests answered 5xx or not at all, in all runs and phases: ${failed}${failed ? '  <-- must be 0' : ''}`);
console.log(`host load average (1 min) at the end: ${loadavg()[0].toFixed(2)}`);
if (failed) process.exitCode = 1;
