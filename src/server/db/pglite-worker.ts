// The thread that owns the embedded database (started by pglite-thread.ts). PGlite runs each statement on the thread
// that calls it, and its WebAssembly backend keeps that thread busy until the statement is done; here that thread is
// not the HTTP server's, so requests are parsed, tokens checked and answers written while a statement runs.
// Statements run in arrival order: plain queries queue in PGlite itself, a transaction's statements on its own chain.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite';
import { errorData, REPORT_ID, type Answer, type Request, type WorkerOptions } from './pglite-protocol';

interface OpenTransaction {
  /** The last step queued on this transaction; every step waits for the one before. */
  chain: Promise<unknown>;
  tx?: Transaction;
  /** Lets PGlite's transaction callback return (commit) or throw (roll back). */
  finish(commit: boolean): void;
  /** Settles when PGlite has committed or rolled back. */
  settled: Promise<void>;
}

const ROLLBACK = Symbol('rollback');
const options = workerData as WorkerOptions;
const port = parentPort!;

// PGlite writes its files through this module's writeSync (Emscripten's NODEFS looks it up at each call). A write
// that finds the volume full is reported at once: when it was the next WAL segment, PostgreSQL gives up and the
// WebAssembly backend never returns (it spins, keeping this thread busy), so the report is the only word the main
// thread gets. postMessage is delivered even while this thread stays busy.
const writeSync = fs.writeSync;
fs.writeSync = function (this: unknown, ...args: unknown[]) {
  try {
    return (writeSync as (...a: unknown[]) => number).apply(this, args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') port.postMessage({ id: REPORT_ID, diskFull: String((error as Error).message) } satisfies Answer);
    throw error;
  }
} as typeof fs.writeSync;
const db = await openPglite({
  dataDir: options.dataDir,
  markedJson: true,
  ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
});
const transactions = new Map<number, OpenTransaction>();

const answer = (message: Answer) => port.postMessage(message);
const run = (id: number, work: () => Promise<unknown[]>) =>
  work().then((rows) => answer({ id, rows }), (error) => answer({ id, error: errorData(error) }));

function begin(id: number, key: number): void {
  let started!: () => void;
  let finish!: (commit: boolean) => void;
  const open: Partial<OpenTransaction> = { chain: new Promise<void>((resolve) => (started = resolve)) };
  const finished = new Promise<boolean>((resolve) => (finish = resolve));
  open.finish = finish;
  open.settled = db.pg
    .transaction(async (tx) => {
      open.tx = tx;
      started();
      if (!(await finished)) throw ROLLBACK;
    })
    .then(
      () => undefined,
      (error) => {
        if (error !== ROLLBACK) throw error;
      },
    );
  // A failed BEGIN answers the statements sent in the transaction (they find no `tx`) and its `end`.
  open.settled.catch(() => {}).finally(() => started());
  transactions.set(key, open as OpenTransaction);
  answer({ id, rows: [] });
}

function inTransaction(id: number, key: number, step: (open: OpenTransaction) => Promise<unknown[]>): void {
  const open = transactions.get(key);
  if (!open) {
    answer({ id, error: { message: `no open transaction ${key}`, fields: {} } });
    return;
  }
  const done = open.chain.then(() => step(open));
  open.chain = done.catch(() => {});
  void done.then((rows) => answer({ id, rows }), (error) => answer({ id, error: errorData(error) }));
}

port.on('message', (message: Request) => {
  switch (message.op) {
    case 'query':
      void run(message.id, () => db.query(message.sql, message.params, { planPerCall: message.planPerCall }));
      return;
    case 'begin':
      begin(message.id, message.tx);
      return;
    case 'txQuery':
      inTransaction(message.id, message.tx, (open) => {
        if (!open.tx) return Promise.reject(new Error('the transaction did not start'));
        return db.inTransaction(open.tx).query(message.sql, message.params, { planPerCall: message.planPerCall });
      });
      return;
    case 'end':
      inTransaction(message.id, message.tx, async (open) => {
        transactions.delete(message.tx);
        open.finish(message.commit);
        await open.settled;
        return [];
      });
      return;
    case 'readOnly':
      // For the transactions that start after it; reads go on, and a write is refused with SQLSTATE 25006.
      void run(message.id, async () => {
        await db.pg.exec(`SET default_transaction_read_only = ${message.on ? 'on' : 'off'}`);
        return [];
      });
      return;
    case 'close':
      void run(message.id, async () => {
        await db.close();
        return [];
      }).then(() => port.close());
      return;
  }
});
answer({ id: 0, rows: [] }); // ready
