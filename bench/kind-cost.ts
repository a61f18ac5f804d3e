// What each kind of the load benchmark's requests costs PostgreSQL, statement by statement, one request at a time:
// `KIND_COST_DATABASE_URL=postgres://... KIND_COST_PGDATA=/path/to/data node --import tsx bench/kind-cost.ts [N]
// [kind ...]`. The server must load pg_stat_statements with `pg_stat_statements.track=all` (statements run by
// triggers and functions are listed too, beside the statement that ran them) and `track_planning=on`; with
// KIND_COST_PGDATA (the data directory, whose postmaster.pid names the server) it also prints the CPU of all the
// server's processes per request, from /proc. Seeds a fresh database as bench/load.ts does, starts the real server
// entry point on it, warms each kind up with 30 untimed requests, then runs N (300) of it and prints per request: the
// CPU, the statement time, and the statements by total time (calls and milliseconds per request). Asserts nothing.
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../src/server/db/postgres';
import { seed } from './bench-seed';
import { processTreeCpu } from './process-cpu';
import { serve } from './bench-server';
import { kindCall, KINDS } from './load-workload';

const url = process.env.KIND_COST_DATABASE_URL;
if (!url) throw new Error('KIND_COST_DATABASE_URL names the PostgreSQL server (with pg_stat_statements, track=all)');
const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 300);
const chosen = process.argv.slice(2).filter((a) => !/^\d+$/.test(a));
const kinds = KINDS.map((k, i) => [k, i] as const).filter(([k]) => !chosen.length || chosen.some((c) => k.includes(c)));

function postmasterCpu(): number | undefined {
  const dir = process.env.KIND_COST_PGDATA;
  return dir ? processTreeCpu(Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0])) : undefined;
}

function request(agent: http.Agent, base: string, token: string, call: { method: string; path: string; body?: unknown }): Promise<number> {
  return new Promise((resolve) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = http.request(`${base}${call.path}`, { method: call.method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const withDatabase = (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
const admin = openPostgres(url, { max: 1 });
await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
const name = `mp_kind_cost_${process.pid}`;
await admin.query(`CREATE DATABASE ${name}`);
const dataDir = mkdtempSync(join(tmpdir(), 'mp-kind-cost-'));
try {
  const db = openPostgres(withDatabase(name), { max: 2 });
  const fixture = await seed(db);
  await db.close();
  const server = await serve({ DATA_DIR: dataDir, DATABASE_URL: withDatabase(name), WORKERS: '1' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const [kind, index] of kinds) {
      for (let n = 0; n < 30; n++) await request(agent, server.url, fixture.token, kindCall(fixture, 'warm', index, 0, n, 50));
      await admin.query('SELECT pg_stat_statements_reset()');
      const cpu0 = postmasterCpu();
      const statuses: Record<number, number> = {};
      const t0 = performance.now();
      for (let n = 0; n < N; n++) {
        const status = await request(agent, server.url, fixture.token, kindCall(fixture, 'cost', index, 0, n + 30, 50));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      const wall = (performance.now() - t0) / N;
      const cpu1 = postmasterCpu();
      const rows = await admin.query<{ query: string; calls: number; ms: number; plan_ms: number; toplevel: boolean }>(
        `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::int8 AS calls, (total_exec_time + total_plan_time)::float8 AS ms,
                total_plan_time::float8 AS plan_ms, toplevel
           FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) ORDER BY ms DESC`, [name]);
      const top = rows.filter((r) => r.toplevel).reduce((sum, r) => sum + r.ms, 0);
      console.log(`\n${kind}: ${JSON.stringify(statuses)}; wall ${wall.toFixed(2)} ms; ` +
        `${cpu0 !== undefined ? `PostgreSQL CPU ${(((cpu1! - cpu0) * 1000) / N).toFixed(2)} ms; ` : ''}statement time (top level) ${(top / N).toFixed(3)} ms`);
      for (const r of rows.slice(0, 25)) {
        console.log(`  ${(r.ms / N).toFixed(3).padStart(7)} ${(r.plan_ms / N).toFixed(3).padStart(6)}p ${(r.calls / N).toFixed(2).padStart(5)} ${r.toplevel ? 'T' : ' '} ${r.query.slice(0, 170)}`);
      }
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
}
