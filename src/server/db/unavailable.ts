// Which failures mean "the database cannot answer now" rather than "this request is wrong": a PostgreSQL server that
// is down, restarting, shutting down, out of connection slots, or too slow to answer within the portal's timeouts.
// respond.ts answers them with a 503 and Retry-After (docs/deployment.md, "PostgreSQL: pool size, timeouts and
// outages"): the request may well succeed when repeated, which a 500 does not say.

/** A statement, or the wait for a connection, outlasted its timeout (postgres.ts). */
export class DatabaseTimeout extends Error {
  readonly code = 'DATABASE_TIMEOUT';
  constructor(what: string, ms: number) {
    super(`${what}: no answer from the database within ${ms} ms`);
  }
}

/** postgres.js's codes for a connection that closed, ended or never opened. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'DATABASE_TIMEOUT']);

/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN',
  'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL',
]);

/** PostgreSQL's SQLSTATEs (its manual, appendix A) of a server that cannot serve now. Class 08 is every connection
 * exception; the others: 53300 too_many_connections, 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, shutting down, in recovery), 57014 query_canceled (a statement_timeout the
 * database enforces, or the cancel this process sends when its own timeout passes). */
const SERVER_CODES = new Set(['53300', '57P01', '57P02', '57P03', '57014']);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return DRIVER_CODES.has(code) || SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}
