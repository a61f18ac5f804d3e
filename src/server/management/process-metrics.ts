// GET management/jhimetrics: the JHipster metrics object, filled from what Node knows about its own process.
// JVM memory areas become the V8 heap, the resident set and external memory; the garbage collector section comes from
// perf_hooks GC entries (zeros until a collection happened); `cache` lists the process's in-memory caches and
// `databases` the database wrapper's pool, as HikariCP's meters would (both this process's own).
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import type { AppServices } from '../services';
import { cacheMetrics } from './cache-metrics';
import { RequestMetrics } from './request-metrics';

interface MemoryArea {
  committed: number;
  max: number;
  used: number;
}

class GcPauses {
  readonly durations: number[] = [];
  count = 0;
  total = 0;
  private observer?: PerformanceObserver;
  start(): void {
    if (this.observer) return;
    try {
      this.observer = new PerformanceObserver((list) => list.getEntries().forEach((e: PerformanceEntry) => this.add(e.duration)));
      this.observer.observe({ entryTypes: ['gc'] });
    } catch {
      this.observer = undefined; // no GC entries on this runtime: the section stays at zeros
    }
  }
  private add(ms: number): void {
    this.count++;
    this.total += ms;
    this.durations.push(ms);
    if (this.durations.length > 1000) this.durations.shift(); // percentiles over the last 1000 pauses
  }
}

const pauses = new GcPauses();

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function openFiles(): number | undefined {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return undefined;
  }
}

function maxFiles(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

let lastCpu = { at: performance.now(), usage: process.cpuUsage() };

/** Share of one core per CPU used by this process since the previous call (0..1), as Micrometer's process.cpu.usage. */
function processCpuUsage(): number {
  const now = performance.now();
  const usage = process.cpuUsage();
  const elapsedMicros = (now - lastCpu.at) * 1000;
  const used = usage.user - lastCpu.usage.user + usage.system - lastCpu.usage.system;
  lastCpu = { at: now, usage };
  return elapsedMicros > 0 ? Math.min(1, used / elapsedMicros / availableParallelism()) : 0;
}

function memory(): Record<string, MemoryArea> {
  const m = process.memoryUsage();
  return {
    heap: { committed: m.heapTotal, max: m.heapTotal, used: m.heapUsed },
    rss: { committed: m.rss, max: -1, used: m.rss },
    external: { committed: m.external, max: -1, used: m.external },
  };
}

export function processMetrics(app: AppServices): Record<string, unknown> {
  pauses.start();
  const cpus = availableParallelism();
  const sorted = [...pauses.durations].sort((a, b) => a - b);
  const heap = process.memoryUsage();
  const system: Record<string, number> = {
    'system.cpu.count': cpus,
    'system.load.average.1m': loadavg()[0],
    'process.cpu.usage': processCpuUsage(),
    'system.cpu.usage': Math.min(1, loadavg()[0] / cpus),
    'process.uptime': Math.round(process.uptime() * 1000),
    'process.start.time': app.startedAt,
  };
  const open = openFiles();
  const max = maxFiles();
  if (open !== undefined) system['process.files.open'] = open;
  if (max !== undefined) system['process.files.max'] = max;
  const metrics = (app.metrics ??= new RequestMetrics());
  return {
    jvm: memory(),
    processMetrics: system,
    garbageCollector: {
      'jvm.gc.max.data.size': heap.heapTotal,
      'jvm.gc.live.data.size': heap.heapUsed,
      'jvm.gc.memory.promoted': 0,
      'jvm.gc.memory.allocated': 0,
      classesLoaded: 0,
      classesUnloaded: 0,
      'jvm.gc.pause': {
        count: pauses.count,
        mean: pauses.count ? pauses.total / pauses.count : 0,
        max: sorted.length ? sorted[sorted.length - 1] : 0,
        totalTime: pauses.total,
        '0.0': sorted[0] ?? 0,
        '0.5': percentile(sorted, 0.5),
        '0.75': percentile(sorted, 0.75),
        '0.95': percentile(sorted, 0.95),
        '0.99': percentile(sorted, 0.99),
      },
    },
    'http.server.requests': metrics.httpRequests(),
    services: metrics.services(),
    cache: cacheMetrics(app),
    databases: app.db.pool?.figures() ?? {},
  };
}
