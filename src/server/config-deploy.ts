// The settings for running in ManagementPortal's place (docs/deploy.md): which PostgreSQL schema holds the portal's
// tables, whether the first start imports MP's tables from the same database, whether `admin`'s password is set at
// every start (MP's meaning of MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD), the platform address apps are given, and what
// the translation of MP's names (config-mp-env.ts) has to say. Kept apart from config.ts, which only spreads it in.
import type { MpEnvTranslation } from './config-mp-env';

type Env = Record<string, string | undefined>;

export interface DeployConfig {
  /** Schema of the portal's tables on a PostgreSQL server (DATABASE_SCHEMA, default `portal`; db/portal-schema.ts). */
  databaseSchema: string;
  /** Import ManagementPortal's tables from the same database on the first start (MP_AUTO_IMPORT, default true). */
  mpAutoImport: boolean;
  /** Set `admin`'s password to ADMIN_PASSWORD at every start, not only on an empty database (ADMIN_PASSWORD_EVERY_START). */
  adminPasswordEveryStart: boolean;
  /** The platform's address handed to paired apps as TokenDTO.baseUrl (PLATFORM_BASE_URL); undefined = PUBLIC_URL. */
  platformBaseUrl?: string;
  /** What translating MP's names found, logged once at start-up. */
  mpEnv: Pick<MpEnvTranslation, 'warnings' | 'ignored'>;
}

type Fail = (variable: string, problem: string) => never;

function flag(env: Env, name: string, fallback: boolean, fail: Fail): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw !== 'true' && raw !== 'false') fail(name, `must be true or false, got "${env[name]}"`);
  return raw === 'true';
}

export function readDeployConfig(env: Env, mp: MpEnvTranslation, fail: Fail): DeployConfig {
  const databaseSchema = env.DATABASE_SCHEMA?.trim() || 'portal';
  // A plain lower-case identifier: it goes into search_path and CREATE SCHEMA unquoted.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    fail('DATABASE_SCHEMA', `must be a lower-case SQL name (letters, digits, _), got "${databaseSchema}"`);
  }
  // Unset, the public URL is used where it is read (tests set publicUrl once the port is known).
  let platformBaseUrl = env.PLATFORM_BASE_URL?.trim() || undefined;
  if (platformBaseUrl) {
    try {
      const u = new URL(platformBaseUrl);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    } catch {
      fail('PLATFORM_BASE_URL', `must be an absolute http(s) URL, got "${platformBaseUrl}"`);
    }
    platformBaseUrl = platformBaseUrl.replace(/\/+$/, '');
  }
  const adminPasswordEveryStart = flag(env, 'ADMIN_PASSWORD_EVERY_START', false, fail);
  if (adminPasswordEveryStart && !env.ADMIN_PASSWORD) fail('ADMIN_PASSWORD_EVERY_START', 'needs ADMIN_PASSWORD');
  return {
    databaseSchema,
    mpAutoImport: flag(env, 'MP_AUTO_IMPORT', true, fail),
    adminPasswordEveryStart,
    platformBaseUrl,
    mpEnv: { warnings: mp.warnings, ignored: mp.ignored },
  };
}
