// Picks the driver: a PostgreSQL server when DATABASE_URL is set, its connections confined to the portal's schema
// (portal-schema.ts), otherwise PGlite in DATA_DIR, run in a worker thread of its own (pglite-thread.ts), whose
// directory is locked for the life of the process, and whose volume is watched for free space (disk-space.ts).
import type { Config } from '../config';
import type { Logger } from '../log';
import type { Database } from './database';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { DEFAULT_DISK_SPACE, DiskSpaceMonitor } from './disk-space';
import { openPgliteThread } from './pglite-thread';
import { choosePortalSchema } from './portal-schema';
import { openPostgres } from './postgres';

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir' | 'databasePoolSize'> & Partial<Pick<Config, 'diskSpace'>>,
  log?: Logger,
): Promise<Database> {
  if (config.databaseUrl) {
    const { schema } = await choosePortalSchema(config.databaseUrl, config.databaseSchema);
    return openPostgres(config.databaseUrl, { max: config.databasePoolSize, searchPath: schema });
  }
  const lock: DataDirLock = lockDataDir(config.dataDir);
  const disk = new DiskSpaceMonitor(config.dataDir, config.diskSpace ?? DEFAULT_DISK_SPACE, log);
  disk.watch();
  try {
    const db = await openPgliteThread({ dataDir: `${config.dataDir}/pgdata`, disk, log });
    const close = db.close;
    return Object.assign(db, {
      close: async () => {
        try {
          await close();
        } finally {
          disk.stop();
          lock.release();
        }
      },
    });
  } catch (error) {
    disk.stop();
    lock.release();
    throw error;
  }
}
