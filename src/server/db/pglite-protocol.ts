// The messages between the server's main thread and the thread that owns the embedded database (pglite-thread.ts,
// pglite-worker.ts). Every request carries an id its answer repeats. A transaction is a number the main thread picks:
// `begin` opens it, its statements follow as `txQuery`, and `end` commits or rolls it back; the worker runs a
// transaction's messages strictly in the order they arrived, so the main thread may send them without waiting.
// `readOnly` turns writes off (and on again) for the transactions that follow, while the volume is full. The worker
// also reports a write that failed for lack of space as it happens, with id -1 (`diskFull`): PGlite may never answer
// the statement that hit it (pglite-thread.ts).
export type Request =
  | { op: 'query'; id: number; sql: string; params: unknown[]; planPerCall?: boolean }
  | { op: 'begin'; id: number; tx: number }
  | { op: 'txQuery'; id: number; tx: number; sql: string; params: unknown[]; planPerCall?: boolean }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'readOnly'; id: number; on: boolean }
  | { op: 'close'; id: number };

/** A database error as plain data: its message and the PostgreSQL fields (code, constraint, detail, ...). */
export interface ErrorData {
  message: string;
  fields: Record<string, unknown>;
}

export type Answer = { id: number; rows: unknown[] } | { id: number; error: ErrorData } | { id: -1; diskFull: string };

/** The id of the worker's own reports, which answer no request. */
export const REPORT_ID = -1;

export interface WorkerOptions {
  /** A directory, or undefined for an in-memory database. */
  dataDir?: string;
  /** A dump (dumpDataDir) to start from, as bytes. */
  loadDataDir?: ArrayBuffer;
}

/** What a thrown value carries across the thread boundary: the PostgreSQL error fields the callers read. */
export function errorData(error: unknown): ErrorData {
  const e = error as Record<string, unknown> & { message?: unknown };
  const fields: Record<string, unknown> = {};
  if (e && typeof e === 'object') {
    for (const [key, value] of Object.entries(e)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return { message: typeof e?.message === 'string' ? e.message : String(error), fields };
}

/** The error thrown on the main thread: an Error with the same message and fields (`code` is the SQLSTATE). */
export function errorFrom(data: ErrorData): Error {
  return Object.assign(new Error(data.message), data.fields);
}
