// What the primary process and its workers tell each other over the cluster's IPC channel (primary.ts,
// worker-status.ts, metrics-collector.ts, metrics/cluster-metrics.ts). Nothing else is shared: each worker has its own
// database pool and caches.
import type { Family } from '../metrics/families';
import type { RequestMetricsState } from '../management/request-metrics';

/** A process's metrics: Prometheus's families and management/jhimetrics' request counts. */
export interface MetricsSample {
  families: Family[];
  requests?: RequestMetricsState;
}
export interface WorkerState {
  /** The cluster's number for the worker (1, 2, ...; a restarted worker gets a new one). */
  id: number;
  pid: number;
  /** Whether it answered the primary's last heartbeat in time. */
  up: boolean;
}

export interface WorkersSnapshot {
  /** How many workers WORKERS asks for. */
  expected: number;
  workers: WorkerState[];
}

export type ToWorker = { type: 'mp:ping'; seq: number } | { type: 'mp:workers'; snapshot: WorkersSnapshot }
  /** Send your metrics, answering with this id. */
  | { type: 'mp:metrics-collect'; id: number }
  /** The whole cluster's metrics, for the scrape this worker asked with this id. */
  | { type: 'mp:metrics-merged'; id: number; sample: MetricsSample };
export type ToPrimary = { type: 'mp:pong'; seq: number } | { type: 'mp:listening'; url: string }
  /** A scrape arrived at this worker: collect every worker's metrics (the id is the worker's own). */
  | { type: 'mp:metrics-ask'; id: number }
  | { type: 'mp:metrics-sample'; id: number; sample: MetricsSample };

export function isMessage<T extends { type: string }>(message: unknown): message is T {
  return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string'
    && (message as { type: string }).type.startsWith('mp:');
}
