// What every handler can reach through `ctx.app`, created once at start-up (start.ts), so handlers never build their
// own connections or singletons. This file is the bottom of the server (docs/architecture.md): it names only the
// core's services. A service that belongs to one feature or layer is declared next to that service, which adds its
// field to AppServices (`declare module '../services'`), so the arrows point from the feature to this file and
// never back:
// - `mail` in mail/mail-service.ts;
// - `oidc` in oidc/oidc-provider.ts;
// - `metrics` in management/request-metrics.ts;
// - `sessionAuth` and `carriesSession` in auth/principal.ts (the hooks the session layer installs).
import type { Config } from './config';
import type { Database } from './db/database';
import type { LoggerRegistry } from './log';
import type { SigningKeys } from './auth/signing-keys';
import type { CacheStats } from './cache-stats';

export interface AppServices {
  config: Config;
  db: Database;
  logs: LoggerRegistry;
  startedAt: number;
  /** The token signing keys (created once, kept in the database). */
  keys: SigningKeys;
  /** In-memory caches this app instance owns beyond `keys` and `oidc`, by name, for management/jhimetrics. */
  caches?: Map<string, CacheStats>;
}
