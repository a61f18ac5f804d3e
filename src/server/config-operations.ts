// The settings an operations team turns (docs/deploy.md, "Probes, metrics, logs and rolling updates"): the log format,
// who may scrape management/prometheus, and how long a stopping server keeps serving while its readiness already
// fails. Kept apart from config.ts, which only spreads it in.
type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => never;

export type LogFormat = 'text' | 'json';

export interface OperationsConfig {
  /** `text` (one line per record, the default) or `json` (one JSON object per line; LOG_FORMAT). */
  logFormat: LogFormat;
  /** A scrape credential for management/prometheus besides a system administrator's token (METRICS_TOKEN): sent as
   * `Authorization: Bearer <token>` or as the password of Basic authentication. Undefined = administrators only. */
  metricsToken?: string;
  /** Seconds a server keeps serving after SIGTERM while its readiness probe already answers 503, so the load balancer
   * stops sending before the server stops accepting (SHUTDOWN_DRAIN_SECONDS, default 5). */
  shutdownDrainSeconds: number;
}

export function readOperationsConfig(env: Env, fail: Fail): OperationsConfig {
  const format = env.LOG_FORMAT?.trim().toLowerCase() || 'text';
  if (format !== 'text' && format !== 'json') fail('LOG_FORMAT', `must be text or json, got "${env.LOG_FORMAT}"`);
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  // A guessable credential would let anyone read the portal's traffic figures.
  if (metricsToken !== undefined && metricsToken.length < 16) fail('METRICS_TOKEN', 'must be at least 16 characters long');
  const rawDrain = env.SHUTDOWN_DRAIN_SECONDS?.trim();
  let shutdownDrainSeconds = 5;
  if (rawDrain) {
    if (!/^\d+$/.test(rawDrain) || Number(rawDrain) > 600) fail('SHUTDOWN_DRAIN_SECONDS', `must be a whole number from 0 to 600, got "${rawDrain}"`);
    shutdownDrainSeconds = Number(rawDrain);
  }
  return { logFormat: format as LogFormat, metricsToken, shutdownDrainSeconds };
}
