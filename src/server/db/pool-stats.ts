// The connection pool as our Database wrapper sees it, for the datasource section of management/jhimetrics (the
// figures HikariCP gives a Spring server). Each query or transaction started through the wrapper takes one of `max`
// slots until it settles; a transaction is one operation, however many statements it runs. Neither driver says when it
// hands a statement a connection, so callers beyond `max` are counted as waiting, first come first served, until an
// earlier operation settles. That is exact on PGlite (one backend, statements strictly one after another, in order)
// and close on postgres.js (up to `max` operations each get a connection of their own; more are pipelined behind a busy
// one). `idle` is max - active: slots free for a new operation (postgres.js opens connections lazily, so some of them
// may not be open yet). Per operation this costs two clock reads and a few counters; only a caller that has to wait allocates.
import { DurationSample, type TimerFigures } from './duration-sample';

interface Waiter {
  since: number;
  /** When a slot came free for it; -1 while it waits. */
  at: number;
}

/** What `take` hands back: the time the operation got its slot, or its place in the queue. */
export type Lease = number | Waiter;

export interface PoolOptions {
  max: number;
  min: number;
  /** Whether the driver's connections are known (PGlite: its one backend); postgres.js opens them lazily, unseen. */
  connections?: () => number;
}

export interface DatasourceFigures {
  active: { value: number };
  idle: { value: number };
  max: { value: number };
  min: { value: number };
  pending: { value: number };
  connections?: { value: number };
  acquire: TimerFigures;
  usage: TimerFigures;
  creation?: TimerFigures;
}

/** Told every acquire wait and every slot's usage time, in ms (management/prometheus's histograms, metrics/). */
export interface PoolListener {
  acquired(ms: number): void;
  used(ms: number): void;
}

export class PoolStats {
  /** Set by the metrics of the process that owns the pool (metrics/portal-metrics.ts). */
  listener?: PoolListener;
  readonly max: number;
  readonly min: number;
  /** Time from the call until the operation held a slot (0 when one was free). */
  readonly acquire = new DurationSample();
  /** Time an operation held its slot. */
  readonly usage = new DurationSample();
  /** Time to open a connection, where the driver lets us see it. */
  readonly creation = new DurationSample();
  private inUse = 0;
  private readonly waiting: Waiter[] = [];
  private readonly connections?: () => number;

  constructor(options: PoolOptions) {
    this.max = Math.max(1, options.max);
    this.min = options.min;
    this.connections = options.connections;
  }

  take(): Lease {
    const now = performance.now();
    if (this.inUse < this.max) {
      this.inUse++;
      this.acquire.record(0);
      this.listener?.acquired(0);
      return now;
    }
    const waiter: Waiter = { since: now, at: -1 };
    this.waiting.push(waiter);
    return waiter;
  }

  give(lease: Lease): void {
    const now = performance.now();
    if (typeof lease === 'number') {
      this.usage.record(now - lease);
      this.listener?.used(now - lease);
    } else if (lease.at >= 0) {
      this.usage.record(now - lease.at);
      this.listener?.used(now - lease.at);
    } else {
      // Settled before a slot came free in our count: postgres.js ran it pipelined behind another operation. It held no
      // slot of its own, so none is handed on.
      this.waiting.splice(this.waiting.indexOf(lease), 1);
      this.acquire.record(now - lease.since);
      this.listener?.acquired(now - lease.since);
      return;
    }
    const next = this.waiting.shift();
    if (next) {
      next.at = now;
      this.acquire.record(now - next.since);
      this.listener?.acquired(now - next.since);
    } else {
      this.inUse--;
    }
  }

  figures(): DatasourceFigures {
    const figures: DatasourceFigures = {
      active: { value: this.inUse },
      idle: { value: this.max - this.inUse },
      max: { value: this.max },
      min: { value: this.min },
      pending: { value: this.waiting.length },
      acquire: this.acquire.figures(),
      usage: this.usage.figures(),
    };
    if (this.connections) {
      figures.connections = { value: this.connections() };
      figures.creation = this.creation.figures();
    }
    return figures;
  }
}
