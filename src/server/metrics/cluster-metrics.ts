// A worker's part of management/prometheus (the primary's is cluster/metrics-collector.ts): a scrape that reaches a
// worker asks the primary for the whole cluster's metrics, and the worker answers the primary's requests for its own.
// Outside a cluster the process's own metrics are the answer, labelled worker="0".
import cluster from 'node:cluster';
import type { Family } from './families';
import { mergeSamples } from './merge';
import { collectLocal } from './portal-metrics';
import { isMessage, type ToPrimary, type ToWorker } from '../cluster/messages';

/** Longer than the primary's own wait for the workers, so the primary's answer normally arrives. */
const ASK_TIMEOUT_MS = 4000;

let nextAsk = 0;
const asked = new Map<number, (families: Family[]) => void>();
let listening = false;

function ownWorkerId(): string {
  return cluster.isWorker ? String(cluster.worker!.id) : '0';
}

/** Answers the primary's requests for this worker's metrics (called once by cluster/worker-status.ts). */
export function answerMetricsRequests(): void {
  if (listening || !cluster.isWorker) return;
  listening = true;
  process.on('message', (message: unknown) => {
    if (!isMessage<ToWorker>(message)) return;
    if (message.type === 'mp:metrics-collect') {
      process.send?.({ type: 'mp:metrics-sample', id: message.id, families: collectLocal() } satisfies ToPrimary);
    } else if (message.type === 'mp:metrics-merged') {
      asked.get(message.id)?.(message.families);
      asked.delete(message.id);
    }
  });
}

/** Every worker's metrics added up; this process's alone outside a cluster or when the primary does not answer. */
export function clusterMetrics(): Promise<Family[]> {
  const own = () => mergeSamples([{ worker: ownWorkerId(), families: collectLocal() }]);
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
