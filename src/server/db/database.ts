// One small interface over both drivers, with the same SQL ($1 placeholders) on each. Rows come back as plain
// objects; int8 values are numbers and `date` columns are 'yyyy-mm-dd' strings whichever driver runs, so the API
// never answers an id as a string.
import type { PoolStats } from './pool-stats';

export type Row = Record<string, unknown>;

export interface QueryOptions {
  /** Plan with this call's parameter values instead of a prepared statement's cached plan. For statements whose best
   * plan depends on a value: a generic plan cannot see a LIKE pattern, so it skips the trigram index. */
  planPerCall?: boolean;
}

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
}

/** How long a request's database work may take (DATABASE_ACQUIRE_TIMEOUT_SECONDS, DATABASE_STATEMENT_TIMEOUT_SECONDS;
 * docs/deploy.md): the wait for a connection, and each statement once it has one. */
export interface DatabaseTimeouts {
  acquireMs: number;
  statementMs: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: everything it wrote is committed together, or nothing is. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connections in use, waiting callers and timings, counted by the wrapper (management/jhimetrics). */
  readonly pool?: PoolStats;
  /** From now on every statement and every wait for a connection is bounded (PostgreSQL; the embedded database has no
   * connections to lose). Called once start-up is done: migrations and imports may run longer than any request. */
  enforceTimeouts?(timeouts: DatabaseTimeouts): void;
}

/** The first row, or undefined. */
export async function first<T = Row>(db: Queryable, sql: string, params?: unknown[]): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}

/** A json column's value: postgres.js parses it, the embedded database may hand it over as text. */
export const jsonColumn = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** PostgreSQL error codes the data layer turns into 4xx answers. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

export function pgErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
