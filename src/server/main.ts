// The process entry point: configuration from the environment, the database (embedded unless DATABASE_URL is set),
// then the server. SIGTERM and SIGINT stop it gracefully. With WORKERS above 1 (PostgreSQL only) this process is the
// cluster's primary (cluster/primary.ts) and each of its workers runs the rest.
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { runPrimary } from './cluster/primary';
import { announceListening, joinCluster } from './cluster/worker-status';
import { openDatabase } from './db/open-database';
import { DataDirLockedError } from './db/data-dir-lock';
import { DatabaseUnavailableError } from './db/database-unavailable';
import { LoggerRegistry } from './log';
import { startServer } from './start';
import { prepareDatabase } from './db/before-start';
import { DatabaseWaitError, describeFailure } from './db/wait-for-database';
import { isDatabaseUnavailable } from './db/unavailable';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logs = new LoggerRegistry(config.logLevel, undefined, config.logFormat);
  const log = logs.get('server');
  if (cluster.isPrimary) {
    // Once per start, not per worker: what translating ManagementPortal's names found (config-mp-env.ts).
    for (const warning of config.mpEnv.warnings) log.warn(warning);
    if (config.mpEnv.ignored.length) log.info(`ManagementPortal settings accepted and ignored: ${config.mpEnv.ignored.join(', ')}`);
  }
  // PostgreSQL: wait until it answers, and fit the pool to it, once, before any process opens its pool.
  if (cluster.isPrimary) await prepareDatabase(config, log);
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary(config, log);
    return;
  }
  joinCluster();
  let db;
  try {
    db = await openDatabase(config, logs.get('database'));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(3);
    }
    throw error;
  }
  const running = await startServer(config, db, { logs });
  if (running.bootstrap.generatedPassword && config.logFormat === 'json') {
    // Printed once (only the hash is stored); with LOG_FORMAT=json as one record like every other line.
    log.warn(`First system admin created: login "admin", password "${running.bootstrap.generatedPassword}". Store it now; it is not shown again.`);
  } else if (running.bootstrap.generatedPassword) {
    // Printed once: only the hash is stored.
    console.log(`\n  First system admin created: login "admin", password "${running.bootstrap.generatedPassword}"\n  Store it now; it is not shown again.\n`);
  } else if (running.bootstrap.adminCreated) {
    log.info('first system admin "admin" created with the password from ADMIN_PASSWORD');
  }
  if (config.oidc) log.info(`browser sign-in goes to the OpenID Connect provider ${config.oidc.issuer}`);
  if (cluster.isWorker) {
    log.debug(`worker ${cluster.worker!.id} listening on ${running.url}`);
    announceListening(running.url);
  } else {
    const where = db.kind === 'pglite'
      ? `embedded database in ${config.dataDir}`
      : `PostgreSQL, schema ${(await db.query<{ schema: string }>('SELECT current_schema() AS schema'))[0].schema}`;
    log.info(`listening on ${running.url} (${where})`);
  }

  const shutdown = (signal: string) => {
    log.info(`${signal} received: finishing requests in flight, then stopping`);
    // SIGTERM is how an orchestrator stops the server, behind a load balancer: drain first. SIGINT is a person at a
    // terminal: stop now (requests in flight still finish).
    running.stop({ drainSeconds: signal === 'SIGTERM' ? config.shutdownDrainSeconds : 0 }).then(
      () => process.exit(0),
      (error) => {
        log.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    // Found at start-up (OAUTH_CLIENTS_FILE's content): the same plain message and exit code as loadConfig's.
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof DatabaseWaitError) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof DatabaseUnavailableError) {
    // A volume already below DISK_SPACE_MINIMUM_MB: start-up writes (migrations, the first admin) cannot be made.
    console.error(`The server could not start: ${error.message}`);
    process.exit(1);
  }
  if (isDatabaseUnavailable(error)) {
    // PostgreSQL went away during start-up: one line, not a stack (docs/deployment.md); the orchestrator restarts us.
    console.error(`The server could not start: the database is unavailable: ${describeFailure(error)}`);
    process.exit(1);
  }
  if (process.env.LOG_FORMAT?.trim().toLowerCase() === 'json') {
    // One record with the stack inside it, as every other line of a JSON log.
    new LoggerRegistry('INFO', (line) => process.stderr.write(line + '\n'), 'json').get('server').error('The server could not start', error);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
