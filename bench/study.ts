// The traffic a study generates, on the embedded database by default: `npm run bench -- study [--seconds N]
// [--clients N] [--db pglite|postgres]`. What docs/deployment.md states the embedded database's capacity from.
//   - registration: a staff member creates a subject (POST api/subjects) and pairs the app (GET
//     api/oauth-clients/pair); the phone trades the pairing link for a refresh token (GET api/meta-token/{name}) and
//     that for its first access token (POST oauth/token, grant refresh_token): four requests per participant;
//   - refresh: each phone trades its refresh token for a new access token and a new refresh token (POST oauth/token),
//     about twice a day with 43,200 s access tokens. Each client keeps the newest refresh token of its own phones.
// Each at --clients concurrent keep-alive clients (20) for --seconds (15) after a warm-up, against the real server
// entry point; prints throughput, p50, p99, and the participants and staff that throughput serves.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { upsertClient } from '../src/server/oauth/client-store';
import { PERMISSIONS } from '../src/common/permission-matrix';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import type { Database } from '../src/server/db/database';
import { serve, sleep } from './bench-server';
import { seed } from './bench-seed';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const SECONDS = option('seconds', 15);
const WARMUP = 5;
const CLIENTS = option('clients', 20);
const DB = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : 'pglite';
const APP = { id: 'aRMT', secret: 'bench-app-secret' };
const ACCESS_SECONDS = 43_200;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

function call(agent: http.Agent, base: string, method: string, path: string, auth: string | undefined, body?: string, type = 'application/json'): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth) headers.authorization = auth;
    if (body !== undefined) {
      headers['content-type'] = type;
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(text);
        } catch {
          // a body that is no JSON: the status says enough
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', () => resolve({ status: 0, body: {} }));
    req.end(body);
  });
}

const appAuth = `Basic ${Buffer.from(`${APP.id}:${APP.secret}`).toString('base64')}`;
const refreshForm = (token: string) => new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString();

/** Registers one participant; answers its refresh token, or undefined after a failed step (counted in `failed`). */
const stepMs = [0, 0, 0, 0];
let steps = 0;
async function register(agent: http.Agent, base: string, admin: string, projectId: number, login: string, failed: { n: number }): Promise<string | undefined> {
  let t = performance.now();
  const lap = (i: number) => {
    const now = performance.now();
    stepMs[i] += now - t;
    t = now;
  };
  steps++;
  const created = await call(agent, base, 'POST', '/api/subjects', admin,
    JSON.stringify({ login, externalId: `X-${login}`, project: { id: projectId, projectName: 'radar' } }));
  lap(0);
  if (created.status !== 201) return void failed.n++;
  const pair = await call(agent, base, 'GET', `/api/oauth-clients/pair?${new URLSearchParams({ login, clientId: APP.id, persistent: 'false' })}`, admin);
  lap(1);
  if (pair.status !== 200) return void failed.n++;
  const meta = await call(agent, base, 'GET', `/api/meta-token/${pair.body.tokenName}`, undefined);
  lap(2);
  if (meta.status !== 200) return void failed.n++;
  const first = await call(agent, base, 'POST', '/oauth/token', appAuth, refreshForm(String(meta.body.refreshToken)), 'application/x-www-form-urlencoded');
  lap(3);
  if (first.status !== 200) return void failed.n++;
  return String(first.body.refresh_token);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  operations: number;
  failed: number;
}

/** `clients` loops doing `operation` (warm-up, then timed); each loop's state is its own. */
async function drive(operation: (client: number, n: number) => Promise<boolean>): Promise<Run> {
  const latencies: number[] = [];
  /** Operations that ended inside the timed window (a registration may have started before it). */
  let completed = 0;
  let failed = 0;
  let phase: 'warmup' | 'timed' | 'done' = 'warmup';
  let start = 0;
  let end = Infinity;
  const loops = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let n = 0; phase !== 'done'; n++) {
      const t0 = performance.now();
      const ok = await operation(c, n);
      const t1 = performance.now();
      if (!ok) failed++;
      if (phase === 'timed' && t1 >= start && t1 <= end) completed++;
      if (phase === 'timed' && t0 >= start && t1 <= end) latencies.push(t1 - t0);
    }
  });
  await sleep(WARMUP * 1000);
  phase = 'timed';
  start = performance.now();
  await sleep(SECONDS * 1000);
  end = performance.now();
  phase = 'done';
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { rps: completed / ((end - start) / 1000), p50: at(50), p99: at(99), operations: completed, failed };
}

const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-study-'));
let drop = async () => {};
try {
  let db: Database;
  const env: Record<string, string> = { DATA_DIR: dataDir, WORKERS: '1' };
  if (DB === 'postgres') {
    const serverUrl = process.env.LOAD_DATABASE_URL;
    if (!serverUrl) throw new Error('--db postgres needs LOAD_DATABASE_URL (a PostgreSQL server the benchmark may create a database on)');
    const admin = openPostgres(serverUrl, { max: 1 });
    const name = `mp_bench_study_${process.pid}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    db = openPostgres(env.DATABASE_URL, { max: 2 });
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  } else {
    env.DATABASE_URL = '';
    db = await openPglite({ dataDir: `${dataDir}/pgdata` });
  }
  const fixture = await seed(db);
  await upsertClient(db, {
    clientId: APP.id, secret: APP.secret, scopes: [...PERMISSIONS], resourceIds: ['res_ManagementPortal'],
    grantTypes: ['authorization_code', 'refresh_token'], redirectUris: [], authorities: [], autoApproveScopes: [],
    accessTokenValidity: ACCESS_SECONDS, refreshTokenValidity: 31 * 86400, additionalInformation: { dynamic_registration: 'true' },
  });
  await db.close();
  const server = await serve(env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const adminAuth = `Bearer ${fixture.token}`;
  const tokens: string[][] = Array.from({ length: CLIENTS }, () => []);
  const failures = { n: 0 };
  try {
    console.log(`study benchmark on ${DB === 'postgres' ? 'PostgreSQL (WORKERS=1)' : 'the embedded database (PGlite)'}: ${CLIENTS} clients, ` +
      `${WARMUP} s warm-up, ${SECONDS} s per kind; ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}`);
    const registration = await drive(async (c, n) => {
      const token = await register(agent, server.url, adminAuth, fixture.projectId, `study-${c}-${n}`, failures);
      if (token) tokens[c].push(token);
      return token !== undefined;
    });
    console.log(`  registration steps, mean ms: ${['create', 'pair', 'meta-token', 'first refresh'].map((name, i) => `${name} ${(stepMs[i] / Math.max(1, steps)).toFixed(1)}`).join(', ')}`);
    const phones = tokens.reduce((n, t) => n + t.length, 0);
    console.log(`  registration (4 requests each): ${registration.rps.toFixed(1)} participants/s, p50 ${registration.p50.toFixed(0)} ms, ` +
      `p99 ${registration.p99.toFixed(0)} ms (${registration.operations} timed, ${phones} phones in all, ${registration.failed} failed)`);
    const refresh = await drive(async (c, n) => {
      const own = tokens[c];
      if (!own.length) return true;
      const i = n % own.length;
      const answer = await call(agent, server.url, 'POST', '/oauth/token', appAuth, refreshForm(own[i]), 'application/x-www-form-urlencoded');
      if (answer.status !== 200) return false;
      own[i] = String(answer.body.refresh_token);
      return true;
    });
    console.log(`  token refresh: ${refresh.rps.toFixed(1)} req/s, p50 ${refresh.p50.toFixed(1)} ms, p99 ${refresh.p99.toFixed(1)} ms ` +
      `(${refresh.operations} timed, ${refresh.failed} failed)`);
    // Phones refresh when their access token runs out: 86,400 / 43,200 = 2 per participant per day, spread over the
    // day as the phones were paired. Planned at a tenth of the measured rate, for peaks (a study's phones waking
    // together, a batch of enrolments) and for the staff's own use of the portal beside them.
    const perDay = 86_400 / ACCESS_SECONDS;
    const participants = (refresh.rps / 10) * 86_400 / perDay;
    console.log(`  => at a tenth of the refresh throughput: ${Math.floor(participants).toLocaleString('en')} participants refreshing ${perDay} times a day; ` +
      `${Math.floor((registration.rps / 10) * 3600).toLocaleString('en')} registrations an hour`);
    console.log(`  requests answered 5xx or failed: ${registration.failed + refresh.failed}`);
  } finally {
    agent.destroy();
    await server.stop();
  }
} finally {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}
