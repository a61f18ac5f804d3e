// What the first process checks once, before any server process opens its pool (main.ts): that PostgreSQL answers
// (wait-for-database.ts) and that WORKERS x DATABASE_POOL_SIZE fits what it lets the portal's role open (pool-fit.ts).
// A pool sized down is handed to the worker processes through DATABASE_POOL_SIZE in their environment.
import type { Config } from '../config';
import type { Logger } from '../log';
import { fitPool, readConnectionRoom, type ConnectionRoom } from './pool-fit';
import { openPostgres } from './postgres';
import { describeFailure, waitForDatabase } from './wait-for-database';

export async function prepareDatabase(config: Config, log: Logger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!config.databaseUrl) return;
  await waitForDatabase(config.databaseUrl, config.databaseWaitSeconds, log);
  const db = openPostgres(config.databaseUrl, { max: 1 });
  let room: ConnectionRoom;
  try {
    room = await readConnectionRoom(db);
  } catch (error) {
    // A server that hides its catalogue from the role: the pool runs unchecked, and 53300 still answers 503.
    log.warn(`could not read max_connections and the connections in use, so the pool size is not checked: ${describeFailure(error)}`);
    return;
  } finally {
    await db.close().catch(() => {});
  }
  const fit = fitPool(config.workers, config.databasePoolSize, room);
  if (fit.warning) {
    log.warn(fit.warning);
    config.databasePoolSize = fit.poolSize;
    env.DATABASE_POOL_SIZE = String(fit.poolSize);
  }
}
