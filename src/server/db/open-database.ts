// Picks the driver: a PostgreSQL server when DATABASE_URL is set, its connections confined to the portal's schema
// (portal-schema.ts), otherwise PGlite in DATA_DIR, run in a worker thread of its own (pglite-thread.ts), whose
// directory is locked for the life of the process.
import type { Config } from '../config';
import type { Database } from './database';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { openPgliteThread } from './pglite-thread';
import { choosePortalSchema } from './portal-schema';
import { openPostgres } from './postgres';

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir' | 'databasePoolSize'>): Promise<Database> {
  if (config.databaseUrl) {
    const { schema } = await choosePortalSchema(config.databaseUrl, config.databaseSchema);
    return openPostgres(config.databaseUrl, { max: config.databasePoolSize, searchPath: schema });
  }
  const lock: DataDirLock = lockDataDir(config.dataDir);
  try {
    const db = await openPgliteThread({ dataDir: `${config.dataDir}/pgdata` });
    const close = db.close;
    return Object.assign(db, {
      close: async () => {
        try {
          await close();
        } finally {
          lock.release();
        }
      },
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}
