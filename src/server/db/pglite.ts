// The embedded default: PostgreSQL compiled to WebAssembly, stored in a directory. It runs one query at a time and has
// no lock between processes, so main.ts holds a lock on the directory (data-dir-lock.ts) for as long as it runs.
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './database';

const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
  [types.DATE]: (v: string) => v,
};

function wrap(pg: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pg.query<T>(sql, params, { parsers });
      return result.rows;
    },
  };
}

export interface PgliteOptions {
  /** A directory, or undefined for an in-memory database (tests). */
  dataDir?: string;
  /** A dump made by `dumpPglite` to start from (tests copy one migrated template per suite). */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOptions): Promise<Database & { pg: PGlite }> {
  const pg = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    pg,
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

export async function dumpPglite(db: Database & { pg: PGlite }): Promise<Blob> {
  return db.pg.dumpDataDir('none');
}
