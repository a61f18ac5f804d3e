// The embedded database as the server uses it: PGlite runs in a worker thread of its own (pglite-worker.ts), and this
// side speaks the Database interface over the thread's message port (pglite-protocol.ts). The HTTP event loop only
// posts a statement and later receives its rows, so while PGlite works it parses requests, checks tokens and writes
// answers. A transaction's callback runs here, on the main thread; its statements are sent as they are issued and
// run in the worker in that order, inside one PGlite transaction that nothing else interleaves with. Durability is
// PGlite's own (the worker waits for each commit to reach the data directory before it answers), and the directory
// lock is held by this process as before (open-database.ts).
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryOptions } from './database';
import { parseMarkedJson } from './pglite-json';
import { errorFrom, type Answer, type Request, type WorkerOptions } from './pglite-protocol';
import { PoolStats } from './pool-stats';

type Pending = { resolve(rows: unknown[]): void; reject(error: Error): void };
type Sendable = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

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
}

export async function openPgliteThread(options: PgliteThreadOptions): Promise<Database & { threadId: number }> {
  const started = performance.now();
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const workerOptions: WorkerOptions = { dataDir: options.dataDir, loadDataDir };
  const worker = startWorker(workerOptions, loadDataDir ? [loadDataDir] : []);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let nextTx = 1;
  let failure: Error | undefined;
  let closed = false;

  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ('error' in answer) waiting.reject(errorFrom(answer.error));
    else waiting.resolve(parseMarkedJson(answer.rows));
  });
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
  };
  worker.on('error', fail);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      fail(new Error(closed ? 'the embedded database is closed' : `the embedded database thread stopped (exit code ${code})`));
      resolve();
    }));

  const send = <T>(request: Sendable): Promise<T[]> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T[]>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.postMessage({ ...request, id } as Request);
    });
  };

  await ready;
  // One backend running one query or transaction at a time: a pool of exactly one, as in-process PGlite (pglite.ts).
  const pool = new PoolStats({ max: 1, min: 1, connections: () => (failure ? 0 : 1) });
  pool.creation.record(performance.now() - started);

  return {
    kind: 'pglite',
    pool,
    threadId: worker.threadId,
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      const lease = pool.take();
      try {
        return await send<T>({ op: 'query', sql, params, planPerCall: options?.planPerCall });
      } finally {
        pool.give(lease);
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const lease = pool.take();
      const tx = nextTx++;
      try {
        // BEGIN is not awaited: the statements that follow queue behind it in the worker.
        send({ op: 'begin', tx }).catch(() => {});
        const handle: Queryable = {
          query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => send<R>({ op: 'txQuery', tx, sql, params, planPerCall: options?.planPerCall }),
        };
        let result: T;
        try {
          result = await fn(handle);
        } catch (error) {
          await send({ op: 'end', tx, commit: false }).catch(() => {});
          throw error;
        }
        await send({ op: 'end', tx, commit: true });
        return result;
      } finally {
        pool.give(lease);
      }
    },
    async close() {
      if (closed) return exited;
      closed = true;
      await send({ op: 'close' }).catch(() => {});
      await exited;
    },
  };
}
