// A pool that fits the database (docs/deployment.md, "PostgreSQL: pool size, timeouts and outages"). Each server
// process keeps up to DATABASE_POOL_SIZE connections, so WORKERS processes may open WORKERS x DATABASE_POOL_SIZE. When PostgreSQL lets the
// portal's role open fewer, the connections past its limit fail at run time (53300, "remaining connection slots are
// reserved", "too many connections for role"). So at start the limit is read once, and the pool is sized down to fit,
// with a warning naming the variables, as long as each process keeps at least MIN_POOL_SIZE connections; below that
// the start is refused (a ConfigError): such a portal would mostly answer 503.
//
// What the role may open is the least of: max_connections less the slots reserved for superusers (and, from
// PostgreSQL 16, reserved_connections) unless the role is a superuser; the role's CONNECTION LIMIT; the database's
// CONNECTION LIMIT; each less the connections already open there. Connections of this application (its
// application_name, postgres.ts) are not counted as in use: they are an earlier instance on its way out (a rolling
// update) or another replica, which the operator sizes for (docs/deployment.md).
import { ConfigError } from '../config';
import type { Database } from './database';
import { APPLICATION_NAME } from './postgres';

/** A request may hold a transaction's connection and need a second one for a statement beside it. */
export const MIN_POOL_SIZE = 2;

export interface ConnectionRoom {
  maxConnections: number;
  /** superuser_reserved_connections + reserved_connections (0 where that setting does not exist). */
  reservedSlots: number;
  superuser: boolean;
  /** rolconnlimit; -1: none. */
  roleLimit: number;
  /** datconnlimit; -1: none. */
  databaseLimit: number;
  /** Client connections open on the server, of the role, and to the database, other than this application's. */
  inUse: number;
  roleInUse: number;
  databaseInUse: number;
}

export async function readConnectionRoom(db: Database): Promise<ConnectionRoom> {
  const [row] = await db.query<ConnectionRoom>(
    `SELECT current_setting('max_connections')::int AS "maxConnections",
            current_setting('superuser_reserved_connections')::int
              + coalesce(nullif(current_setting('reserved_connections', true), ''), '0')::int AS "reservedSlots",
            r.rolsuper AS superuser, r.rolconnlimit AS "roleLimit", d.datconnlimit AS "databaseLimit",
            count(a.pid)::int AS "inUse",
            count(a.pid) FILTER (WHERE a.usesysid = r.oid)::int AS "roleInUse",
            count(a.pid) FILTER (WHERE a.datid = d.oid)::int AS "databaseInUse"
       FROM pg_roles r
       JOIN pg_database d ON d.datname = current_database()
       LEFT JOIN pg_stat_activity a
              ON (a.backend_type = 'client backend' OR (a.backend_type IS NULL AND a.usesysid IS NOT NULL))
             AND a.application_name IS DISTINCT FROM $1
      WHERE r.rolname = current_user
      GROUP BY r.rolsuper, r.rolconnlimit, d.datconnlimit`,
    [APPLICATION_NAME],
  );
  return row;
}

/** How many connections the role may still open, and why (for the messages). */
export function roomLeft(room: ConnectionRoom): { count: number; because: string } {
  const limits: { count: number; because: string }[] = [];
  const slots = room.maxConnections - (room.superuser ? 0 : room.reservedSlots);
  limits.push({
    count: slots - room.inUse,
    because: `max_connections ${room.maxConnections}${room.superuser ? '' : ` less ${room.reservedSlots} reserved slots`}, ${room.inUse} in use by others`,
  });
  if (room.roleLimit >= 0) limits.push({ count: room.roleLimit - room.roleInUse, because: `the role's CONNECTION LIMIT ${room.roleLimit}, ${room.roleInUse} in use by others` });
  if (room.databaseLimit >= 0) {
    limits.push({ count: room.databaseLimit - room.databaseInUse, because: `the database's CONNECTION LIMIT ${room.databaseLimit}, ${room.databaseInUse} in use by others` });
  }
  return limits.reduce((least, limit) => (limit.count < least.count ? limit : least));
}

export interface PoolFit {
  poolSize: number;
  /** Set when the pool was sized down. */
  warning?: string;
}

/** The pool size each of `workers` processes may use; throws a ConfigError when not even MIN_POOL_SIZE fits. */
export function fitPool(workers: number, poolSize: number, room: ConnectionRoom): PoolFit {
  const left = roomLeft(room);
  const wanted = workers * poolSize;
  if (wanted <= left.count) return { poolSize };
  const fitting = Math.floor(Math.max(0, left.count) / workers);
  const asked = `WORKERS ${workers} x DATABASE_POOL_SIZE ${poolSize} = ${wanted} connections, but PostgreSQL lets this role open ${Math.max(0, left.count)} (${left.because})`;
  if (fitting < MIN_POOL_SIZE) {
    throw new ConfigError('DATABASE_POOL_SIZE', `does not fit the database: ${asked}; each process needs at least ${MIN_POOL_SIZE}: ` +
      'lower WORKERS, or raise max_connections (or the CONNECTION LIMIT) on the PostgreSQL server');
  }
  return {
    poolSize: fitting,
    warning: `${asked}: using ${fitting} connections per process; set DATABASE_POOL_SIZE=${fitting} or raise max_connections to silence this`,
  };
}
