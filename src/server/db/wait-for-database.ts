// Start-up waits for PostgreSQL (DATABASE_WAIT_SECONDS, docs/deployment.md): on Kubernetes the database and the portal
// start together, and a portal that exits at once only adds restarts with back-off. One log line per attempt says
// what failed; when the time is up, or the server refuses the portal for a reason waiting does not cure (a wrong
// password, a database that does not exist), the start ends with a one-line DatabaseWaitError (main.ts exits 1).
import type { Logger } from '../log';
import { openPostgres } from './postgres';
import { isDatabaseUnavailable } from './unavailable';

/** Pause between two attempts. */
const RETRY_MS = 2000;
/** Longest one attempt may take (connecting, authenticating, `SELECT 1`). */
const ATTEMPT_MS = 10_000;

export class DatabaseWaitError extends Error {}

/** host:port of a postgres:// URL, for messages: never its user or password. */
export function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || 5432}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

/** What went wrong, on one line: the server's message and SQLSTATE, or the socket's error code. */
export function describeFailure(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // Node answers a refused connection to a name with several addresses with an AggregateError without a message.
  const text = typeof message === 'string' && message ? message.split('\n')[0] : undefined;
  return [text, typeof code === 'string' ? `(${code})` : undefined].filter(Boolean).join(' ') || String(error);
}

export async function waitForDatabase(url: string, waitSeconds: number, log: Logger, now = () => Date.now()): Promise<void> {
  const address = databaseAddress(url);
  const deadline = now() + waitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    const db = openPostgres(url, { max: 1 });
    db.enforceTimeouts!({ acquireMs: Math.max(1000, Math.min(ATTEMPT_MS, deadline - now())), statementMs: ATTEMPT_MS });
    try {
      await db.query('SELECT 1');
      if (attempt > 1) log.info(`the database at ${address} answers (attempt ${attempt})`);
      return;
    } catch (error) {
      const why = describeFailure(error);
      if (!isDatabaseUnavailable(error)) throw new DatabaseWaitError(`The database at ${address} refused the portal: ${why}`);
      const left = deadline - now();
      if (left <= 0) {
        throw new DatabaseWaitError(`The database at ${address} did not answer within DATABASE_WAIT_SECONDS=${waitSeconds}: ${why}`);
      }
      log.warn(`waiting for the database at ${address} (attempt ${attempt}, ${Math.ceil(left / 1000)} s of DATABASE_WAIT_SECONDS left): ${why}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_MS, left)));
    } finally {
      await db.close().catch(() => {});
    }
  }
}
