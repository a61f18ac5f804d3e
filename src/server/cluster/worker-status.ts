// A worker's side of the cluster (primary.ts): it answers the primary's heartbeat from its event loop (so a worker
// whose loop is stuck counts as down) and keeps the primary's latest view of all workers, which the health endpoint
// reports without a round trip to the primary. Outside a cluster there is no view.
import cluster from 'node:cluster';
import { isMessage, type ToPrimary, type ToWorker, type WorkersSnapshot } from './messages';
import { answerMetricsRequests } from '../metrics/cluster-metrics';

let latest: WorkersSnapshot | undefined;

/** The workers as the primary last saw them; undefined when this process is not a cluster worker. */
export function workersSnapshot(): WorkersSnapshot | undefined {
  return latest;
}

export function joinCluster(): void {
  if (!cluster.isWorker) return;
  answerMetricsRequests();
  process.on('message', (message: unknown) => {
    if (!isMessage<ToWorker>(message)) return;
    if (message.type === 'mp:ping') process.send?.({ type: 'mp:pong', seq: message.seq } satisfies ToPrimary);
    else if (message.type === 'mp:workers') latest = message.snapshot;
  });
}

/** Tells the primary this worker listens (it logs the address once all do). */
export function announceListening(url: string): void {
  if (cluster.isWorker) process.send?.({ type: 'mp:listening', url } satisfies ToPrimary);
}
