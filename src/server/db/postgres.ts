// A real PostgreSQL server through postgres.js, used when DATABASE_URL is set. Several server processes may share
// one database: nothing that matters lives only in a process's memory.
import postgres from 'postgres';
import type { Database, Queryable, QueryOptions } from './database';
import { PoolStats } from './pool-stats';

/** `pool` counts the calls on the shared pool; statements inside a transaction run on its connection, uncounted. */
function wrap(sql: postgres.Sql, pool?: PoolStats): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}) {
      // Parameterised statements are prepared (and kept per connection): the API runs a bounded set of them, and after
      // a few executions PostgreSQL reuses one generic plan instead of planning each call (planning the principal's
      // statement costs several times its execution). `planPerCall` sends the unnamed statement, planned afresh with
      // the call's values.
      const prepare = params.length > 0 && !options.planPerCall;
      const lease = pool?.take();
      try {
        const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare });
        // A plain array (postgres.js answers an Array subclass carrying statement details), as PGlite does.
        return Array.from(rows) as unknown as T[];
      } finally {
        if (lease !== undefined) pool!.give(lease);
      }
    },
  };
}

export interface PostgresOptions {
  max?: number;
  /** The schema unqualified names mean, set on every connection as it opens (db/portal-schema.ts); unset: the
   * server's default (`"$user", public`). */
  searchPath?: string;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    ...(options.searchPath ? { connection: { search_path: options.searchPath } } : {}),
    types: {
      // int8 ids and counts as numbers (JSON has no bigint); dates as the plain 'yyyy-mm-dd' text.
      bigint: { to: 20, from: [20, 1700], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
      date: { to: 1082, from: [1082], serialize: (x: string) => x, parse: (x: string) => x },
      // A `$1::jsonb` parameter is passed as JSON text (JSON.stringify) on both drivers; postgres.js would otherwise
      // encode that text a second time and store a JSON string instead of the object.
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)),
        parse: (x: string) => JSON.parse(x),
      },
    },
  });
  // The pool's size as postgres.js parsed it; it keeps no connection open on purpose (min 0) and opens them lazily.
  const pool = new PoolStats({ max: sql.options.max, min: 0 });
  const base = wrap(sql, pool);
  return {
    kind: 'postgres',
    pool,
    query: base.query,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const lease = pool.take();
      try {
        return (await sql.begin((tx) => fn(wrap(tx as unknown as postgres.Sql)))) as T;
      } finally {
        pool.give(lease);
      }
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
