// The embedded default: PostgreSQL compiled to WebAssembly, stored in a directory. It runs one query at a time and has
// no lock between processes, so main.ts holds a lock on the directory (data-dir-lock.ts) for as long as it runs.
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, QueryOptions } from './database';
import { markJson } from './pglite-json';
import { PreparedStatements, type Executor } from './pglite-statements';
import { PoolStats } from './pool-stats';

const PARSERS = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
  [types.DATE]: (v: string) => v,
};

/** JSON answered as marked text (pglite-json.ts), for the database's own thread. */
const MARKED_JSON_PARSERS = { ...PARSERS, [types.JSON]: markJson, [types.JSONB]: markJson };

/** `pool` counts the calls on the database; statements inside a transaction run in it, uncounted. */
function wrap(pg: Executor, prepared: PreparedStatements, pool?: PoolStats): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      const lease = pool?.take();
      try {
        return (await prepared.run(pg, sql, params, options)) as T[];
      } finally {
        if (lease !== undefined) pool!.give(lease);
      }
    },
  };
}

/**
 * A transaction's statements run in the order they were issued, as on a PostgreSQL connection: a statement sent
 * while an earlier one is still outstanding (a first use, prepared before it runs, may take longer) waits for it, so
 * a read sent behind a write sees the write.
 */
function inIssueOrder(q: Queryable): Queryable {
  let previous: Promise<unknown> = Promise.resolve();
  return {
    query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]> {
      const result = previous.then(() => q.query<T>(sql, params, options));
      previous = result.catch(() => undefined);
      return result;
    },
  };
}

export interface PgliteOptions {
  /** A directory, or undefined for an in-memory database (tests). */
  dataDir?: string;
  /** A dump made by `dumpPglite` to start from (tests copy one migrated template per suite). */
  loadDataDir?: Blob | File;
  /** Answer JSON values as marked text (pglite-json.ts) instead of parsed. */
  markedJson?: boolean;
}

export async function openPglite(options: PgliteOptions): Promise<Database & { pg: PGlite; inTransaction(tx: Transaction): Queryable }> {
  const started = performance.now();
  const pg = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    parsers: options.markedJson ? MARKED_JSON_PARSERS : PARSERS,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // One backend, open from start to close, running one query or transaction at a time: a pool of exactly one.
  const pool = new PoolStats({ max: 1, min: 1, connections: () => (pg.closed ? 0 : 1) });
  pool.creation.record(performance.now() - started);
  const prepared = new PreparedStatements();
  const base = wrap(pg, prepared, pool);
  return {
    kind: 'pglite',
    pg,
    pool,
    query: base.query,
    async transaction(fn) {
      const lease = pool.take();
      try {
        return await pg.transaction((tx) => fn(inIssueOrder(wrap(tx, prepared))));
      } finally {
        pool.give(lease);
      }
    },
    inTransaction: (tx) => inIssueOrder(wrap(tx, prepared)),
    close: () => pg.close(),
  };
}

export async function dumpPglite(db: Database & { pg: PGlite }): Promise<Blob> {
  return db.pg.dumpDataDir('none');
}
