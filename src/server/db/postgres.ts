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
//
// Every request is answered within a bound whatever the database does (docs/deployment.md, "PostgreSQL: pool
// size, timeouts and outages"). Once start-up is done (enforceTimeouts), the wait for a connection and each statement have a deadline;
// past it the caller gets a DatabaseTimeout (a 503) and the statement is cancelled on the server. postgres.js's own
// reconnect back-off grows to 20 s after repeated failures, which kept requests waiting long after a restarted server
// was back: here a closed connection may reconnect after RECONNECT_DELAY_SECONDS. A transaction's connection is
// watched for closing (the server restarted, or terminated the session between two statements): postgres.js 3.4.9
// answers a statement sent on such a connection never, and throws from a timer, so none is sent and it is not released.
// Two faults of postgres.js 3.4.9's pool that strand a waiting `sql.reserve()` are mended in node_modules by
// scripts/patch-postgres.mjs (npm's postinstall). test/server/postgres-outage.test.ts stops and starts a real server
// under load, and shows each fault.

import postgres from 'postgres';
import type { Database, DatabaseTimeouts, Queryable, QueryOptions } from './database';
import { PoolStats } from './pool-stats';
import { connectOptions } from './connect-options';
import { DatabaseTimeout } from './unavailable';

/** Names the portal's connections in pg_stat_activity (a DATABASE_URL's own application_name wins); pool-fit.ts
 * tells them from other applications' by it. */
export const APPLICATION_NAME = 'radar-portal';
/** Longest wait for a new connection (TCP, TLS and authentication) before postgres.js gives up on it. */
const CONNECT_TIMEOUT_SECONDS = 10;
/** TCP keep-alive starts this long after a connection falls silent, so a peer that vanished is noticed. */
const KEEP_ALIVE_SECONDS = 10;
/** Idle connections close after this long: the pool shrinks back after a burst, and a stale one is not kept for hours. */
const IDLE_TIMEOUT_SECONDS = 60;
/** A connection is replaced after 4 to 6 minutes (postgres.js's default: 30 to 60): a stale one is not kept for long,
 * and replacing a connection costs a few milliseconds. (postgres.js 3.4.9 handed a connection to a reservation the
 * reconnect had already failed, which kept it out of the pool until its lifetime ended; scripts/patch-postgres.mjs
 * mends that, and that a waiting reservation was dropped by a reconnect that succeeded.) */
const maxLifetimeSeconds = () => 60 * (4 + Math.random() * 2);
/** The wait before a closed connection opens again; each attempt is one request's, so a down server is not hammered. */
const RECONNECT_DELAY_SECONDS = 0.2;

/** `promise`, or a DatabaseTimeout once `ms` have passed (and then `onExpiry`). `ms` undefined: no deadline. */
function within<T>(promise: Promise<T>, ms: number | undefined, what: string, onExpiry?: () => void): Promise<T> {
  if (ms === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onExpiry?.();
      reject(new DatabaseTimeout(what, ms));
    }, ms);
    promise.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error) => { clearTimeout(timer); reject(error); },
    );
  });
}

type PendingQuery = ReturnType<postgres.Sql['unsafe']>;

/** postgres.js 3.4.9 keeps the error a server sent just before closing a connection mid-statement (57P01 when it shuts
 * down fast or terminates the session, 57P02 when it crashes) and, once the connection has opened again, fails the
 * next caller that waited for it with that stale error, before anything of that caller was sent. It also keeps the
 * statement a connection lost without an error (an immediate stop), and then takes the server's refusal while it
 * recovers (57P03) for that statement's error, to be handed out the same way once the server is back. Such a caller
 * is tried again, a few times (each stale error is handed out once), within the same deadline. */
const STALE_CODES = new Set(['57P01', '57P02', '57P03']);
const STALE_ATTEMPTS = 3;
const isStale = (error: unknown) => STALE_CODES.has((error as { code?: string } | null)?.code ?? '');

/** Milliseconds left until `end` (undefined: no deadline). */
const left = (end: number | undefined) => (end === undefined ? undefined : Math.max(0, end - Date.now()));

/** Takes a statement past its deadline out of the pool's queue, or asks the server to cancel it (postgres.js sends a
 * cancel request on a connection of its own, so a full pool does not stop it). */
const cancelQuery = (pending: PendingQuery) => void Promise.resolve(pending.cancel()).catch(() => {});

/** `pool` counts the calls on the shared pool; statements inside a transaction run on its connection, uncounted.
 * `deadline`: milliseconds a call may take, read at each call (undefined: unbounded); past it `expire` runs. */
function wrap(
  sql: postgres.Sql,
  deadline: () => number | undefined,
  { pool, driverOptions = {}, expire = cancelQuery }: { pool?: PoolStats; driverOptions?: object; expire?: (pending: PendingQuery) => void } = {},
): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}) {
      // Parameterised statements are prepared (and kept per connection): the API runs a bounded set of them, and after
      // a few executions PostgreSQL reuses one generic plan instead of planning each call (planning the principal's
      // statement costs several times its execution). `planPerCall` sends the unnamed statement, planned afresh with
      // the call's values.
      const prepare = params.length > 0 && !options.planPerCall;
      const lease = pool?.take();
      const ms = deadline();
      const end = ms === undefined ? undefined : Date.now() + ms;
      try {
        for (let attempt = 1; ; attempt++) {
          const pending = sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { ...driverOptions, prepare });
          try {
            const rows = await within(pending, left(end), 'a statement', () => expire(pending));
            // A plain array (postgres.js answers an Array subclass carrying statement details), as PGlite does.
            return Array.from(rows) as unknown as T[];
          } catch (error) {
            // Only on the shared pool, and only a statement never written (its `state` is set when it is): a
            // transaction's statements stay on their connection, which the stale error says is gone.
            const unsent = (pending as unknown as { state: unknown }).state === null;
            if (pool && unsent && isStale(error) && attempt < STALE_ATTEMPTS) continue;
            throw error;
          }
        }
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
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    keep_alive: KEEP_ALIVE_SECONDS,
    idle_timeout: IDLE_TIMEOUT_SECONDS,
    max_lifetime: maxLifetimeSeconds as unknown as number, // postgres.js reads a function per connection
    backoff: () => RECONNECT_DELAY_SECONDS,
    connection: { application_name: APPLICATION_NAME, ...(options.searchPath ? { search_path: options.searchPath } : {}) },
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
  let timeouts: DatabaseTimeouts | undefined;
  // A call on the shared pool may first wait for a connection, then run.
  const base = wrap(sql, () => (timeouts ? timeouts.acquireMs + timeouts.statementMs : undefined), { pool });
  return {
    kind: 'postgres',
    pool,
    query: base.query,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const lease = pool.take();
      try {
        const reserved = await reserveWithin(sql, timeouts?.acquireMs);
        return await onReservedConnection(reserved, fn, timeouts?.statementMs);
      } finally {
        pool.give(lease);
      }
    },
    enforceTimeouts(value: DatabaseTimeouts) {
      timeouts = value;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** A connection of its own; one handed over after the deadline passed goes straight back to the pool. */
async function reserveWithin(sql: postgres.Sql, ms: number | undefined): Promise<postgres.ReservedSql> {
  const end = ms === undefined ? undefined : Date.now() + ms;
  for (let attempt = 1; ; attempt++) {
    const reserving = sql.reserve();
    let expired = false;
    reserving.then((late) => { if (expired) late.release(); }, () => {});
    try {
      return await within(reserving, left(end), 'waiting for a connection', () => { expired = true; });
    } catch (error) {
      if (isStale(error) && attempt < STALE_ATTEMPTS) continue; // nothing was sent: see STALE_CODES
      throw error;
    }
  }
}

/** What postgres.js 3.4.9 hands the `onexecute` option of a statement: the connection it is written to. The pool sets
 * `reserved` when it reserves the connection and clears it when the connection closes; a reconnected one may be
 * reserved again by someone else, with another value. postgres.js calls `onexecute` only when the statement did not
 * fill the connection's pipeline, which a BEGIN may (the connection was handed over with up to 100 statements of the
 * pool in flight): then the transaction's next statement tells. */
interface DriverConnection {
  reserved: unknown;
}

/** The error a statement gets when its transaction's connection closed before it was sent. */
function connectionClosed(): Error {
  return Object.assign(new Error('the connection of this transaction closed'), { code: 'CONNECTION_CLOSED' });
}

/** BEGIN, `fn`, then COMMIT (or ROLLBACK when `fn` or COMMIT fails) on a connection no one else can use meanwhile.
 * `statementMs`: each statement's deadline; past it the server is asked to cancel the statement. */
async function onReservedConnection<T>(reserved: postgres.ReservedSql, fn: (tx: Queryable) => Promise<T>, statementMs: number | undefined): Promise<T> {
  let connection: DriverConnection | undefined;
  let mark: unknown;
  const onexecute = (c: DriverConnection) => {
    connection ??= c;
    mark ??= c.reserved;
    return true; // as without the option: the connection may take the next statement at once
  };
  /** Still the connection this transaction reserved: not closed (and maybe reconnected for someone else). Not yet
   * seen (see DriverConnection): taken as alive. */
  const alive = () => connection === undefined || connection.reserved === mark;
  // Only a statement already written is cancelled: postgres.js skips a cancelled one still queued on a reserved
  // connection without sending the ones behind it, ROLLBACK included. One not yet written waits for those ahead of
  // it, which have their own deadlines.
  const expire = (pending: PendingQuery) => {
    if ((pending as unknown as { state: unknown }).state) cancelQuery(pending); // null until written
  };
  const inner = wrap(reserved, () => statementMs, { driverOptions: { onexecute }, expire });
  const send = <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<R[]> => {
    if (!alive()) return Promise.reject(connectionClosed());
    return inner.query<R>(text, params, options);
  };
  let open = true;
  const tx: Queryable = {
    query<R>(text: string, params?: unknown[], options?: QueryOptions) {
      // A statement `fn` started without waiting for it must not reach the connection after it went back to the pool.
      if (!open) return Promise.reject(new Error('statement sent after its transaction ended'));
      return send<R>(text, params, options);
    },
  };
  let committed = false;
  try {
    await send('BEGIN');
    let value: T;
    try {
      value = await fn(tx);
    } finally {
      open = false;
    }
    await send('COMMIT');
    committed = true;
    return value;
  } catch (error) {
    // After a failed statement, a failed COMMIT (a deferred constraint) or `fn` throwing, end the transaction before
    // the connection is shared again; ROLLBACK outside a transaction only warns. The connection goes back once ROLLBACK
    // has answered, however late; the caller only waits up to the deadline. A connection that closed is not released:
    // postgres.js already put it back among its closed ones.
    if (!committed && alive()) {
      const release = () => { if (alive()) reserved.release(); };
      const rolledBack = reserved.unsafe('ROLLBACK', [], { onexecute } as postgres.UnsafeQueryOptions).then(release, release);
      await within(rolledBack, statementMs, 'ROLLBACK').catch(() => {});
    }
    throw error;
  } finally {
    if (committed && alive()) reserved.release();
  }
}
