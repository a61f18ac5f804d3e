// A worker's part of management/prometheus and management/jhimetrics (the primary's is cluster/metrics-collector.ts):
// a request that reaches a worker asks the primary for the whole cluster's metrics, and the worker answers the
// primary's requests for its own. Outside a cluster the process's own metrics are the answer, labelled worker="0".
import cluster from 'node:cluster';
import { mergeSamples } from './merge';
import { collectLocal } from './portal-metrics';
import type { RequestMetrics, RequestMetricsState } from '../management/request-metrics';
import { isMessage, type MetricsSample, type ToPrimary, type ToWorker } from '../cluster/messages';

/** Longer than the primary's own wait for the workers, so the primary's answer normally arrives. */
const ASK_TIMEOUT_MS = 4000;

let nextAsk = 0;
const asked = new Map<number, (sample: MetricsSample) => void>();
let listening = false;
/** The request counts of management/jhimetrics this process shares (start.ts: the server's own). */
let shared: RequestMetrics | undefined;

function ownWorkerId(): string {
  return cluster.isWorker ? String(cluster.worker!.id) : '0';
}

function ownSample(): MetricsSample {
  return { families: collectLocal(), requests: shared?.state() };
}

export function shareRequestMetrics(metrics: RequestMetrics | undefined): void {
  shared = metrics;
}

/** Answers the primary's requests for this worker's metrics (called once by cluster/worker-status.ts). */
export function answerMetricsRequests(): void {
  if (listening || !cluster.isWorker) return;
  listening = true;
  process.on('message', (message: unknown) => {
    if (!isMessage<ToWorker>(message)) return;
    if (message.type === 'mp:metrics-collect') {
      process.send?.({ type: 'mp:metrics-sample', id: message.id, sample: ownSample() } satisfies ToPrimary);
    } else if (message.type === 'mp:metrics-merged') {
      asked.get(message.id)?.(message.sample);
      asked.delete(message.id);
    }
  });
}

/**
 * Every worker's metrics added up (families per-worker labelled); undefined `requests` outside a cluster, where the
 * caller's own counts are the answer.
 */
export function clusterMetrics(): Promise<MetricsSample> {
  const own = (): MetricsSample => ({ families: mergeSamples([{ worker: ownWorkerId(), families: collectLocal() }]) });
  if (!cluster.isWorker || !process.send || !listening) return Promise.resolve(own());
  const id = ++nextAsk;
  return new Promise((resolve) => {
    asked.set(id, resolve);
    setTimeout(() => {
      if (asked.delete(id)) resolve(own());
    }, ASK_TIMEOUT_MS).unref();
    process.send!({ type: 'mp:metrics-ask', id } satisfies ToPrimary);
  });
}

/** management/jhimetrics' request counts of the whole cluster; undefined outside one (the caller's own are the answer). */
export async function clusterRequestCounts(): Promise<RequestMetricsState | undefined> {
  if (!cluster.isWorker || !listening) return undefined;
  return (await clusterMetrics()).requests;
}
