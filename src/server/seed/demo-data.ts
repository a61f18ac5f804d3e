// The fixed part of the demo data set (after ManagementPortal's dev/test data): organizations, the
// projects `radar` and `Radar-Pilot-01` (organization main) plus one in a second organization, source types and
// source data, groups, staff users with their roles, and a few unassigned sources to pair. Every insert is
// idempotent, so seeding again only adds subjects.
import type { Queryable } from '../db/database';

const STATEMENTS = [
  `INSERT INTO radar_organization (name, description, location) VALUES ('Radar-CNS', 'The RADAR-CNS consortium', 'London')
   ON CONFLICT (name) DO NOTHING`,
  `INSERT INTO project (project_name, description, location, project_status, start_date, organization_id)
   SELECT v.name, v.description, v.location, 'PLANNING', timestamptz '2024-01-01T00:00Z', o.id
     FROM (VALUES ('radar', 'RadarTest', 'London', 'main'), ('Radar-Pilot-01', 'RadarTest2', 'Frieburg', 'main'),
                  ('cns-study', 'A study of the second organization', 'Amsterdam', 'Radar-CNS')) v(name, description, location, org)
     JOIN radar_organization o ON o.name = v.org
   ON CONFLICT (project_name) DO NOTHING`,
  `INSERT INTO project_metadata (project_id, attribute_key, attribute_value)
   SELECT id, 'Human-readable-project-name', CASE project_name WHEN 'radar' THEN 'RADAR test' ELSE project_name END
     FROM project WHERE project_name IN ('radar', 'Radar-Pilot-01', 'cns-study')
   ON CONFLICT DO NOTHING`,
  `INSERT INTO source_type (producer, model, catalog_version, source_type_scope, dynamic_registration, name)
   VALUES ('Empatica', 'E4', 'v1', 'PASSIVE', false, 'Empatica E4'), ('THINC-IT App', 'App', 'v1', 'ACTIVE', true, 'THINC-it')
   ON CONFLICT DO NOTHING`,
  `INSERT INTO project_source_type (project_id, source_type_id)
   SELECT p.id, st.id FROM project p CROSS JOIN source_type st
    WHERE p.project_name IN ('radar', 'Radar-Pilot-01') AND st.producer IN ('Empatica', 'THINC-IT App') AND st.catalog_version = 'v1'
   ON CONFLICT DO NOTHING`,
  `INSERT INTO source_data (source_data_type, source_data_name, source_type_id, frequency, unit, processing_state, topic, key_schema, value_schema)
   SELECT v.type, v.name, st.id, v.frequency, v.unit, 'RAW', v.topic, 'org.radarcns.kafka.ObservationKey', v.schema
     FROM (VALUES
       ('EMPATICA_E4_v1_ACCELEROMETER', 'EMPATICA_E4_v1_ACCELEROMETER', '32.0', 'G', 'android_empatica_e4_acceleration', 'org.radarcns.passive.empatica.EmpaticaE4Acceleration'),
       ('EMPATICA_E4_v1_BATTERY', 'EMPATICA_E4_v1_BATTERY', NULL, NULL, 'android_empatica_e4_battery_level', 'org.radarcns.passive.empatica.EmpaticaE4BatteryLevel'),
       ('EMPATICA_E4_v1_BLOOD_VOLUME_PULSE', 'EMPATICA_E4_v1_BLOOD_VOLUME_PULSE', '64.0', NULL, 'android_empatica_e4_blood_volume_pulse', 'org.radarcns.passive.empatica.EmpaticaE4BloodVolumePulse'),
       ('EMPATICA_E4_v1_ELECTRODERMAL_ACTIVITY', 'EMPATICA_E4_v1_ELECTRODERMAL_ACTIVITY', '4.0', 'microsiemens', 'android_empatica_e4_electrodermal_activity', 'org.radarcns.passive.empatica.EmpaticaE4ElectroDermalActivity'),
       ('EMPATICA_E4_v1_INTER_BEAT_INTERVAL', 'EMPATICA_E4_v1_INTER_BEAT_INTERVAL', NULL, 'seconds', 'android_empatica_e4_inter_beat_interval', 'org.radarcns.passive.empatica.EmpaticaE4InterBeatInterval'),
       ('EMPATICA_E4_v1_THERMOMETER', 'EMPATICA_E4_v1_THERMOMETER', '4.0', 'celsius', 'android_empatica_e4_temperature', 'org.radarcns.passive.empatica.EmpaticaE4Temperature')
     ) v(type, name, frequency, unit, topic, schema)
     JOIN source_type st ON st.producer = 'Empatica' AND st.model = 'E4' AND st.catalog_version = 'v1'
   ON CONFLICT (source_data_name) DO NOTHING`,
  `INSERT INTO source_data (source_data_type, source_data_name, source_type_id, processing_state, topic)
   SELECT 'THINC_IT_QUESTIONNAIRE', 'Thinc IT App QUESTIONNAIRE', id, 'RAW', 'thinc_it_questionnaire' FROM source_type
    WHERE producer = 'THINC-IT App' AND model = 'App' AND catalog_version = 'v1'
   ON CONFLICT (source_data_name) DO NOTHING`,
  `INSERT INTO radar_group (project_id, name)
   SELECT p.id, g.name FROM project p CROSS JOIN (VALUES ('Test Group A'), ('Test Group B')) g(name) WHERE p.project_name = 'radar'
   ON CONFLICT DO NOTHING`,
  `INSERT INTO radar_source (source_id, source_name, assigned, source_type_id, project_id)
   SELECT gen_random_uuid(), 'source-' || n, false, st.id, p.id
     FROM generate_series(1, 20) n JOIN project p ON p.project_name = 'radar'
     JOIN source_type st ON st.producer = 'Empatica' AND st.model = 'E4' AND st.catalog_version = 'v1'
   ON CONFLICT DO NOTHING`,
];

const STAFF: [string, string, string][] = [
  // login, authority, project or organization
  ['padmin', 'ROLE_PROJECT_ADMIN', 'radar'],
  ['padmin2', 'ROLE_PROJECT_ADMIN', 'Radar-Pilot-01'],
  ['panalyst', 'ROLE_PROJECT_ANALYST', 'radar'],
  ['oadmin', 'ROLE_ORGANIZATION_ADMIN', 'main'],
  ['cnsadmin', 'ROLE_ORGANIZATION_ADMIN', 'Radar-CNS'],
];

async function staffUser(tx: Queryable, [login, authority, referent]: [string, string, string], passwordHash: string): Promise<void> {
  await tx.query(
    `INSERT INTO radar_user (login, password_hash, first_name, last_name, email, activated, lang_key, created_by, last_modified_by)
     VALUES ($1::text, $2::text, $1::text, 'Demo', $1::text || '@example.org', true, 'en', 'system', 'system') ON CONFLICT (login) DO NOTHING`,
    [login, passwordHash],
  );
  const organizationRole = authority === 'ROLE_ORGANIZATION_ADMIN';
  await tx.query(
    `INSERT INTO radar_role (authority_name, project_id, organization_id)
     SELECT $1::text, (SELECT id FROM project WHERE project_name = $2::text AND NOT $3::boolean),
            (SELECT id FROM radar_organization WHERE name = $2::text AND $3::boolean)
     ON CONFLICT DO NOTHING`,
    [authority, referent, organizationRole],
  );
  await tx.query(
    `INSERT INTO role_users (role_id, user_id)
     SELECT r.id, u.id FROM radar_role r, radar_user u
      WHERE u.login = $1::text AND r.authority_name = $2::text
        AND (r.project_id = (SELECT id FROM project WHERE project_name = $3::text)
             OR r.organization_id = (SELECT id FROM radar_organization WHERE name = $3::text))
     ON CONFLICT DO NOTHING`,
    [login, authority, referent],
  );
}

/** Writes the fixed demo rows. `passwordHash` is the staff users' password (an unusable one keeps them locked). */
export async function seedDemoData(tx: Queryable, passwordHash: string): Promise<string[]> {
  for (const sql of STATEMENTS) await tx.query(sql);
  for (const staff of STAFF) await staffUser(tx, staff, passwordHash);
  return STAFF.map(([login, authority, referent]) => `${login} (${authority} ${referent})`);
}

/** `source-1` assigned to `sub-1` of radar, as in the original demo data (once both exist and the source is free). */
export async function attachDemoSource(tx: Queryable): Promise<void> {
  await tx.query(
    `UPDATE radar_source SET assigned = true, subject_id = s.id
       FROM subject s JOIN project p ON p.id = s.project_id AND p.project_name = 'radar'
      WHERE radar_source.source_name = 'source-1' AND radar_source.subject_id IS NULL AND NOT radar_source.deleted AND s.login = 'sub-1'`,
  );
}
