// What every handler can reach through `ctx.app`. Features add their services here (auth, mail, ...), created once
// in app-services.ts, so handlers never build their own connections or singletons.
import type { Config } from './config';
import type { Database } from './db/database';
import type { LoggerRegistry } from './log';
import type { SigningKeys } from './auth/signing-keys';
import type { AuthOutcome } from './auth/principal';
import type { RequestContext } from './http/context';
import type { MailService } from './mail/mail-service';
import type { CacheStats } from './management/cache-stats';
import type { RequestMetrics } from './management/request-metrics';
import type { OidcProvider } from './oidc/oidc-provider';

export interface AppServices {
  config: Config;
  db: Database;
  logs: LoggerRegistry;
  startedAt: number;
  /** The token signing keys (created once, kept in the database). */
  keys: SigningKeys;
  /** Account mail: SMTP when SMTP_URL is set, else the outbox folder in DATA_DIR. */
  mail: MailService;
  /** Resolves a browser session into a principal; installed by the session layer. */
  sessionAuth?: (ctx: RequestContext) => Promise<AuthOutcome>;
  /** Whether the request carries a session cookie (which sessionAuth tries before any bearer token). */
  carriesSession?: (ctx: RequestContext) => boolean;
  /** Request counts and timings for management/jhimetrics; created by the request pipeline when missing. */
  metrics?: RequestMetrics;
  /** In-memory caches this app instance owns beyond `keys` and `oidc`, by name, for management/jhimetrics. */
  caches?: Map<string, CacheStats>;
  /** The external OpenID Connect provider's client (caches only), made at first use when OIDC_ISSUER is set. */
  oidc?: OidcProvider;
}
