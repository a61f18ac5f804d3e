// The first start against ManagementPortal's own database (docs/deploy.md): when the portal's schema is empty and
// `public` holds MP's tables, the import runs by itself, through the same entry as `npm run import-mp`
// (import-run.ts), with its progress in the log and the same report. MP_AUTO_IMPORT=false turns it off.
//
// Several processes may start at once (replicas, WORKERS): the first takes an advisory lock, held in a transaction
// of its own while the import writes in another, and the others wait on it, then find the portal filled and go on.
// MP's tables are only read (the source connection's search_path is `public`; the portal's is its own schema).
import type { Config } from '../config';
import type { Database } from '../db/database';
import { openPostgres } from '../db/postgres';
import type { Logger } from '../log';
import { importFromMp } from './import-run';
import type { ImportReport } from './report';

const LOCK_KEY = 727_000_004; // shared by every process of this application

export class FirstStartImportError extends Error {}

/** Whether this database is set up for a first-start import: the portal in its own schema, MP's tables in `public`. */
async function mpBesidePortal(db: Database): Promise<boolean> {
  const [row] = await db.query<{ schema: string | null; mp: boolean }>(
    `SELECT current_schema() AS schema,
            to_regclass('public.radar_user') IS NOT NULL AND to_regclass('public.subject') IS NOT NULL
              AND to_regclass('public.project') IS NOT NULL AS mp`,
  );
  return row.schema !== null && row.schema !== 'public' && row.mp;
}

export async function importOnFirstStart(
  db: Database,
  config: Pick<Config, 'mpAutoImport' | 'databaseUrl'>,
  log: Logger,
): Promise<ImportReport | undefined> {
  if (!config.databaseUrl || db.kind !== 'postgres' || !(await mpBesidePortal(db))) return undefined;
  if (!config.mpAutoImport) {
    log.debug('MP_AUTO_IMPORT is false: ManagementPortal tables in public are not imported');
    return undefined;
  }
  return db.transaction(async (lock) => {
    await lock.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    // Empty: no user yet (the first admin is created after this) and nothing imported before.
    const [state] = await lock.query<{ empty: boolean }>(
      'SELECT NOT EXISTS (SELECT 1 FROM radar_user) AND NOT EXISTS (SELECT 1 FROM mp_import_map) AS empty',
    );
    if (!state.empty) return undefined;
    log.info('first start on a ManagementPortal database: importing its tables from schema public (MP_AUTO_IMPORT=false turns this off)');
    const source = openPostgres(config.databaseUrl!, { max: 1, searchPath: 'public' });
    const started = Date.now();
    try {
      const report = await importFromMp(source, db, {
        progress: (text) => log.info(`import [${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`),
      });
      log.info(`import report:\n${report.format()}`);
      if (report.conflicts.length) {
        throw new FirstStartImportError('the first-start import of ManagementPortal found conflicts and wrote nothing (report above); ' +
          'resolve them, or set MP_AUTO_IMPORT=false and run `npm run import-mp`');
      }
      return report;
    } finally {
      await source.close();
    }
  });
}
