// A real PostgreSQL server through postgres.js, used when DATABASE_URL is set. Several server processes may share
// one database: nothing that matters lives only in a process's memory.
//
// Transactions run on a connection reserved for them (`sql.reserve()`), never through postgres.js's `sql.begin()`.
// In postgres.js 3.4.9 `sql.begin()` sends BEGIN through the shared pool and only takes the connection for itself
// once BEGIN is written; when BEGIN is the statement that fills a connection's pipeline, that never happens: BEGIN
// fails with UNSAFE_TRANSACTION on the client while the server has opened the transaction, and the connection goes
// back to the pool with it open, so other requests' statements run (and are committed or rolled back) inside it.
// A reserved connection leaves the pool before BEGIN is sent and returns only after COMMIT or ROLLBACK has answered.
// test/server/transaction-isolation.test.ts recreates that queue and checks no statement crosses a transaction.
import postgres from 'postgres';
import type { Database, Queryable, QueryOptions } from './database';
import { PoolStats } from './pool-stats';
import { connectOptions } from './connect-options';

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
  // sslmode and sslrootcert as libpq reads them (connect-options.ts); a bad one is a ConfigError here, before any query.
  const { url: plainUrl, ssl } = connectOptions(url);
  const sql = postgres(plainUrl, {
    ...(ssl === undefined ? {} : { ssl }),
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
        return await onReservedConnection(await sql.reserve(), fn);
      } finally {
        pool.give(lease);
      }
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** BEGIN, `fn`, then COMMIT (or ROLLBACK when `fn` or COMMIT fails) on a connection no one else can use meanwhile. */
async function onReservedConnection<T>(reserved: postgres.ReservedSql, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let open = true;
  let lost = false;
  const inner = wrap(reserved);
  const run = async (text: string) => {
    try {
      await reserved.unsafe(text);
    } catch (error) {
      lost ||= isConnectionLoss(error);
      throw error;
    }
  };
  const tx: Queryable = {
    async query(text, params, options) {
      // A statement `fn` started without waiting for it must not reach the connection after it went back to the pool.
      if (!open) throw new Error('statement sent after its transaction ended');
      try {
        return await inner.query(text, params, options);
      } catch (error) {
        lost ||= isConnectionLoss(error);
        throw error;
      }
    },
  };
  try {
    await run('BEGIN');
    let result: T;
    try {
      result = await fn(tx);
    } finally {
      open = false;
    }
    await run('COMMIT');
    return result;
  } catch (error) {
    // After a failed statement, a failed COMMIT (a deferred constraint) or `fn` throwing, end the transaction before
    // the connection is shared again; ROLLBACK outside a transaction only warns.
    if (!lost) await run('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A lost connection is already out of the pool (postgres.js reconnects it on demand); releasing it would hand the
    // pool a closed socket.
    if (!lost) reserved.release();
  }
}

/** postgres.js's own errors for a connection that closed, ended or never opened (CONNECTION_CLOSED, CONNECT_TIMEOUT...). */
function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('CONNECT');
}
