// ManagementPortal's real database for the import tests: test/fixtures/mp-3.0/schema.sql (what MP 3.0's own
// Liquibase changelogs leave) with its dev-data.sql loaded, in PGlite on the PGlite run or as a new database on the
// PostgreSQL server of TEST_DATABASE_URL, plus the rows a test adds (`addTestRows`: every kind of row the importer
// treats differently that the dev data lacks, and Envers history). `mpChecksums` proves an import left MP's tables
// exactly as they were.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';
import postgres from 'postgres';
import type { Database } from '../../src/server/db/database';
import { openPglite } from '../../src/server/db/pglite';
import { openPostgres } from '../../src/server/db/postgres';
import { createEmptyPostgresDatabase, TEST_DATABASE_URL } from '../setup/database';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = `${ROOT}test/fixtures/mp-3.0`;
export const sqlFile = (name: string) => readFileSync(`${FIXTURES}/${name}`, 'utf8');

/** What the dev data holds (test/fixtures/mp-3.0/README.md), counted from dev-data.sql. */
export const DEV_DATA = {
  organizations: 1, projects: 2, groups: 2, roles: 6, staff: ['admin', 'oadmin', 'padmin', 'padmin2'], subjects: 51,
  sources: 1, sourceTypes: 2, sourceData: 7, adminPassword: 'admin',
};

export interface MpSource {
  db: Database;
  /** postgres:// URL of MP's database on the PostgreSQL run; undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}

/** Runs a pg_dump file's SQL: the dump empties search_path for its session, so it runs on a connection of its own. */
export async function loadDump(url: string, files: string[]): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    for (const file of files) await sql.unsafe(sqlFile(file)).simple();
  } finally {
    await sql.end();
  }
}

/** MP 3.0's schema, with its dev data unless `devData: false`. */
export async function createMpDatabase(options: { devData?: boolean } = {}): Promise<MpSource> {
  const files = options.devData === false ? ['schema.sql'] : ['schema.sql', 'dev-data.sql'];
  if (TEST_DATABASE_URL) {
    const empty = await createEmptyPostgresDatabase();
    await loadDump(empty.url, files);
    const db = openPostgres(empty.url, { max: 2 });
    return { db, url: empty.url, drop: async () => { await db.close().catch(() => {}); await empty.drop(); } };
  }
  const db = await openPglite({});
  for (const file of files) await db.pg.exec(sqlFile(file));
  await db.pg.exec('RESET search_path');
  return { db, drop: () => db.close().catch(() => {}) };
}

/**
 * Why a throw-away PostgreSQL server (.ci/postgres.sh) cannot be started here, or undefined when it can: the script
 * runs the server as the `postgres` OS user through `su`, so it needs root, that user and initdb on its PATH (Debian's
 * postgresql-15 gives the last two). Tests that need one say this reason in a skip line instead of failing.
 */
export function postgresServerUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'it runs as the postgres OS user through su, which needs root';
  if (spawnSync('id', ['postgres']).status !== 0) return 'there is no postgres OS user (apt-get install postgresql-15)';
  if (spawnSync('su', ['postgres', '-c', 'command -v initdb && command -v pg_ctl']).status !== 0) {
    return "initdb and pg_ctl are not on the postgres user's PATH (apt-get install postgresql-15)";
  }
  return undefined;
}

/**
 * A PostgreSQL server holding MP's database, for the `npm run import-mp` command, which reads MP through a
 * postgres:// URL. On the PostgreSQL run it is a database on TEST_DATABASE_URL's server; on the PGlite run (no
 * server) a throw-away PostgreSQL 15 started with .ci/postgres.sh, the same script CI starts its server with, so
 * the command is tested on both runs (ManagementPortal itself only ever runs on PostgreSQL).
 */
export async function createMpServerDatabase(): Promise<MpSource & { url: string }> {
  if (TEST_DATABASE_URL) return (await createMpDatabase()) as MpSource & { url: string };
  const env = { ...process.env, PG_TEST_DIR: `/tmp/mp-import-source-${process.pid}` };
  const started = spawnSync('bash', [`${ROOT}.ci/postgres.sh`, 'start'], { env, encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`could not start PostgreSQL for MP's database: ${started.stderr}`);
  const url = started.stdout.trim();
  const stop = () => { spawnSync('bash', [`${ROOT}.ci/postgres.sh`, 'stop'], { env }); };
  try {
    await loadDump(url, ['schema.sql', 'dev-data.sql']);
  } catch (error) {
    stop();
    throw error;
  }
  const db = openPostgres(url, { max: 2 });
  return { db, url, drop: async () => { await db.close().catch(() => {}); stop(); } };
}

export const PASSWORDS = { admin: DEV_DATA.adminPassword, pam: 'Pam-MP-Password-1' };
export const CLIENT_SECRETS = { radar_redcap_integrator: 'redcap-secret', legacy_plain: 'plain-secret' };
export const SOURCE_UUIDS = ['0d6b4b7a-3b0e-4a51-9d8f-6b2f1d0c1a01', '0d6b4b7a-3b0e-4a51-9d8f-6b2f1d0c1a02', '0d6b4b7a-3b0e-4a51-9d8f-6b2f1d0c1a03'];

/** What `addTestRows` adds to the dev data, per entity. */
export const ADDED = { organizations: 1, projects: 2, staff: 2, subjects: 4, sources: 3, sourceTypes: 1, sourceData: 1, clients: 4, metaTokens: 4 };

/**
 * Rows the dev data lacks, in MP's own tables (ids from 1000, clear of the dev data's): a second organization, a
 * project from before organizations, attributes, a user with an identity and Dutch, an unactivated user with an
 * organization role, subjects with every field (discontinued, moved to another project), sources, the platform's
 * OAuth clients (one public, one with Spring's `{bcrypt}` form, one in clear), meta-tokens valid, expired and used,
 * and Envers history for pam and sub-a. Hashes use bcrypt cost 10 like ManagementPortal.
 */
export async function addTestRows(db: Database): Promise<void> {
  const hash = (pw: string) => bcrypt.hashSync(pw, 10);
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  await q(`INSERT INTO radar_organization (id, name, description, location) VALUES (1000, 'The Hyve', 'Research partner', 'Amsterdam')`);
  await q(`INSERT INTO source_type (id, producer, model, catalog_version, source_type_scope, app_provider, assessment_type, name, description, dynamic_registration) VALUES
    (1000, 'RADAR', 'aRMT', '1.4.3', 'ACTIVE', 'org.radarcns.armt.ArmtProvider', 'questionnaire', 'aRMT app', 'Questionnaires', true)`);
  await q(`INSERT INTO source_data (id, source_data_type, source_data_name, frequency, unit, processing_state, data_class, key_schema, value_schema, topic, provider, enabled, source_type_id) VALUES
    (1000, 'PHQ8', 'RADAR_aRMT_1.4.3_PHQ8', NULL, NULL, 'RAW', 'QUESTIONNAIRE', 'org.radarcns.kafka.ObservationKey',
     'org.radarcns.active.questionnaire.Questionnaire', 'questionnaire_phq8', 'org.radarcns.armt.ArmtProvider', false, 1000)`);
  await q(`INSERT INTO project (id, project_name, description, jhi_organization, location, start_date, project_status, end_date, organization_id) VALUES
    (1000, 'pilot', 'A pilot', 'The Hyve', 'Amsterdam', '2021-01-01 09:00:00', 'ENDED', '2027-12-31 17:00:00.123456', 1000),
    (1001, 'legacy', 'From before organizations', 'The Hyve', 'Utrecht', NULL, NULL, NULL, NULL)`);
  await q(`INSERT INTO project_metadata (id, attribute_key, attribute_value) VALUES
    (1, 'Human-readable-project-name', 'RADAR'), (1, 'Work-package', 'WP1'), (1, 'empty', NULL)`);
  await q('INSERT INTO project_source_type (projects_id, source_types_id) VALUES (1, 1000), (1000, 1000)');
  await q(`INSERT INTO radar_role (id, authority_name, project_id, organization_id) VALUES
    (1000, 'ROLE_PARTICIPANT', 1000, NULL), (1001, 'ROLE_INACTIVE_PARTICIPANT', 1, NULL), (1002, 'ROLE_ORGANIZATION_ADMIN', NULL, 1000),
    (1003, 'ROLE_PROJECT_ANALYST', 1000, NULL)`);
  const user = (id: number, login: string, pw: string | null, extra: Record<string, unknown> = {}) =>
    q(`INSERT INTO radar_user (id, login, password_hash, first_name, last_name, email, activated, lang_key, activation_key, reset_key, reset_date, identity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, [
      id, login, pw === null ? null : hash(pw), extra.first ?? null, extra.last ?? null, extra.email ?? null, extra.activated ?? true,
      extra.lang ?? 'en', extra.activationKey ?? null, extra.resetKey ?? null, extra.resetDate ?? null, extra.identity ?? null]);
  await user(1000, 'pam', PASSWORDS.pam, { first: 'Pam', last: 'Jansen', email: 'pam@example.org', lang: 'nl', identity: 'kratos-id-pam' });
  await user(1001, 'olga', null, { first: 'Olga', email: 'olga@example.org', activated: false, activationKey: 'ACTKEY12345678901234' });
  await user(1010, 'sub-a', 'sub-pw-1', { resetKey: 'RESETKEY000000000001', resetDate: '2024-01-01 00:00:00' });
  await user(1011, 'sub-b', 'sub-pw-2');
  await user(1012, 'sub-c', 'sub-pw-3', { activated: false });
  await user(1013, 'sub-d', 'sub-pw-4');
  await q(`INSERT INTO role_users (users_id, roles_id) VALUES (1000, 3), (1001, 1002), (1001, 1003), (1010, 2), (1011, 1000), (1012, 2), (1013, 1001), (1013, 1000)`);
  await q(`INSERT INTO subject (id, external_link, external_id, removed, user_id, group_id, date_of_birth, person_name, enrollment_date) VALUES
    (1000, 'https://example.org/p/1', 'EXT-1', false, 1010, 1, '1980-02-29', 'Jane Doe', '2022-03-04 05:06:07.5'),
    (1001, NULL, 'EXT-2', false, 1011, NULL, NULL, NULL, NULL),
    (1002, NULL, NULL, true, 1012, 2, NULL, 'Gone Person', NULL),
    (1003, NULL, 'EXT-4', false, 1013, NULL, '1999-12-31', NULL, '2023-01-01 00:00:00')`);
  await q(`INSERT INTO subject_metadata (id, attribute_key, attribute_value) VALUES
    (1000, 'Human-readable-identifier', 'P-1'), (1000, 'site', 'London'), (1003, 'site', 'Leeds')`);
  await q(`INSERT INTO radar_source (id, source_id, source_name, expected_source_name, assigned, source_type_id, project_id, subject_id, deleted) VALUES
    (1000, $1, 'E4-0d6b4b7a', 'E4 A01', true, 1, 1, 1000, false),
    (1001, $2, 'aRMT-0d6b4b7a', NULL, false, 1000, 1, NULL, false),
    (1002, $3, 'aRMT-old', NULL, true, 1000, 1000, 1001, true)`, SOURCE_UUIDS);
  await q(`INSERT INTO source_metadata (id, attribute_key, attribute_value) VALUES (1000, 'firmware', '1.2'), (1000, 'colour', 'black')`);
  await q(`INSERT INTO oauth_client_details (client_id, resource_ids, client_secret, scope, authorized_grant_types, web_server_redirect_uri,
      authorities, access_token_validity, refresh_token_validity, additional_information, autoapprove) VALUES
    ('ManagementPortalapp', 'res_ManagementPortal', $1, 'SUBJECT.READ', 'password,refresh_token,authorization_code', NULL, NULL, 14400, 259200, '{"protected": true}', 'true'),
    ('aRMT', 'res_ManagementPortal,res_gateway', '', 'SUBJECT.READ,SUBJECT.UPDATE,PROJECT.READ', 'refresh_token,authorization_code', 'org.phidatalab.radar-armt://oauth2/redirect', NULL, 43200, 7948800,
       '{"dynamic_registration": true, "protected": true}', NULL),
    ('radar_redcap_integrator', 'res_ManagementPortal', $2, 'PROJECT.READ,SUBJECT.CREATE,SUBJECT.READ,SUBJECT.UPDATE', 'client_credentials', NULL, 'ROLE_SYS_ADMIN', 900, NULL, '{}', 'SUBJECT.READ'),
    ('legacy_plain', 'res_ManagementPortal', $3, 'PROJECT.READ', 'client_credentials', NULL, NULL, NULL, NULL, NULL, NULL)`,
  [hash('unused'), `{bcrypt}${hash(CLIENT_SECRETS.radar_redcap_integrator)}`, CLIENT_SECRETS.legacy_plain]); // Spring's prefixed form, and one in clear
  await q(`INSERT INTO radar_meta_token (id, token_name, fetched, expiry_date, subject_id, client_id, persistent) VALUES
    (1000, 'persistentTokenAA', true, now() + interval '20 days', 1000, 'aRMT', true),
    (1001, 'shortTk1', false, now() + interval '30 minutes', 1001, 'aRMT', false),
    (1002, 'expiredT', false, now() - interval '1 day', 1000, 'aRMT', false),
    (1003, 'usedTok1', true, now() + interval '30 minutes', 1003, 'aRMT', false)`);
  // Envers: pam created by padmin, changed later by admin; sub-a's user and subject created in one revision, the
  // subject changed later (its last change is the subject's). olga has no history.
  await q(`INSERT INTO _revisions_info (id, auditor, "timestamp") VALUES
    (1000, 'padmin', '2024-02-03 04:05:06.789'), (1001, 'admin', '2025-06-07 08:09:10'), (1002, 'padmin2', '2025-08-09 10:11:12.5')`);
  await q(`INSERT INTO radar_user_aud (id, rev, revtype, login) VALUES (1000, 1000, 0, 'pam'), (1000, 1001, 1, 'pam'), (1010, 1000, 0, 'sub-a')`);
  await q(`INSERT INTO subject_aud (id, rev, revtype, user_id) VALUES (1000, 1000, 0, 1010), (1000, 1002, 1, 1010)`);
}

/** Row count and an md5 of all rows (as text, sorted) of every table in MP's schema: equal before and after an
 * import means the import left MP's tables byte-for-byte as they were. */
export async function mpChecksums(db: Database): Promise<Record<string, string>> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = await db.query<{ n: number; md5: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM "${table}" t`,
    );
    sums[table] = `${row.n} ${row.md5}`;
  }
  return sums;
}
