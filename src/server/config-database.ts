// How the portal treats a PostgreSQL server that is slow, away or not yet there (docs/deployment.md, "PostgreSQL: pool
// size, timeouts and outages"). Kept apart from config.ts, which only spreads it in. None of it applies to the embedded database.

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => never;

export interface DatabaseTimeoutConfig {
  /** Longest a request waits for a pool connection (DATABASE_ACQUIRE_TIMEOUT_SECONDS, default 10). */
  databaseAcquireTimeoutSeconds: number;
  /** Longest one statement of a request may run (DATABASE_STATEMENT_TIMEOUT_SECONDS, default 30). */
  databaseStatementTimeoutSeconds: number;
  /** How long start-up waits for the database to answer (DATABASE_WAIT_SECONDS, default 60; 0 = try once). */
  databaseWaitSeconds: number;
}

function seconds(env: Env, name: string, fallback: number, min: number, max: number, fail: Fail): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) fail(name, `must be a whole number of seconds from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

export function readDatabaseTimeoutConfig(env: Env, fail: Fail): DatabaseTimeoutConfig {
  return {
    databaseAcquireTimeoutSeconds: seconds(env, 'DATABASE_ACQUIRE_TIMEOUT_SECONDS', 10, 1, 3600, fail),
    databaseStatementTimeoutSeconds: seconds(env, 'DATABASE_STATEMENT_TIMEOUT_SECONDS', 30, 1, 86400, fail),
    databaseWaitSeconds: seconds(env, 'DATABASE_WAIT_SECONDS', 60, 0, 86400, fail),
  };
}
