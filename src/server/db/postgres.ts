// A real PostgreSQL server through postgres.js, used when DATABASE_URL is set. Several server processes may share
// one database: nothing that matters lives only in a process's memory.
import postgres from 'postgres';
import type { Database, Queryable } from './database';

function wrap(sql: postgres.Sql): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      // Parameterised statements are prepared (and kept per connection): the API runs a bounded set of them.
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: params.length > 0 });
      // A plain array (postgres.js answers an Array subclass carrying statement details), as PGlite does.
      return Array.from(rows) as unknown as T[];
    },
  };
}

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Prepared statements save the parse, but a generic plan cannot see a LIKE pattern and skips the trigram index:
    // plan every execution with its real parameters.
    connection: { plan_cache_mode: 'force_custom_plan' },
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
  const base = wrap(sql);
  return {
    kind: 'postgres',
    query: base.query,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      sql.begin((tx) => fn(wrap(tx as unknown as postgres.Sql))) as Promise<T>,
    close: () => sql.end({ timeout: 5 }),
  };
}
