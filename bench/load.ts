// Load benchmark: `npm run bench -- load [--seconds N] [--clients N] [--warmup N] [--only pglite|postgres]`.
// The mixed workload (about 70 % reads: a subject page, a subject's detail, the projects, the account, the users;
// 30 % writes: subject creates and updates), as the system admin with a bearer token, at 50 concurrent keep-alive
// clients for a fixed time after a warm-up, against the real server entry point as its own process:
//   1. on the embedded database (PGlite, WORKERS=1),
//   2. on PostgreSQL with WORKERS=1 and with WORKERS=2,
// and, on each, the public health endpoint and an authenticated simple read (GET api/account) alone. Prints
// throughput, p50 and p99 per run, and the ratios the targets are stated in (docs/deployment.md). All backends run
// in one invocation so their ratios meet the same moments of the host, each on the same seeded data (PostgreSQL's runs
// on copies of one seeded database). Before the load, each kind of request alone, one at a time: its p50, what one
// request of it costs with nothing queued.
//
// PostgreSQL: the benchmark starts its own server (initdb in a temporary directory, as the `postgres` user when run as
// root) with fsync and synchronous_commit on, as a production server runs; LOAD_DATABASE_URL names an existing server
// instead (its settings are printed, whatever they are). BENCH_SERVER_NODE_ARGS passes flags to the server's node
// (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` writes a profile per thread when the server stops).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PERMISSIONS } from '../src/common/permission-matrix';
import { SigningKeys } from '../src/server/auth/signing-keys';
import { mintAccessToken } from '../src/server/auth/tokens';
import { bootstrap } from '../src/server/db/bootstrap';
import type { Database } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import { seedSubjects } from '../src/server/seed/bulk-subjects';
import { seedDemoData } from '../src/server/seed/demo-data';

const root = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_PASSWORD = 'Bench-Password-1';
const SEEDED_SUBJECTS = 2000;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const only = (() => {
  const i = process.argv.indexOf('--only');
  return i > 0 ? process.argv[i + 1] : undefined;
})();
const SECONDS = option('seconds', 20);
const WARMUP = option('warmup', 5);
const CLIENTS = option('clients', 50);
const SHORT_SECONDS = Math.max(3, Math.round(SECONDS / 3));

// ---------------------------------------------------------------------------------------------------------------
// Ports, processes

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface OwnPostgres {
  url: string;
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
  const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k '${dir}' -c fsync=on -c synchronous_commit=on -c max_connections=300 -c shared_buffers=128MB`;
  run(`pg_ctl -D '${dir}/data' -l '${dir}/server.log' -w -o "${settings}" start`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
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
// The data set: the demo projects with SEEDED_SUBJECTS subjects, a token for the system admin

interface Fixture {
  token: string;
  projectId: number;
  /** Subjects the update half of the writes changes: client c updates only those with index % CLIENTS == c. */
  subjects: { id: number; login: string }[];
}

async function seed(db: Database): Promise<Fixture> {
  await migrate(db);
  await bootstrap(db, ADMIN_PASSWORD);
  await db.transaction((tx) => seedDemoData(tx, '!bench'));
  await seedSubjects(db, SEEDED_SUBJECTS, { chunk: SEEDED_SUBJECTS });
  const [admin] = await db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'admin'");
  const { token } = await mintAccessToken(db, new SigningKeys(db), {
    clientId: 'ManagementPortalapp', scopes: [...PERMISSIONS], ttlSeconds: 6 * 3600, grantType: 'authorization_code', userId: admin.id,
  });
  const [project] = await db.query<{ id: number }>("SELECT id FROM project WHERE project_name = 'radar'");
  const subjects = await db.query<{ id: number; login: string }>(
    'SELECT id, login FROM subject WHERE project_id = $1 ORDER BY id LIMIT 500', [project.id]);
  return { token, projectId: project.id, subjects };
}

// ---------------------------------------------------------------------------------------------------------------
// The server under test

interface Served {
  url: string;
  stop(): Promise<void>;
}

async function serve(env: Record<string, string>): Promise<Served> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD, LOG_LEVEL: 'WARN', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    const up = await fetch(`${url}/management/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (child.exitCode !== null || waited > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The load

interface Result {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

type Call = { method: string; path: string; body?: unknown };
type Pick = (client: number, n: number) => Call;

function request(agent: http.Agent, base: string, token: string | undefined, call: Call): Promise<number> {
  return new Promise((resolve) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const req = http.request(`${base}${call.path}`, { method: call.method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** `clients` loops, each one request at a time, for `warmup` seconds untimed and then `seconds` seconds timed. */
async function drive(base: string, token: string | undefined, pick: Pick, seconds: number, warmup = WARMUP): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let phase: 'warmup' | 'timed' | 'done' = warmup > 0 ? 'warmup' : 'timed';
  let timedStart = performance.now();
  let timedEnd = 0;
  const clients = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let n = 0; phase !== 'done'; n++) {
      const call = pick(c, n);
      const t0 = performance.now();
      const status = await request(agent, base, token, call);
      const t1 = performance.now();
      if (phase !== 'timed' || t0 < timedStart || t1 > timedEnd) continue;
      latencies.push(t1 - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 0 || status >= 500) errors++;
    }
  });
  if (warmup > 0) {
    await sleep(warmup * 1000);
    phase = 'timed';
  }
  timedStart = performance.now();
  timedEnd = timedStart + seconds * 1000;
  await sleep(seconds * 1000);
  phase = 'done';
  await Promise.all(clients);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
}

/** The seven kinds of request of the mixed workload, with their shares (70 % reads, 30 % writes). */
const KINDS = ['subject page', 'subject detail', 'projects', 'account', 'user page', 'subject create', 'subject update'] as const;
const SHARES = [0.14, 0.14, 0.14, 0.14, 0.14, 0.15, 0.15];

function kindCall(fixture: Fixture, label: string, kind: number, c: number, n: number): Call {
  const radar = { id: fixture.projectId, projectName: 'radar' };
  // Client c updates only its own subjects, those at c, c + CLIENTS, c + 2 × CLIENTS, ... (no two clients write one row).
  const own = Math.ceil((fixture.subjects.length - c) / CLIENTS);
  const subject = fixture.subjects[c + (n % own) * CLIENTS];
  switch (KINDS[kind]) {
    case 'subject page': return { method: 'GET', path: '/api/projects/radar/subjects?size=20&sort=login,asc' };
    case 'subject detail': return { method: 'GET', path: `/api/subjects/${subject.login}` };
    case 'projects': return { method: 'GET', path: '/api/projects' };
    case 'account': return { method: 'GET', path: '/api/account' };
    case 'user page': return { method: 'GET', path: '/api/users?size=20' };
    case 'subject create':
      return { method: 'POST', path: '/api/subjects', body: { login: `load-${label}-${c}-${n}`, externalId: `L-${label}-${c}-${n}`, project: radar, attributes: { site: 'bench' } } };
    default:
      return { method: 'PUT', path: '/api/subjects', body: { id: subject.id, login: subject.login, project: radar, personName: `Person ${c} ${n}` } };
  }
}

/** The mixed workload: each request of a kind drawn by its share. */
function mixed(fixture: Fixture, label: string): Pick {
  let random = 12345;
  const next = () => ((random = (random * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  return (c, n) => {
    let r = next();
    let kind = 0;
    while (kind < KINDS.length - 1 && r >= SHARES[kind]) r -= SHARES[kind++];
    return kindCall(fixture, label, kind, c, n);
  };
}

/** Each kind alone, one request at a time (no queue): what one request of it costs the server and the database. */
async function serviceTimes(base: string, fixture: Fixture, label: string): Promise<Record<string, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: Record<string, number> = {};
  for (let kind = 0; kind < KINDS.length; kind++) {
    const latencies: number[] = [];
    for (let n = 0; n < 150; n++) {
      const t0 = performance.now();
      await request(agent, base, fixture.token, kindCall(fixture, `${label}-s`, kind, 0, n));
      if (n >= 30) latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    times[KINDS[kind]] = percentile(latencies, 50);
  }
  agent.destroy();
  return times;
}

// ---------------------------------------------------------------------------------------------------------------
// Runs

interface BackendFigures {
  service: Record<string, number>;
  mixed: Result;
  health: Result;
  account: Result;
}

async function measure(label: string, server: Served, fixture: Fixture): Promise<BackendFigures> {
  const service = await serviceTimes(server.url, fixture, label);
  const mixedResult = await drive(server.url, fixture.token, mixed(fixture, label), SECONDS);
  const health = await drive(server.url, undefined, () => ({ method: 'GET', path: '/management/health' }), SHORT_SECONDS, 2);
  const account = await drive(server.url, fixture.token, () => ({ method: 'GET', path: '/api/account' }), SHORT_SECONDS, 2);
  return { service, mixed: mixedResult, health, account };
}

const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  (${r.requests} requests${r.errors ? `, ${r.errors} failed` : ''})`;

function print(label: string, f: BackendFigures): void {
  console.log(`${label}`);
  const weighted = KINDS.reduce((sum, kind, i) => sum + SHARES[i] * f.service[kind], 0);
  console.log(`  one at a time, p50 ms:   ${KINDS.map((kind) => `${kind} ${f.service[kind].toFixed(1)}`).join(', ')}; weighted mean ${weighted.toFixed(2)}`);
  console.log(`  mixed 70/30              ${fmt(f.mixed)}  statuses ${JSON.stringify(f.mixed.statuses)}`);
  console.log(`  GET management/health    ${fmt(f.health)}`);
  console.log(`  GET api/account (bearer) ${fmt(f.account)}`);
  console.log(`  authenticated read / health: ${(f.account.rps / f.health.rps).toFixed(2)}x`);
}

const runs: Record<string, BackendFigures> = {};
console.log(`load benchmark: ${CLIENTS} clients, ${WARMUP} s warm-up, ${SECONDS} s mixed, ${SHORT_SECONDS} s per single-endpoint run; ` +
  `${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}`);

if (only !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-load-'));
  try {
    const db = await openPglite({ dataDir: `${dataDir}/pgdata` });
    const fixture = await seed(db);
    await db.close();
    const server = await serve({ DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '1' });
    try {
      runs.pglite = await measure('pglite', server, fixture);
    } finally {
      await server.stop();
    }
    print('PGlite (embedded, WORKERS=1)', runs.pglite);
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
    const name = `mp_bench_load_${process.pid}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = withDatabase(serverUrl, name);
      const db = openPostgres(url, { max: 2 });
      const fixture = await seed(db);
      await db.close();
      console.log(`PostgreSQL settings in use: fsync=${fsync}, synchronous_commit=${syncCommit}${own ? ' (the benchmark\'s own server)' : ''}`);
      // Each run on its own copy of the seeded database: a run's writes (thousands of new subjects and users) would
      // otherwise make the next run's lists longer than the first's.
      for (const workers of [1, 2]) {
        const copy = `${name}_w${workers}`;
        await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`);
        const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-load-'));
        const server = await serve({ DATA_DIR: dataDir, DATABASE_URL: withDatabase(serverUrl, copy), WORKERS: String(workers) });
        try {
          runs[`postgres${workers}`] = await measure(`pg${workers}`, server, fixture);
        } finally {
          await server.stop();
          rmSync(dataDir, { recursive: true, force: true });
          await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
        }
        print(`PostgreSQL (WORKERS=${workers})`, runs[`postgres${workers}`]);
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } finally {
    own?.stop();
  }
}

const { pglite, postgres1, postgres2 } = runs;
console.log('\nratios (same run):');
if (pglite && postgres1) {
  console.log(`  PGlite / PostgreSQL mixed throughput: ${(pglite.mixed.rps / postgres1.mixed.rps).toFixed(2)}x (target >= 0.6)`);
  console.log(`  PGlite / PostgreSQL mixed p99:        ${(pglite.mixed.p99 / postgres1.mixed.p99).toFixed(2)}x (target <= 3)`);
}
for (const [label, f] of Object.entries(runs)) {
  console.log(`  ${label}: authenticated read / health: ${(f.account.rps / f.health.rps).toFixed(2)}x (target >= 0.5)`);
}
if (postgres1 && postgres2) {
  console.log(`  PostgreSQL WORKERS=2 / WORKERS=1 mixed throughput: ${(postgres2.mixed.rps / postgres1.mixed.rps).toFixed(2)}x (target >= 1.3)`);
}
console.log(`host load average (1 min) at the end: ${loadavg()[0].toFixed(2)}`);
