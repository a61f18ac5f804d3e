// A ManagementPortal-shaped database for the import tests: the tables its Liquibase changelogs leave after the
// last 3.0 changeset (only the columns the importer reads or that constrain rows), and a small demo data set that
// has every field and every kind of row the importer treats differently (a discontinued subject, a moved subject,
// a project from before organizations, a public client, expired and used meta-tokens, ...).
import bcrypt from 'bcryptjs';
import type { Database } from '../../src/server/db/database';
import { openPglite } from '../../src/server/db/pglite';
import { createEmptyPostgresDatabase, TEST_DATABASE_URL } from '../setup/database';
import { openPostgres } from '../../src/server/db/postgres';

export const MP_DDL = `
CREATE TABLE radar_authority (name varchar(50) PRIMARY KEY);
CREATE TABLE radar_user (
  id bigint PRIMARY KEY, login varchar(50) NOT NULL UNIQUE, password_hash varchar(60), first_name varchar(50), last_name varchar(50),
  email varchar(100) UNIQUE, activated boolean NOT NULL, lang_key varchar(5), activation_key varchar(20), reset_key varchar(20),
  created_by varchar(50) NOT NULL, created_date timestamp NOT NULL, reset_date timestamp, last_modified_by varchar(50),
  last_modified_date timestamp, identity varchar(255));
CREATE TABLE radar_organization (id bigint PRIMARY KEY, name varchar(255) NOT NULL UNIQUE, description varchar(255) NOT NULL, location varchar(255) NOT NULL,
  created_by varchar(50), created_date timestamp, last_modified_by varchar(50), last_modified_date timestamp);
CREATE TABLE project (
  id bigint PRIMARY KEY, project_name varchar(255) NOT NULL UNIQUE, description varchar(255) NOT NULL, jhi_organization varchar(255),
  location varchar(255) NOT NULL, start_date timestamp, project_status varchar(255), end_date timestamp,
  created_by varchar(50), created_date timestamp, last_modified_by varchar(50), last_modified_date timestamp,
  organization_id bigint REFERENCES radar_organization (id));
CREATE TABLE project_metadata (id bigint NOT NULL REFERENCES project (id), attribute_key varchar(255) NOT NULL, attribute_value varchar(255),
  PRIMARY KEY (id, attribute_key));
CREATE TABLE source_type (
  id bigint PRIMARY KEY, producer varchar(255), model varchar(255) NOT NULL, catalog_version varchar(255) NOT NULL,
  source_type_scope varchar(255) NOT NULL, app_provider varchar(500), assessment_type varchar(500), name varchar(255),
  description varchar(4000), dynamic_registration boolean NOT NULL DEFAULT false,
  created_by varchar(50), created_date timestamp, last_modified_by varchar(50), last_modified_date timestamp,
  UNIQUE (producer, model, catalog_version));
CREATE TABLE project_source_type (source_types_id bigint NOT NULL REFERENCES source_type (id), projects_id bigint NOT NULL REFERENCES project (id),
  PRIMARY KEY (projects_id, source_types_id));
CREATE TABLE source_data (
  id bigint PRIMARY KEY, source_data_type varchar(255) NOT NULL, source_data_name varchar(255) NOT NULL UNIQUE, frequency varchar(255),
  unit varchar(255), processing_state varchar(255), data_class varchar(255), key_schema varchar(255), value_schema varchar(255),
  topic varchar(255), provider varchar(255), enabled boolean NOT NULL, source_type_id bigint REFERENCES source_type (id));
CREATE TABLE radar_role (id bigint PRIMARY KEY, authority_name varchar(50) REFERENCES radar_authority (name),
  project_id bigint REFERENCES project (id), organization_id bigint REFERENCES radar_organization (id));
CREATE TABLE role_users (roles_id bigint NOT NULL REFERENCES radar_role (id), users_id bigint NOT NULL REFERENCES radar_user (id),
  PRIMARY KEY (users_id, roles_id));
CREATE TABLE radar_group (id bigint PRIMARY KEY, name varchar(255) NOT NULL, project_id bigint NOT NULL REFERENCES project (id), UNIQUE (project_id, name));
CREATE TABLE subject (
  id bigint PRIMARY KEY, external_link varchar(255), external_id varchar(255), removed boolean NOT NULL,
  user_id bigint UNIQUE REFERENCES radar_user (id), group_id bigint REFERENCES radar_group (id), date_of_birth date,
  person_name varchar(255), enrollment_date timestamp,
  created_by varchar(50), created_date timestamp, last_modified_by varchar(50), last_modified_date timestamp);
CREATE TABLE subject_metadata (id bigint NOT NULL REFERENCES subject (id), attribute_key varchar(255) NOT NULL, attribute_value varchar(255),
  PRIMARY KEY (id, attribute_key));
CREATE TABLE radar_source (
  id bigint PRIMARY KEY, source_id uuid NOT NULL UNIQUE, source_name varchar(255) NOT NULL UNIQUE, expected_source_name varchar(255),
  assigned boolean NOT NULL, source_type_id bigint REFERENCES source_type (id), project_id bigint REFERENCES project (id),
  subject_id bigint REFERENCES subject (id), deleted boolean NOT NULL DEFAULT false,
  created_by varchar(50), created_date timestamp, last_modified_by varchar(50), last_modified_date timestamp);
CREATE TABLE source_metadata (id bigint NOT NULL REFERENCES radar_source (id), attribute_key varchar(255) NOT NULL, attribute_value varchar(255),
  PRIMARY KEY (id, attribute_key));
CREATE TABLE oauth_client_details (
  client_id varchar(255) PRIMARY KEY, resource_ids varchar(255), client_secret varchar(255), scope varchar(255),
  authorized_grant_types varchar(255), web_server_redirect_uri varchar(255), authorities varchar(255), access_token_validity integer,
  refresh_token_validity integer, additional_information varchar(4000), autoapprove varchar(4000));
CREATE TABLE radar_meta_token (
  id bigint PRIMARY KEY, token_name varchar(255) NOT NULL UNIQUE, fetched boolean NOT NULL, expiry_date timestamp,
  subject_id bigint REFERENCES subject (id), client_id varchar(255) NOT NULL, persistent boolean NOT NULL DEFAULT false,
  created_by varchar(50), created_date timestamp, last_modified_by varchar(50), last_modified_date timestamp);
CREATE TABLE _revisions_info (id integer PRIMARY KEY, timestamp timestamp, auditor varchar(255));
`;

export const PASSWORDS = { admin: 'Mp-Admin-Password-1', pam: 'Pam-MP-Password-1' };
export const CLIENT_SECRETS = { radar_redcap_integrator: 'redcap-secret', legacy_plain: 'plain-secret' };
export const SOURCE_UUIDS = ['0d6b4b7a-3b0e-4a51-9d8f-6b2f1d0c1a01', '0d6b4b7a-3b0e-4a51-9d8f-6b2f1d0c1a02', '0d6b4b7a-3b0e-4a51-9d8f-6b2f1d0c1a03'];

/** Fills an MP-shaped database with the demo data set. Hashes use bcrypt cost 10 like ManagementPortal. */
export async function fillDemoData(db: Database): Promise<void> {
  const hash = (pw: string) => bcrypt.hashSync(pw, 10);
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  for (const a of ['ROLE_SYS_ADMIN', 'ROLE_ORGANIZATION_ADMIN', 'ROLE_PROJECT_ADMIN', 'ROLE_PROJECT_OWNER', 'ROLE_PROJECT_AFFILIATE',
    'ROLE_PROJECT_ANALYST', 'ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT']) await q('INSERT INTO radar_authority VALUES ($1)', [a]);
  await q(`INSERT INTO radar_organization (id, name, description, location) VALUES
    (1, 'main', 'The MP main organization', 'Utrecht'), (2, 'The Hyve', 'Research partner', 'Amsterdam')`);
  await q(`INSERT INTO source_type (id, producer, model, catalog_version, source_type_scope, app_provider, assessment_type, name, description, dynamic_registration) VALUES
    (1, 'Empatica', 'E4', 'v1', 'PASSIVE', 'org.radarcns.empatica.E4Provider', NULL, 'Empatica E4', 'Wristband', false),
    (2, 'RADAR', 'aRMT', '1.4.3', 'ACTIVE', NULL, 'questionnaire', 'aRMT app', NULL, true)`);
  await q(`INSERT INTO source_data (id, source_data_type, source_data_name, frequency, unit, processing_state, data_class, key_schema, value_schema, topic, provider, enabled, source_type_id) VALUES
    (1, 'ACCELEROMETER', 'Empatica_E4_v1_ACCELEROMETER', '32.0', 'G', 'RAW', 'RAW', 'org.radarcns.kafka.ObservationKey',
     'org.radarcns.passive.empatica.EmpaticaE4Acceleration', 'android_empatica_e4_acceleration', 'org.radarcns.empatica.E4Provider', true, 1),
    (2, 'BATTERY', 'Empatica_E4_v1_BATTERY', '1.0', 'PERCENTAGE', 'RAW', NULL, NULL, NULL, 'android_empatica_e4_battery_level', NULL, false, 1)`);
  await q(`INSERT INTO project (id, project_name, description, jhi_organization, location, start_date, project_status, end_date, organization_id) VALUES
    (1, 'radar', 'The RADAR study', 'main', 'London', '2021-01-01 09:00:00', 'ONGOING', '2027-12-31 17:00:00.123456', 1),
    (2, 'pilot', 'A pilot', 'The Hyve', 'Amsterdam', NULL, 'ENDED', NULL, 2),
    (3, 'legacy', 'From before organizations', 'The Hyve', 'Utrecht', NULL, NULL, NULL, NULL)`);
  await q(`INSERT INTO project_metadata (id, attribute_key, attribute_value) VALUES
    (1, 'Human-readable-project-name', 'RADAR'), (1, 'Work-package', 'WP1'), (1, 'empty', NULL)`);
  await q('INSERT INTO project_source_type (projects_id, source_types_id) VALUES (1, 1), (1, 2), (2, 2)');
  await q(`INSERT INTO radar_group (id, name, project_id) VALUES (1, 'Group A', 1), (2, 'Group B', 1)`);
  await q(`INSERT INTO radar_role (id, authority_name, project_id, organization_id) VALUES
    (1, 'ROLE_SYS_ADMIN', NULL, NULL), (2, 'ROLE_PROJECT_ADMIN', 1, NULL), (3, 'ROLE_PARTICIPANT', 1, NULL), (4, 'ROLE_PARTICIPANT', 2, NULL),
    (5, 'ROLE_INACTIVE_PARTICIPANT', 1, NULL), (6, 'ROLE_ORGANIZATION_ADMIN', NULL, 2), (7, 'ROLE_PROJECT_ANALYST', 2, NULL)`);
  const user = (id: number, login: string, pw: string | null, extra: Record<string, unknown> = {}) =>
    q(`INSERT INTO radar_user (id, login, password_hash, first_name, last_name, email, activated, lang_key, activation_key, reset_key,
         created_by, created_date, reset_date, last_modified_by, last_modified_date, identity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`, [
      id, login, pw === null ? null : hash(pw), extra.first ?? null, extra.last ?? null, extra.email ?? null, extra.activated ?? true,
      extra.lang ?? 'en', extra.activationKey ?? null, extra.resetKey ?? null, 'system', extra.created ?? '2020-05-01 10:00:00',
      extra.resetDate ?? null, extra.modifiedBy ?? 'admin', extra.modified ?? null, extra.identity ?? null]);
  await user(1, 'admin', PASSWORDS.admin, { first: 'Ad', last: 'Min', email: 'admin@example.org' });
  await user(2, 'pam', PASSWORDS.pam, { first: 'Pam', last: 'Jansen', email: 'pam@example.org', lang: 'nl', modified: '2023-02-03 04:05:06.789', identity: 'kratos-id-pam' });
  await user(3, 'olga', null, { first: 'Olga', email: 'olga@example.org', activated: false, activationKey: 'ACTKEY12345678901234' });
  await user(10, 'sub-1', 'sub-pw-1', { resetKey: 'RESETKEY000000000001', resetDate: '2024-01-01 00:00:00' });
  await user(11, 'sub-2', 'sub-pw-2');
  await user(12, 'sub-3', 'sub-pw-3', { activated: false });
  await user(13, 'sub-4', 'sub-pw-4');
  await q(`INSERT INTO role_users (users_id, roles_id) VALUES (1, 1), (2, 2), (3, 6), (3, 7), (10, 3), (11, 4), (12, 3), (13, 5), (13, 4)`);
  await q(`INSERT INTO subject (id, external_link, external_id, removed, user_id, group_id, date_of_birth, person_name, enrollment_date) VALUES
    (100, 'https://example.org/p/1', 'EXT-1', false, 10, 1, '1980-02-29', 'Jane Doe', '2022-03-04 05:06:07.5'),
    (101, NULL, 'EXT-2', false, 11, NULL, NULL, NULL, NULL),
    (102, NULL, NULL, true, 12, 2, NULL, 'Gone Person', NULL),
    (103, NULL, 'EXT-4', false, 13, NULL, '1999-12-31', NULL, '2023-01-01 00:00:00')`);
  await q(`INSERT INTO subject_metadata (id, attribute_key, attribute_value) VALUES
    (100, 'Human-readable-identifier', 'P-1'), (100, 'site', 'London'), (103, 'site', 'Leeds')`);
  await q(`INSERT INTO radar_source (id, source_id, source_name, expected_source_name, assigned, source_type_id, project_id, subject_id, deleted) VALUES
    (200, $1, 'E4-0d6b4b7a', 'E4 A01', true, 1, 1, 100, false),
    (201, $2, 'aRMT-0d6b4b7a', NULL, false, 2, 1, NULL, false),
    (202, $3, 'aRMT-old', NULL, true, 2, 2, 101, true)`, SOURCE_UUIDS);
  await q(`INSERT INTO source_metadata (id, attribute_key, attribute_value) VALUES (200, 'firmware', '1.2'), (200, 'colour', 'black')`);
  await q(`INSERT INTO oauth_client_details (client_id, resource_ids, client_secret, scope, authorized_grant_types, web_server_redirect_uri,
      authorities, access_token_validity, refresh_token_validity, additional_information, autoapprove) VALUES
    ('ManagementPortalapp', 'res_ManagementPortal', $1, 'SUBJECT.READ', 'password,refresh_token,authorization_code', NULL, NULL, 14400, 259200, '{"protected": true}', 'true'),
    ('aRMT', 'res_ManagementPortal,res_gateway', '', 'SUBJECT.READ,SUBJECT.UPDATE,PROJECT.READ', 'refresh_token,authorization_code', 'org.phidatalab.radar-armt://oauth2/redirect', NULL, 43200, 7948800,
       '{"dynamic_registration": true, "protected": true}', NULL),
    ('radar_redcap_integrator', 'res_ManagementPortal', $2, 'PROJECT.READ,SUBJECT.CREATE,SUBJECT.READ,SUBJECT.UPDATE', 'client_credentials', NULL, 'ROLE_SYS_ADMIN', 900, NULL, '{}', 'SUBJECT.READ'),
    ('legacy_plain', 'res_ManagementPortal', $3, 'PROJECT.READ', 'client_credentials', NULL, NULL, NULL, NULL, NULL, NULL)`,
  [hash('unused'), `{bcrypt}${hash(CLIENT_SECRETS.radar_redcap_integrator)}`, CLIENT_SECRETS.legacy_plain]); // Spring's prefixed form, and one in clear
  await q(`INSERT INTO radar_meta_token (id, token_name, fetched, expiry_date, subject_id, client_id, persistent) VALUES
    (300, 'persistentTokenAA', true, now() + interval '20 days', 100, 'aRMT', true),
    (301, 'shortTk1', false, now() + interval '30 minutes', 101, 'aRMT', false),
    (302, 'expiredT', false, now() - interval '1 day', 100, 'aRMT', false),
    (303, 'usedTok1', true, now() + interval '30 minutes', 103, 'aRMT', false)`);
}

async function createSchema(db: Database): Promise<void> {
  for (const statement of MP_DDL.split(';\n').map((s) => s.trim()).filter(Boolean)) await db.query(statement);
}

export interface MpSource {
  db: Database;
  /** postgres:// URL on the PostgreSQL run; undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}

/** An empty MP-shaped database: PGlite in memory, or a new database on TEST_DATABASE_URL's server. */
export async function createMpDatabase(): Promise<MpSource> {
  if (TEST_DATABASE_URL) {
    const empty = await createEmptyPostgresDatabase();
    const db = openPostgres(empty.url, { max: 2 });
    await createSchema(db);
    return { db, url: empty.url, drop: async () => { await db.close().catch(() => {}); await empty.drop(); } };
  }
  const db = await openPglite({});
  await createSchema(db);
  return { db, drop: () => db.close().catch(() => {}) };
}
