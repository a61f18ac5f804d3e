// The primary's part of management/prometheus and management/jhimetrics with WORKERS above 1: whichever worker a
// request reaches asks the primary, which asks every worker for its metrics, adds them up (metrics/merge.ts,
// management/request-metrics.ts) and hands the sum back, so every scrape sees the whole cluster. A worker that does not
// answer in time counts with its last sample; a worker that stopped leaves its last sample's counts in the sum, so
// counters never fall back when it is replaced.
import type { Worker } from 'node:cluster';
import type { Family } from '../metrics/families';
import { mergeSamples, retire, type WorkerSample } from '../metrics/merge';
import { mergeRequestStates, type RequestMetricsState } from '../management/request-metrics';
import type { MetricsSample, ToWorker } from './messages';

/** How long a scrape waits for the workers; Prometheus's default scrape timeout is 10 s. */
const COLLECT_TIMEOUT_MS = 2000;

interface Collection {
  waiting: Set<number>;
  fresh: Map<number, MetricsSample>;
  done: () => void;
}

export class MetricsCollector {
  private nextId = 0;
  private readonly collections = new Map<number, Collection>();
  private readonly last = new Map<number, MetricsSample>();
  private retired: Family[] = [];
  private retiredRequests: RequestMetricsState[] = [];

  constructor(private readonly workers: () => Worker[]) {}

  /** A worker asked (its own id `askId`): collect from all, answer it with the sum. */
  ask(from: Worker, askId: number): void {
    const id = ++this.nextId;
    const targets = this.workers().filter((w) => w.isConnected());
    const collection: Collection = { waiting: new Set(targets.map((w) => w.id)), fresh: new Map(), done: () => {} };
    const finished = new Promise<void>((resolve) => {
      collection.done = resolve;
      setTimeout(resolve, COLLECT_TIMEOUT_MS).unref();
    });
    this.collections.set(id, collection);
    for (const w of targets) w.send({ type: 'mp:metrics-collect', id } satisfies ToWorker);
    if (!targets.length) collection.done();
    void finished.then(() => {
      this.collections.delete(id);
      const samples: WorkerSample[] = [];
      const requests: RequestMetricsState[] = [...this.retiredRequests];
      for (const w of this.workers()) {
        const sample = collection.fresh.get(w.id) ?? this.last.get(w.id);
        if (!sample) continue;
        samples.push({ worker: String(w.id), families: sample.families });
        if (sample.requests) requests.push(sample.requests);
      }
      const merged: MetricsSample = { families: mergeSamples(samples, this.retired), requests: mergeRequestStates(requests) };
      if (from.isConnected()) from.send({ type: 'mp:metrics-merged', id: askId, sample: merged } satisfies ToWorker);
    });
  }

  sample(from: Worker, id: number, sample: MetricsSample): void {
    this.last.set(from.id, sample);
    const collection = this.collections.get(id);
    if (!collection) return;
    collection.fresh.set(from.id, sample);
    collection.waiting.delete(from.id);
    if (!collection.waiting.size) collection.done();
  }

  exited(worker: Worker): void {
    const sample = this.last.get(worker.id);
    this.last.delete(worker.id);
    if (!sample) return;
    this.retired = retire(this.retired, { worker: String(worker.id), families: sample.families });
    if (sample.requests) this.retiredRequests = [mergeRequestStates([...this.retiredRequests, sample.requests])];
  }
}
