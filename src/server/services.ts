// What every handler can reach through `ctx.app`. Features add their services here (auth, mail, ...), created once
// in app-services.ts, so handlers never build their own connections or singletons.
import type { Config } from './config';
import type { Database } from './db/database';
import type { LoggerRegistry } from './log';

export interface AppServices {
  config: Config;
  db: Database;
  logs: LoggerRegistry;
  startedAt: number;
}
