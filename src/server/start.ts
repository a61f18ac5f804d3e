// Starting and stopping the whole server: open the database, migrate, create the first admin, listen. Used by main.ts
// and by tests that need a real process-like server.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Config } from './config';
import { createServer, type AppOptions } from './app';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { bootstrap, type BootstrapResult } from './db/bootstrap';
import { LoggerRegistry } from './log';
import type { AppServices } from './services';
import { SigningKeys } from './auth/signing-keys';
import { externalKeys } from './auth/external-keys';
import { ensureFrontendClient } from './oauth/frontend-client';
import { mendImportedEmptySecrets } from './oauth/imported-empty-secrets';
import { installSessionAuth } from './session/session-auth';
import { createMailService } from './mail/mail-service';
import { loadFileClients, readClientsFile } from './oauth-clients/clients-file';
import { importCatalogue } from './source-types/catalogue-import';
import { startAuditRetention } from './audit/retention';
import { importOnFirstStart } from './import-mp/first-start';
import { applyAdminPassword } from './db/admin-password';
import { monitorEventLoop, watchPool } from './metrics/portal-metrics';
import { shareRequestMetrics } from './metrics/cluster-metrics';
import './http/draining';

export interface RunningServer {
  app: AppServices;
  server: Server;
  url: string;
  bootstrap: BootstrapResult;
  /**
   * Stops accepting, lets requests in flight finish (bounded by the grace period), closes the database. With
   * `drainSeconds` (SIGTERM, main.ts) the readiness probe fails at once while the server keeps serving that long
   * first, so a load balancer stops sending before connections are refused (docs/deploy.md).
   */
  stop(options?: { drainSeconds?: number }): Promise<void>;
}

export interface StartOptions extends AppOptions {
  logs?: LoggerRegistry;
}

export async function startServer(config: Config, db: Database, options: StartOptions = {}): Promise<RunningServer> {
  const logs = options.logs ?? new LoggerRegistry(config.logLevel, undefined, config.logFormat);
  const log = logs.get('server');
  // Read before any write: a malformed clients file stops the start with nothing changed.
  const fileClients = config.oauthClientsFile ? await readClientsFile(config.oauthClientsFile) : undefined;
  const applied = await migrate(db);
  if (applied.length) log.info(`applied migrations: ${applied.join(', ')}`);
  // Before the first admin is made: an empty portal beside ManagementPortal's tables takes MP's users, admin included.
  await importOnFirstStart(db, config, logs.get('import-mp'));
  const boot = await bootstrap(db, config.adminPassword);
  if (config.adminPasswordEveryStart && config.adminPassword) {
    const outcome = await applyAdminPassword(db, config.adminPassword);
    if (outcome === 'set') log.info('the password of "admin" was set from ADMIN_PASSWORD (ADMIN_PASSWORD_EVERY_START)');
    if (outcome === 'no-admin') log.warn('ADMIN_PASSWORD_EVERY_START: there is no user "admin" to set the password of');
  }
  await ensureFrontendClient(db, config);
  const madePublic = await mendImportedEmptySecrets(db);
  if (madePublic.length) log.info(`OAuth clients made public (an earlier import kept ManagementPortal's hash of an empty secret): ${madePublic.join(', ')}`);
  if (fileClients) await loadFileClients(db, config.oauthClientsFile!, fileClients, logs.get('oauth-clients'));
  if (config.catalogueAutoImport) await importCatalogue(db, config.catalogueServerUrl, logs.get('catalogue'));
  const stopAuditRetention = await startAuditRetention(db, {
    days: config.auditRetentionDays, byType: config.auditRetentionByType, personalDataDays: config.auditPersonalDataDays,
  }, logs.get('audit'));
  const external = externalKeys(config);
  if (external && config.keyStoreFile) {
    log.info(`signing tokens with alias ${config.signingKeyAlias} of the key store ${config.keyStoreFile}; ${external.checking.length} checking key(s) verify too`);
  }
  // Start-up's statements (migrations, imports) may take long; a request's are bounded from here on.
  db.enforceTimeouts?.({ acquireMs: config.databaseAcquireTimeoutSeconds * 1000, statementMs: config.databaseStatementTimeoutSeconds * 1000 });
  const app: AppServices = { config, db, logs, startedAt: Date.now(), keys: new SigningKeys(db, external), mail: createMailService(config, logs) };
  installSessionAuth(app);
  const unwatchPool = app.db.pool ? watchPool(app.db.pool) : () => {};
  monitorEventLoop();
  const server = createServer(app, options);
  shareRequestMetrics(app.metrics);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}${config.basePath}`;

  let stopping: Promise<void> | undefined;
  const stop = (options: { drainSeconds?: number } = {}) =>
    (stopping ??= (async () => {
      app.draining = true;
      if (options.drainSeconds) {
        log.info(`draining: readiness answers 503; still serving for ${options.drainSeconds} s (SHUTDOWN_DRAIN_SECONDS)`);
        await new Promise((resolve) => setTimeout(resolve, options.drainSeconds! * 1000));
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      const grace = new Promise<void>((resolve) => setTimeout(resolve, config.shutdownGraceSeconds * 1000).unref());
      await Promise.race([closed, grace]);
      clearInterval(idle);
      stopAuditRetention();
      unwatchPool();
      server.closeAllConnections();
      app.mail.close();
      await db.close();
    })());
  return { app, server, url, bootstrap: boot, stop };
}
