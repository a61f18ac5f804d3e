// WORKERS=N on PostgreSQL: this process forks N server processes (node:cluster) that share the listening port and the
// database and nothing else, and watches them. Every worker runs the whole start-up (migrations, first admin, OAuth
// clients) under the advisory locks that make it safe for several processes at once. A heartbeat each second tells
// which workers answer from their event loop; the view goes to every worker for its health endpoint. A worker that
// dies is started again; SIGTERM or SIGINT is passed to all workers, which finish their requests in flight, and this
// process exits once all have (0 when every worker stopped cleanly).
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import type { Logger } from '../log';
import { isMessage, type ToPrimary, type ToWorker, type WorkersSnapshot } from './messages';
import { MetricsCollector } from './metrics-collector';

const HEARTBEAT_MS = 1000;
/** A worker that has not answered for this long counts as down. */
const DOWN_AFTER_MS = 3000;

interface Watched {
  worker: Worker;
  lastPong: number;
  listening: boolean;
}

export function runPrimary(config: Config, log: Logger): void {
  const watched = new Map<number, Watched>();
  let stopping = false;
  let announced = false;
  let seq = 0;
  let failedExits = 0;
  const metrics = new MetricsCollector(() => [...watched.values()].map((w) => w.worker));

  const snapshot = (): WorkersSnapshot => {
    const now = Date.now();
    return {
      expected: config.workers,
      workers: [...watched.values()].map((w) => ({
        id: w.worker.id, pid: w.worker.process.pid ?? 0, up: w.listening && now - w.lastPong < DOWN_AFTER_MS,
      })),
    };
  };
  const broadcast = (message: ToWorker) => {
    for (const w of watched.values()) if (w.worker.isConnected()) w.worker.send(message);
  };

  const fork = () => {
    const worker = cluster.fork();
    const entry: Watched = { worker, lastPong: Date.now(), listening: false };
    watched.set(worker.id, entry);
    worker.on('message', (message: unknown) => {
      if (!isMessage<ToPrimary>(message)) return;
      entry.lastPong = Date.now();
      if (message.type === 'mp:metrics-ask') metrics.ask(worker, message.id);
      if (message.type === 'mp:metrics-sample') metrics.sample(worker, message.id, message.sample);
      if (message.type !== 'mp:listening') return;
      entry.listening = true;
      broadcast({ type: 'mp:workers', snapshot: snapshot() });
      if (!announced && [...watched.values()].filter((w) => w.listening).length === config.workers) {
        announced = true;
        log.info(`listening on ${message.url} (PostgreSQL, ${config.workers} worker processes)`);
      }
    });
    worker.on('exit', (code, signal) => {
      watched.delete(worker.id);
      metrics.exited(worker);
      if (stopping) {
        if (code !== 0) failedExits++;
        if (watched.size === 0) process.exit(failedExits ? 1 : 0);
        return;
      }
      log.error(`worker ${worker.id} (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}); starting another`);
      // A worker that cannot start at all (bad configuration, database unreachable) would be restarted forever:
      // the primary gives up if none has ever listened.
      if (!announced && !entry.listening) {
        log.error('no worker started; stopping');
        stopping = true;
        for (const w of watched.values()) w.worker.process.kill('SIGTERM');
        if (watched.size === 0) process.exit(1);
        return;
      }
      fork();
    });
  };

  for (let i = 0; i < config.workers; i++) fork();
  const heartbeat = setInterval(() => {
    broadcast({ type: 'mp:ping', seq: ++seq });
    broadcast({ type: 'mp:workers', snapshot: snapshot() });
  }, HEARTBEAT_MS);

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearInterval(heartbeat);
    log.info(`${signal} received: stopping ${watched.size} worker processes`);
    if (watched.size === 0) process.exit(0);
    for (const w of watched.values()) w.worker.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
