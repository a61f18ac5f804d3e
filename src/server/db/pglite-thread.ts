// The embedded database as the server uses it: PGlite runs in a worker thread of its own (pglite-worker.ts), and this
// side speaks the Database interface over the thread's message port (pglite-protocol.ts). The HTTP event loop only
// posts a statement and later receives its rows, so while PGlite works it parses requests, checks tokens and writes
// answers. A transaction's callback runs here, on the main thread; its statements are sent as they are issued and
// run in the worker in that order, inside one PGlite transaction that nothing else interleaves with. Durability is
// PGlite's own (the worker waits for each commit to reach the data directory before it answers), and the directory
// lock is held by this process as before (open-database.ts).
//
// The thread is supervised, because PGlite can stop answering for good: on a full volume PostgreSQL cannot create its
// next WAL segment, and the WebAssembly backend then spins instead of failing (docs/deploy.md, "Disk space"). So
// - below the volume's minimum free space (disk-space.ts) the database is switched to read-only: writes fail at once
//   (507), reads go on, and writes come back when the space does;
// - every call has a time limit, after which its caller gets a 503 (the thread goes on);
// - a thread that reported a write failing for lack of space and then says nothing for a moment, or that answers
//   nothing for `stuckAfterMs` while calls wait, or that stopped, is terminated; calls then fail at once, and the
//   database is reopened from its files (PostgreSQL's crash recovery) once there is room again. What was committed
//   before is there: a commit is answered only once it reached the files.
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryOptions } from './database';
import { DatabaseUnavailableError, diskFull } from './database-unavailable';
import { WAL_SEGMENT_BYTES, type DiskSpaceMonitor } from './disk-space';
import type { Logger } from '../log';
import { parseMarkedJson } from './pglite-json';
import { errorFrom, REPORT_ID, type Answer, type Request, type WorkerOptions } from './pglite-protocol';
import { PoolStats } from './pool-stats';

type Pending = { resolve(rows: unknown[]): void; reject(error: Error): void };
type Sendable = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** SQLSTATE read_only_sql_transaction: a write while the volume is full. */
const READ_ONLY_SQL_TRANSACTION = '25006';
/** SQLSTATE disk_full: PostgreSQL could not extend a file (a statement error, unlike a WAL segment it cannot make). */
const DISK_FULL = '53100';
/** After a write failed for lack of space, how long the thread may stay silent before it is taken as stuck. */
const SILENT_AFTER_DISK_FULL_MS = 2000;

/** The worker's module next to this one: the built file in dist/server, or, when the server runs from source under
 * tsx (development, tests), the TypeScript source loaded through tsx's loader, which a worker thread does not inherit. */
function startWorker(options: WorkerOptions, transferList: ArrayBuffer[]): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: options, transferList });
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { workerData: options, transferList });
}

export interface PgliteThreadOptions {
  /** A directory, or undefined for an in-memory database (tests). */
  dataDir?: string;
  /** A dump made by `dumpPglite` to start from. */
  loadDataDir?: Blob;
  /** The volume of `dataDir`: below its minimum the database takes no writes, and it is reopened only above it. */
  disk?: DiskSpaceMonitor;
  log?: Logger;
  /** A call not answered within this time fails with a 503; the statement itself goes on. */
  callTimeoutMs?: number;
  /** A thread that answers nothing for this long while calls wait is taken as stuck, terminated and reopened. */
  stuckAfterMs?: number;
}

/** One worker thread with its database: the calls waiting for it, and how it ended. */
class Connection {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  readonly ready: Promise<void>;
  readonly exited: Promise<void>;
  failure?: Error;
  readOnly = false;
  /** When the thread last said anything, or when a call started waiting on a silent thread. */
  heardAt = Date.now();
  diskFullAt?: number;
  private nextId = 1;

  constructor(options: WorkerOptions, transferList: ArrayBuffer[], private readonly onDiskFull: (conn: Connection, detail: string) => void) {
    this.worker = startWorker(options, transferList);
    this.ready = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    this.ready.catch(() => {});
    this.worker.on('message', (answer: Answer) => {
      this.heardAt = Date.now();
      if ('diskFull' in answer) {
        this.onDiskFull(this, answer.diskFull);
        return;
      }
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if ('error' in answer) waiting.reject(errorFrom(answer.error));
      else waiting.resolve(parseMarkedJson(answer.rows));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.exited = new Promise<void>((resolve) =>
      this.worker.once('exit', (code) => {
        this.fail(new DatabaseUnavailableError('restarting', `the embedded database thread stopped (exit code ${code})`));
        resolve();
      }));
  }

  fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }

  send<T>(request: Sendable, timeoutMs: number): Promise<T[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (!this.pending.size) this.heardAt = Date.now();
    return new Promise<T[]>((resolve, reject) => {
      // The call gives up after the limit; its entry stays, so the watchdog still sees the thread owes an answer.
      const timer = setTimeout(() => reject(new DatabaseUnavailableError('timeout', `the embedded database did not answer within ${Math.round(timeoutMs / 1000)} s`, 5)), timeoutMs);
      timer.unref();
      const settle = (then: () => void) => {
        clearTimeout(timer);
        then();
      };
      this.pending.set(id, {
        resolve: (rows) => settle(() => resolve(rows as T[])),
        reject: (error) => settle(() => reject(error)),
      });
      this.worker.postMessage({ ...request, id } as Request);
    });
  }

  /** Silent since the space ran out, or for `stuckAfterMs` while calls wait. */
  stuck(stuckAfterMs: number, now = Date.now()): 'diskFull' | 'silent' | undefined {
    if (this.failure || !this.pending.size) return undefined;
    if (this.diskFullAt !== undefined && this.heardAt <= this.diskFullAt && now - this.diskFullAt >= SILENT_AFTER_DISK_FULL_MS) return 'diskFull';
    return now - this.heardAt >= stuckAfterMs ? 'silent' : undefined;
  }
}

export async function openPgliteThread(options: PgliteThreadOptions): Promise<Database & { threadId: number }> {
  const started = performance.now();
  const { disk, log } = options;
  const callTimeoutMs = options.callTimeoutMs ?? 60_000;
  const stuckAfterMs = options.stuckAfterMs ?? 120_000;
  let closed = false;
  /** Why calls fail at once while there is no thread. */
  let down: DatabaseUnavailableError | undefined;
  let current: Connection | undefined;
  let reopening: NodeJS.Timeout | undefined;
  let nextTx = 1;
  /** The last thread given up on, which must have exited before the database is opened again. */
  let previous: Connection | undefined;

  const onDiskFull = (conn: Connection, detail: string) => {
    if (conn.diskFullAt !== undefined) return;
    conn.diskFullAt = Date.now();
    log?.warn(`the embedded database could not write: ${detail}`);
    // Checked again after the grace: a write error PostgreSQL reports as an error is answered well before it.
    setTimeout(() => watch(conn), SILENT_AFTER_DISK_FULL_MS + 50).unref();
  };

  const start = (loadDataDir?: ArrayBuffer) =>
    new Connection({ dataDir: options.dataDir, loadDataDir }, loadDataDir ? [loadDataDir] : [], onDiskFull);

  /** Ends a stuck or stopped thread: its calls fail with `reason`, new calls fail at once, and reopening starts. */
  const abandon = (conn: Connection, cause: Error | undefined) => {
    if (conn !== current) return;
    const reason = cause instanceof DatabaseUnavailableError ? cause : new DatabaseUnavailableError('restarting', cause?.message ?? 'the thread stopped');
    current = undefined;
    down = reason;
    conn.fail(reason);
    void conn.worker.terminate();
    previous = conn;
    if (closed) return;
    log?.error(`the embedded database stopped answering (${reason.message}); its thread was stopped and the database ` +
      'will be reopened from its files' + (options.dataDir ? (disk ? ' once the volume has room again' : '') : ' (in memory: not reopened)'));
    if (options.dataDir) scheduleReopen(1000);
  };

  const roomToReopen = () => {
    if (!disk) return true;
    const { free } = disk.read(true);
    // Recovery itself writes WAL, and a new segment must fit, whatever the configured minimum.
    return free >= Math.max(disk.thresholds.minimumBytes, 2 * WAL_SEGMENT_BYTES);
  };

  const scheduleReopen = (delayMs: number) => {
    reopening = setTimeout(async () => {
      reopening = undefined;
      if (closed || current) return;
      if (!roomToReopen()) return scheduleReopen(1000);
      // Never two PGlite instances on one directory: the stopped thread (or a failed attempt) must be gone first, and
      // with it its open files.
      if (previous) {
        await previous.exited;
        previous = undefined;
      }
      if (closed) return;
      const conn = start();
      previous = conn; // until it is ready
      try {
        // Opening replays the log since the last checkpoint, which may take a while on a big database.
        const limitMs = Math.max(stuckAfterMs, 60_000);
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`not ready within ${limitMs / 1000} s`)), limitMs).unref());
        await Promise.race([conn.ready, timeout]);
      } catch (error) {
        void conn.worker.terminate();
        log?.warn(`reopening the embedded database failed: ${(error as Error).message}; trying again`);
        return scheduleReopen(Math.min(delayMs * 2, 10_000));
      }
      if (closed) {
        void conn.worker.terminate();
        return;
      }
      previous = undefined;
      current = conn;
      down = undefined;
      void conn.exited.then(() => abandon(conn, conn.failure));
      log?.info('the embedded database is open again and accepts reads and writes');
    }, delayMs);
    reopening.unref();
  };

  const watch = (conn: Connection) => {
    const stuck = conn.stuck(stuckAfterMs);
    if (stuck === 'diskFull') abandon(conn, diskFull('PostgreSQL could not write its files'));
    else if (stuck === 'silent') abandon(conn, new DatabaseUnavailableError('restarting', `no answer for ${Math.round(stuckAfterMs / 1000)} s`));
  };
  const watchdog = setInterval(() => current && watch(current), 1000);
  watchdog.unref();

  /** The thread to send to; below the minimum free space it is switched to read-only first (and back above it). */
  const connection = (): Connection => {
    if (closed) throw new Error('the embedded database is closed');
    if (!current) throw down ?? new DatabaseUnavailableError('restarting', 'the embedded database is being reopened');
    if (disk) {
      const { full } = disk.read();
      if (full !== current.readOnly) {
        current.readOnly = full;
        current.send({ op: 'readOnly', on: full }, callTimeoutMs).catch(() => {});
      }
    }
    return current;
  };

  /** A write refused because the volume is full answers as such (507), not as the SQL error it is. */
  const onConnection = async <T>(conn: Connection, request: Sendable): Promise<T[]> => {
    try {
      return await conn.send<T>(request, callTimeoutMs);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === DISK_FULL || (conn.readOnly && code === READ_ONLY_SQL_TRANSACTION)) {
        throw diskFull(`${disk ? Math.floor(disk.read().free / 1024 / 1024) : 0} MiB free, DISK_SPACE_MINIMUM_MB is ${disk ? Math.round(disk.thresholds.minimumBytes / 1024 / 1024) : 0}`);
      }
      throw error;
    }
  };

  const first = start(options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined);
  try {
    await first.ready;
  } catch (error) {
    clearInterval(watchdog);
    void first.worker.terminate();
    throw error;
  }
  current = first;
  const threadId = first.worker.threadId;
  void first.exited.then(() => abandon(first, first.failure));
  // One backend running one query or transaction at a time: a pool of exactly one, as in-process PGlite (pglite.ts).
  const pool = new PoolStats({ max: 1, min: 1, connections: () => (current ? 1 : 0) });
  pool.creation.record(performance.now() - started);

  return {
    kind: 'pglite',
    pool,
    threadId,
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      const conn = connection();
      const lease = pool.take();
      try {
        return await onConnection<T>(conn, { op: 'query', sql, params, planPerCall: options?.planPerCall });
      } finally {
        pool.give(lease);
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      // A transaction stays on the thread it began on: if that one is replaced, its statements fail.
      const conn = connection();
      const lease = pool.take();
      const tx = nextTx++;
      try {
        // BEGIN is not awaited: the statements that follow queue behind it in the worker.
        conn.send({ op: 'begin', tx }, callTimeoutMs).catch(() => {});
        const handle: Queryable = {
          query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
            onConnection<R>(conn, { op: 'txQuery', tx, sql, params, planPerCall: options?.planPerCall }),
        };
        let result: T;
        try {
          result = await fn(handle);
        } catch (error) {
          await conn.send({ op: 'end', tx, commit: false }, callTimeoutMs).catch(() => {});
          throw error;
        }
        await onConnection(conn, { op: 'end', tx, commit: true });
        return result;
      } finally {
        pool.give(lease);
      }
    },
    async close() {
      if (closed) return current ? current.exited : undefined;
      closed = true;
      clearInterval(watchdog);
      clearTimeout(reopening);
      const conn = current;
      if (!conn) return;
      // A thread that does not close within a few seconds (stuck on a full volume) is terminated: SIGTERM must stop
      // the server, and what was committed is in the files already.
      const closing = conn.send({ op: 'close' }, 5000).catch(() => conn.worker.terminate());
      await Promise.race([conn.exited, closing.then(() => conn.exited)]);
      current = undefined;
    },
  };
}
