// This process's metrics for management/prometheus (docs/operations.md lists them): what the request pipeline, the
// database pool and the sign-in code record as they go, and what is read from the process when collected. One set
// per process, because Prometheus measures processes: a cluster's primary adds its workers' sets up
// (cluster-metrics.ts).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { PoolStats } from '../db/pool-stats';
import { Counter, gauge, Histogram, type Family } from './families';

const REQUEST_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATEMENT_BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Named as Spring Boot's Micrometer names them on ManagementPortal, so its dashboards read them too. */
export const httpRequests = new Histogram('http_server_requests_seconds',
  'Answered HTTP requests by method, route template (uri) and status', REQUEST_BOUNDS);
export const statementDurations = new Histogram('db_statement_duration_seconds',
  'Time a database operation (one statement, or one whole transaction) held its pool slot', STATEMENT_BOUNDS);
export const poolAcquireDurations = new Histogram('db_pool_acquire_seconds',
  'Time a database operation waited for a pool slot', STATEMENT_BOUNDS);
export const signInFailures = new Counter('portal_sign_in_failures_total',
  'Refused sign-ins (password, second factor, OpenID Connect) by reason');
export const tokenGrants = new Counter('portal_token_grants_total', 'Access tokens issued by OAuth grant type');

/** Route templates as Spring writes them: /api/subjects/:login becomes /api/subjects/{login}. */
export function uriLabel(template: string): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function recordRequest(method: string, uri: string, status: number, ms: number): void {
  httpRequests.observe({ method, uri, status: String(status) }, ms / 1000);
}

const pools = new Set<PoolStats>();

/** A pool whose size, use and waits this process reports (start.ts registers the server's own). */
export function watchPool(pool: PoolStats): () => void {
  pools.add(pool);
  pool.listener = {
    acquired: (ms) => poolAcquireDurations.observe({}, ms / 1000),
    used: (ms) => statementDurations.observe({}, ms / 1000),
  };
  return () => {
    pools.delete(pool);
    pool.listener = undefined;
  };
}

let loopDelay: ReturnType<typeof monitorEventLoopDelay> | undefined;

/** Starts measuring the event loop's delay (start.ts, when the server starts; idempotent). */
export function monitorEventLoop(): void {
  if (loopDelay) return;
  loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
}

function eventLoopFamilies(): Family[] {
  monitorEventLoop();
  if (!loopDelay) return [];
  const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
  const lag = gauge('nodejs_eventloop_lag_seconds', 'Event-loop delay since the previous collection, by quantile', [
    { labels: { quantile: '0.5' }, value: seconds(loopDelay.percentile(50)) },
    { labels: { quantile: '0.99' }, value: seconds(loopDelay.percentile(99)) },
    { labels: { quantile: '1' }, value: seconds(loopDelay.max) },
  ]);
  loopDelay.reset();
  return [lag];
}

function processFamilies(): Family[] {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return [
    { name: 'process_cpu_seconds_total', help: 'CPU time the process used (user and system)', type: 'counter', across: 'worker',
      series: [{ labels: {}, value: (cpu.user + cpu.system) / 1e6 }] },
    gauge('process_resident_memory_bytes', 'Resident memory of the process', [{ labels: {}, value: memory.rss }]),
    gauge('nodejs_heap_used_bytes', 'V8 heap in use', [{ labels: {}, value: memory.heapUsed }]),
    gauge('nodejs_heap_total_bytes', 'V8 heap reserved', [{ labels: {}, value: memory.heapTotal }]),
    gauge('process_start_time_seconds', 'When the process started (Unix time)', [{ labels: {}, value: Math.round(Date.now() / 1000 - process.uptime()) }]),
  ];
}

function poolFamilies(): Family[] {
  let max = 0;
  let active = 0;
  let pending = 0;
  for (const pool of pools) {
    const f = pool.figures();
    max += f.max.value;
    active += f.active.value;
    pending += f.pending.value;
  }
  return [
    gauge('db_pool_max', 'Database operations the process runs at once (DATABASE_POOL_SIZE)', [{ labels: {}, value: max }]),
    gauge('db_pool_active', 'Database operations holding a pool slot', [{ labels: {}, value: active }]),
    gauge('db_pool_pending', 'Database operations waiting for a pool slot', [{ labels: {}, value: pending }]),
  ];
}

/** Everything this process knows, now. */
export function collectLocal(): Family[] {
  return [
    httpRequests.family(), statementDurations.family(), poolAcquireDurations.family(), signInFailures.family(), tokenGrants.family(),
    ...poolFamilies(), ...processFamilies(), ...eventLoopFamilies(),
  ];
}
