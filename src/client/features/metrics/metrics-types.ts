// The JHipster metrics object and the thread dump, as far as the metrics screen reads them.
export interface Timing {
  count: number;
  mean: number;
  max: number;
}

export interface MemoryArea {
  committed: number;
  max: number;
  used: number;
}

export interface Metrics {
  jvm?: Record<string, MemoryArea>;
  processMetrics?: Record<string, number>;
  garbageCollector?: Record<string, number | Record<string, number>>;
  'http.server.requests'?: { all?: { count: number }; percode?: Record<string, Timing> };
  services?: Record<string, Record<string, Timing>>;
  cache?: Record<string, CacheFigures>;
  databases?: Datasource;
}

/** A timer as Micrometer reports it: count, mean, max, totalTime and the percentiles '0.0' … '1.0' (ms). */
export type TimerFigures = Record<string, number>;

/** One cache's meters: cache.gets.hit, cache.gets.miss, cache.puts, cache.removals, cache.evictions (cache.size). */
export type CacheFigures = Record<string, number>;

/** The connection pool in HikariCP's meter names: gauges as {value}, timers as TimerFigures. */
export interface Datasource {
  active?: { value: number };
  idle?: { value: number };
  max?: { value: number };
  min?: { value: number };
  pending?: { value: number };
  connections?: { value: number };
  acquire?: TimerFigures;
  creation?: TimerFigures;
  usage?: TimerFigures;
}

export interface StackFrame {
  className: string;
  methodName: string;
  fileName?: string;
  lineNumber?: number;
}

export interface ThreadInfo {
  threadName: string;
  threadId: number;
  threadState: string;
  blockedTime: number;
  blockedCount: number;
  waitedTime: number;
  waitedCount: number;
  lockName: string | null;
  stackTrace: StackFrame[];
}

export const THREAD_STATES = ['RUNNABLE', 'TIMED_WAITING', 'WAITING', 'BLOCKED'] as const;

export const hasEntries = (value: object | undefined | null): value is object => !!value && Object.keys(value).length > 0;
