// Configuration comes only from the environment. Every variable has a default, and a bad value stops the start
// with a message that names the variable (ConfigError), rather than surfacing later as an odd failure.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { readSigningKeyFile } from './auth/signing-key-file';
import { readKeyStoreConfig } from './auth/key-store-config';
import { metaTokenTimeoutMs, persistentMetaTokenTimeoutMs } from './settings/iso-duration';
import { parseTrustedProxies } from './http/client-address';
import { parseMailLimits, type MailLimits } from './settings/mail-limits';
import { parseRetentionByType } from './settings/audit-retention';
import { readOidcConfig, type OidcConfig } from './settings/oidc-config';
import { TWO_FACTOR_REQUIREMENTS, type TwoFactorRequirement } from './settings/two-factor-requirement';
import { translateMpEnv } from './config-mp-env';
import { readDeployConfig, type DeployConfig } from './config-deploy';
import { readDatabaseTimeoutConfig, type DatabaseTimeoutConfig } from './config-database';
import { readOperationsConfig, type OperationsConfig } from './config-operations';
import { DEFAULT_DISK_SPACE, type DiskSpaceThresholds } from './db/disk-space-settings';

export type LogLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
export const LOG_LEVELS: LogLevel[] = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'];
export const HIDEABLE_SUBJECT_FIELDS = ['person_name', 'date_of_birth', 'group'] as const;

export interface Config extends DeployConfig, OperationsConfig, DatabaseTimeoutConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  basePath: string; // '' or '/something' (no trailing slash)
  publicUrl: string; // absolute, no trailing slash, includes the base path
  profiles: string[];
  hiddenSubjectFields: string[];
  /** IMPORT_MAX_ROWS: rows an import file may have after its header (subjects and staff users; docs/subjects.md). */
  importMaxRows: number;
  logLevel: LogLevel;
  smtpUrl?: string;
  mailFrom: string;
  /** Secret of the portal's own OAuth client (FRONTEND_CLIENT_SECRET); a random one per start when unset. */
  frontendClientSecret?: string;
  /** Seconds a request in flight may take to finish after SIGTERM before the server closes anyway. */
  shutdownGraceSeconds: number;
  /** Free space on DATA_DIR's volume: a warning below DISK_SPACE_WARNING_MB, no writes below DISK_SPACE_MINIMUM_MB. */
  diskSpace: DiskSpaceThresholds;
  /** Lifetime of a pairing meta-token (META_TOKEN_TIMEOUT, ISO-8601 duration, default PT1H). */
  metaTokenTimeoutMs: number;
  /** Lifetime of a persistent meta-token (PERSISTENT_META_TOKEN_TIMEOUT, default P31D); null = set empty = disabled. */
  persistentMetaTokenTimeoutMs: number | null;
  /** Privacy policy handed to paired apps unless the project names its own (PRIVACY_POLICY_URL). */
  privacyPolicyUrl: string;
  /** OAuth clients CSV loaded at start-up (OAUTH_CLIENTS_FILE, absolute path); undefined = none. */
  oauthClientsFile?: string;
  /** Import source types from the catalogue server at start-up (CATALOGUE_AUTO_IMPORT, default false). */
  catalogueAutoImport: boolean;
  /** Catalogue endpoint (CATALOGUE_SERVER_URL, default http://catalogue-server:8080). */
  catalogueServerUrl: string;
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES: addresses and CIDR ranges); empty = none. */
  trustedProxies: string[];
  /** Limits on password-reset and activation mails (RESET_MAIL_LIMITS, see settings/mail-limits.ts). */
  resetMailLimits: MailLimits;
  /** Audit events older than this many days are purged (AUDIT_RETENTION_DAYS); undefined = kept forever. */
  auditRetentionDays?: number;
  /** Per audit event type, days after which its events are deleted (AUDIT_RETENTION_BY_TYPE, `TYPE=days,...`). */
  auditRetentionByType: Record<string, number>;
  /** Days after which audit events lose their personal fields (AUDIT_PERSONAL_DATA_DAYS, default 90; 0 = never). */
  auditPersonalDataDays?: number;
  /** External OpenID Connect sign-in (OIDC_*, see settings/oidc-config.ts); undefined = the built-in sign-in page. */
  oidc?: OidcConfig;
  /** Origins whose pages may load widgets.js (WIDGETS_ALLOWED_ORIGINS, docs/widgets.md); '*' = any (the default). */
  widgetsAllowedOrigins: '*' | string[];
  /** Who must sign in with a second factor (REQUIRE_2FA: none, admins or staff; docs/users.md). */
  requireTwoFactor: TwoFactorRequirement;
  /** PEM private key tokens are signed with (SIGNING_KEY_FILE, absolute path; docs/import-mp.md); undefined = the generated key. */
  signingKeyFile?: string;
  /** ManagementPortal's PKCS#12 key store tokens are signed with, and its settings (KEY_STORE_FILE or
   * /mp-includes/config/keystore.p12, KEY_STORE_PASSWORD, SIGNING_KEY_ALIAS, CHECKING_KEY_ALIASES:
   * auth/key-store-config.ts); keyStoreFile undefined = no key store. */
  keyStoreFile?: string;
  keyStorePassword: string;
  signingKeyAlias: string;
  /** undefined = every key entry of the store verifies. */
  checkingKeyAliases?: string[];
  /** Server processes (WORKERS; docs/deployment.md): the cores when DATABASE_URL is set, else 1 (the embedded
   * database lives in one process). */
  workers: number;
  /** Connections per server process to PostgreSQL (DATABASE_POOL_SIZE; docs/deployment.md): by default about two per
   * core for all WORKERS together, at least 4 per process. */
  databasePoolSize: number;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function retentionByType(env: Env): Record<string, number> {
  try {
    return parseRetentionByType(env.AUDIT_RETENTION_BY_TYPE);
  } catch (error) {
    throw new ConfigError('AUDIT_RETENTION_BY_TYPE', (error as Error).message);
  }
}

function list(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw !== 'true' && raw !== 'false') throw new ConfigError(name, `must be true or false, got "${env[name]}"`);
  return raw === 'true';
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  try {
    const u = new URL(raw);
    if (u.protocol === 'http:' || u.protocol === 'https:') return raw;
  } catch {
    // answered below
  }
  throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
}

function trustedProxies(env: Env): string[] {
  try {
    return parseTrustedProxies(list(env.TRUSTED_PROXIES)).entries;
  } catch (error) {
    throw new ConfigError('TRUSTED_PROXIES', (error as Error).message);
  }
}

function resetMailLimits(env: Env): MailLimits {
  try {
    return parseMailLimits(env.RESET_MAIL_LIMITS);
  } catch (error) {
    throw new ConfigError('RESET_MAIL_LIMITS', (error as Error).message);
  }
}

function requireTwoFactor(env: Env): TwoFactorRequirement {
  const raw = env.REQUIRE_2FA?.trim().toLowerCase() || 'none';
  if (!(TWO_FACTOR_REQUIREMENTS as readonly string[]).includes(raw)) {
    throw new ConfigError('REQUIRE_2FA', `must be one of ${TWO_FACTOR_REQUIREMENTS.join(', ')}, got "${env.REQUIRE_2FA}"`);
  }
  return raw as TwoFactorRequirement;
}

function basePathOf(env: Env): string {
  const raw = env.BASE_PATH?.trim() ?? '';
  if (raw === '' || raw === '/') return '';
  if (!/^\/[A-Za-z0-9._~\-/]*[^/]$/.test(raw) || raw.includes('//')) {
    throw new ConfigError('BASE_PATH', `must start with "/" and be a plain path such as /managementportal, got "${raw}"`);
  }
  return raw;
}

// Each entry must be an origin as a browser sends it in `Origin` (scheme, host, port; no path), compared normalized.
function widgetsAllowedOrigins(env: Env): '*' | string[] {
  const entries = list(env.WIDGETS_ALLOWED_ORIGINS);
  if (!entries.length || (entries.length === 1 && entries[0] === '*')) return '*';
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const bare = url && (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
      && `${url.pathname}${url.search}${url.hash}` === '/';
    if (!url || !bare) {
      throw new ConfigError('WIDGETS_ALLOWED_ORIGINS', `must be * or origins such as https://example.org, comma separated; got "${entry}"`);
    }
    return url.origin;
  });
}

/** SIGNING_KEY_FILE, checked at start-up (readable, an EC P-256 or RSA private key) so a bad file stops the start. */
function signingKeyFile(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SIGNING_KEY_FILE?.trim();
  if (!raw) return undefined;
  const path = resolve(raw);
  try {
    readSigningKeyFile(path);
  } catch (error) {
    throw new ConfigError('SIGNING_KEY_FILE', (error as Error).message);
  }
  return path;
}

function workers(env: Env, databaseUrl: string | undefined): number {
  const cores = availableParallelism();
  const n = int(env, 'WORKERS', databaseUrl ? cores : 1, 1, 256);
  if (n > 1 && !databaseUrl) {
    throw new ConfigError('WORKERS', `must be 1 with the embedded database, which one process owns (got ${n}); ` +
      'set DATABASE_URL to a PostgreSQL server to run several worker processes');
  }
  return n;
}

/**
 * A pool of about twice the cores for all processes together: PostgreSQL runs about one busy backend per core, and
 * as many again waiting on a commit's flush or on the network; more connections only queue inside the database, where
 * every backend's locks and snapshots cost the others (16 cores with 8 workers of 10 connections were 80 backends, and
 * the lock manager became the queue). The cores counted are this machine's, the common case of a database on the same
 * machine or one of its size; DATABASE_POOL_SIZE states another. At least 4, so that a request holding a transaction's
 * connection still finds one for a statement beside it.
 */
function databasePoolSize(env: Env, workerCount: number): number {
  const fallback = Math.max(4, Math.ceil((2 * availableParallelism()) / workerCount));
  return int(env, 'DATABASE_POOL_SIZE', fallback, 1, 1000);
}

/** DISK_SPACE_WARNING_MB and DISK_SPACE_MINIMUM_MB (db/disk-space.ts), in MiB; the warning comes first. */
function diskSpaceThresholds(env: Env): DiskSpaceThresholds {
  const MiB = 1024 * 1024;
  const minimum = int(env, 'DISK_SPACE_MINIMUM_MB', DEFAULT_DISK_SPACE.minimumBytes / MiB, 0, 1_000_000);
  const warning = int(env, 'DISK_SPACE_WARNING_MB', Math.max(DEFAULT_DISK_SPACE.warningBytes / MiB, minimum), 0, 1_000_000);
  if (warning < minimum) throw new ConfigError('DISK_SPACE_WARNING_MB', `must not be below DISK_SPACE_MINIMUM_MB (${minimum}), got "${warning}"`);
  return { warningBytes: warning * MiB, minimumBytes: minimum * MiB };
}

export function loadConfig(processEnv: Env = process.env): Config {
  // ManagementPortal's names (SPRING_*, MANAGEMENTPORTAL_*) become ours here, once (config-mp-env.ts).
  const mp = translateMpEnv(processEnv);
  if (mp.error) throw new ConfigError(mp.error.variable, mp.error.message);
  const env = mp.env;
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const basePath = basePathOf(env);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }
  const workerCount = workers(env, databaseUrl);
  let publicUrl = env.PUBLIC_URL?.trim() || `http://${host.includes(':') ? `[${host}]` : host}:${port}${basePath}`;
  try {
    const u = new URL(publicUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError('PUBLIC_URL', `must be an absolute http(s) URL, got "${publicUrl}"`);
  }
  publicUrl = publicUrl.replace(/\/+$/, '');
  const logLevel = (env.LOG_LEVEL?.trim().toUpperCase() || 'INFO') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const hiddenSubjectFields = list(env.HIDDEN_SUBJECT_FIELDS);
  for (const field of hiddenSubjectFields) {
    if (!(HIDEABLE_SUBJECT_FIELDS as readonly string[]).includes(field)) {
      throw new ConfigError('HIDDEN_SUBJECT_FIELDS', `may list only ${HIDEABLE_SUBJECT_FIELDS.join(', ')}; got "${field}"`);
    }
  }
  const profiles = list(env.PROFILES);
  for (const p of profiles) {
    if (!/^[a-z0-9-]+$/.test(p)) throw new ConfigError('PROFILES', `holds an invalid profile name "${p}"`);
  }
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL', 'must be an smtp:// or smtps:// URL');
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 100)) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be 8 to 100 characters long');
  }
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    adminPassword,
    basePath,
    publicUrl,
    profiles: profiles.length ? profiles : ['prod'],
    hiddenSubjectFields,
    importMaxRows: int(env, 'IMPORT_MAX_ROWS', 10_000, 1, 100_000),
    logLevel,
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'ManagementPortal@localhost',
    frontendClientSecret: env.FRONTEND_CLIENT_SECRET || undefined,
    shutdownGraceSeconds: int(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 600),
    diskSpace: diskSpaceThresholds(env),
    metaTokenTimeoutMs: metaTokenTimeoutMs(env.META_TOKEN_TIMEOUT),
    persistentMetaTokenTimeoutMs: persistentMetaTokenTimeoutMs(env.PERSISTENT_META_TOKEN_TIMEOUT),
    privacyPolicyUrl: httpUrl(env, 'PRIVACY_POLICY_URL', 'http://info.thehyve.nl/radar-cns-privacy-policy'),
    oauthClientsFile: env.OAUTH_CLIENTS_FILE?.trim() ? resolve(env.OAUTH_CLIENTS_FILE.trim()) : undefined,
    catalogueAutoImport: bool(env, 'CATALOGUE_AUTO_IMPORT', false),
    catalogueServerUrl: httpUrl(env, 'CATALOGUE_SERVER_URL', 'http://catalogue-server:8080'),
    trustedProxies: trustedProxies(env),
    resetMailLimits: resetMailLimits(env),
    requireTwoFactor: requireTwoFactor(env),
    workers: workerCount,
    databasePoolSize: databasePoolSize(env, workerCount),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 0, 1, 36500) || undefined,
    auditRetentionByType: retentionByType(env),
    auditPersonalDataDays: int(env, 'AUDIT_PERSONAL_DATA_DAYS', 90, 0, 36500) || undefined,
    oidc: readOidcConfig(env, (variable, problem) => {
      throw new ConfigError(variable, problem);
    }),
    widgetsAllowedOrigins: widgetsAllowedOrigins(env),
    signingKeyFile: signingKeyFile(env),
    ...readKeyStoreConfig(env, (variable, problem) => {
      throw new ConfigError(variable, problem);
    }),
    ...readDeployConfig(env, mp, (variable, problem) => {
      throw new ConfigError(variable, problem);
    }),
    ...readOperationsConfig(env, (variable, problem) => {
      throw new ConfigError(variable, problem);
    }),
    ...readDatabaseTimeoutConfig(env, (variable, problem) => {
      throw new ConfigError(variable, problem);
    }),
  };
}
