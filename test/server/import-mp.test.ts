// npm run import-mp: a ManagementPortal-shaped database (import-mp-fixture.ts) imported into a running portal's
// database. Every entity and field arrives; a second run changes nothing; a dry run and a run with a conflict
// write nothing; a failure half-way leaves the portal untouched; imported bcrypt passwords and client secrets work
// over HTTP and are upgraded to scrypt on first use.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { createTestDatabase, dropTemplates } from '../setup/database';
import { importFromMp } from '../../src/server/import-mp/import-run';
import type { ImportReport } from '../../src/server/import-mp/report';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { addClient, testRouter, tokenRequest } from './oauth-fixtures';
import { CLIENT_SECRETS, createMpDatabase, fillDemoData, PASSWORDS, SOURCE_UUIDS, type MpSource } from './import-mp-fixture';

let server: TestServer;
let mp: MpSource;
let first: ImportReport;
const t = suite('import from ManagementPortal');

t.before(async () => {
  mp = await createMpDatabase();
  await fillDemoData(mp.db);
  server = await startTestServer({}, { router: testRouter() });
  first = await importFromMp(mp.db, server.app.db);
});
t.after(async () => {
  await server?.close();
  await mp?.drop();
  await dropTemplates();
});

const counts = (report: ImportReport, entity: string) => {
  const c = report.toJSON().entities[entity];
  return { read: c.read, created: c.created, updated: c.updated, unchanged: c.unchanged, skipped: c.skipped };
};
const q = <T = Record<string, any>>(sql: string, params: unknown[] = []) => server.app.db.query<T>(sql, params);

t('the first run on a fresh portal creates everything and takes over main and admin', () => {
  assert.equal(first.conflicts, [], first.format());
  assert.ok(first.written);
  assert.equal(counts(first, 'organizations'), { read: 2, created: 1, updated: 1, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'users'), { read: 3, created: 2, updated: 1, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'subjects'), { read: 4, created: 4, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'projects'), { read: 3, created: 3, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'groups'), { read: 2, created: 2, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'source types'), { read: 2, created: 2, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'source data'), { read: 2, created: 2, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'sources'), { read: 3, created: 3, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'oauth clients'), {
    read: 4, created: 3, updated: 0, unchanged: 0,
    skipped: { "the portal's own client (written from the portal's configuration at every start)": 1 },
  });
  assert.equal(counts(first, 'meta-tokens'), { read: 4, created: 2, updated: 0, unchanged: 0, skipped: { expired: 1, 'already used (not persistent)': 1 } });
  assert.match(first.format(), /subjects\s+4\s+4\s+0\s+0\s+0/);
});

t('organizations, projects, attributes, source types and groups arrive with every field', async () => {
  assert.equal(await q('SELECT name, description, location FROM radar_organization ORDER BY name'), [
    { name: 'The Hyve', description: 'Research partner', location: 'Amsterdam' },
    { name: 'main', description: 'The MP main organization', location: 'Utrecht' },
  ]);
  const projects = await q(`SELECT p.project_name, p.description, p.location, p.project_status, o.name AS org,
      to_char(p.start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS start, to_char(p.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS end
      FROM project p JOIN radar_organization o ON o.id = p.organization_id ORDER BY p.project_name`);
  assert.equal(projects, [
    { project_name: 'legacy', description: 'From before organizations', location: 'Utrecht', project_status: null, org: 'The Hyve', start: null, end: null },
    { project_name: 'pilot', description: 'A pilot', location: 'Amsterdam', project_status: 'ENDED', org: 'The Hyve', start: null, end: null },
    { project_name: 'radar', description: 'The RADAR study', location: 'London', project_status: 'ONGOING', org: 'main',
      start: '2021-01-01 09:00:00.000000', end: '2027-12-31 17:00:00.123456' },
  ]);
  assert.equal(await q(`SELECT attribute_key, attribute_value FROM project_metadata m JOIN project p ON p.id = m.project_id
      WHERE p.project_name = 'radar' ORDER BY attribute_key`), [
    { attribute_key: 'Human-readable-project-name', attribute_value: 'RADAR' }, { attribute_key: 'Work-package', attribute_value: 'WP1' },
    { attribute_key: 'empty', attribute_value: null },
  ]);
  assert.equal(await q(`SELECT p.project_name, st.model FROM project_source_type pst JOIN project p ON p.id = pst.project_id
      JOIN source_type st ON st.id = pst.source_type_id ORDER BY 1, 2`), [
    { project_name: 'pilot', model: 'aRMT' }, { project_name: 'radar', model: 'E4' }, { project_name: 'radar', model: 'aRMT' },
  ]);
  assert.equal(await q(`SELECT producer, model, catalog_version, source_type_scope, app_provider, assessment_type, name, description, dynamic_registration
      FROM source_type ORDER BY model`), [
    { producer: 'Empatica', model: 'E4', catalog_version: 'v1', source_type_scope: 'PASSIVE', app_provider: 'org.radarcns.empatica.E4Provider',
      assessment_type: null, name: 'Empatica E4', description: 'Wristband', dynamic_registration: false },
    { producer: 'RADAR', model: 'aRMT', catalog_version: '1.4.3', source_type_scope: 'ACTIVE', app_provider: null,
      assessment_type: 'questionnaire', name: 'aRMT app', description: null, dynamic_registration: true },
  ]);
  assert.equal(await q(`SELECT sd.source_data_type, sd.source_data_name, sd.frequency, sd.unit, sd.processing_state, sd.data_class, sd.key_schema,
      sd.value_schema, sd.topic, sd.provider, sd.enabled, st.model FROM source_data sd JOIN source_type st ON st.id = sd.source_type_id ORDER BY sd.source_data_name`), [
    { source_data_type: 'ACCELEROMETER', source_data_name: 'Empatica_E4_v1_ACCELEROMETER', frequency: '32.0', unit: 'G', processing_state: 'RAW',
      data_class: 'RAW', key_schema: 'org.radarcns.kafka.ObservationKey', value_schema: 'org.radarcns.passive.empatica.EmpaticaE4Acceleration',
      topic: 'android_empatica_e4_acceleration', provider: 'org.radarcns.empatica.E4Provider', enabled: true, model: 'E4' },
    { source_data_type: 'BATTERY', source_data_name: 'Empatica_E4_v1_BATTERY', frequency: '1.0', unit: 'PERCENTAGE', processing_state: 'RAW',
      data_class: null, key_schema: null, value_schema: null, topic: 'android_empatica_e4_battery_level', provider: null, enabled: false, model: 'E4' },
  ]);
  assert.equal(await q(`SELECT g.name, p.project_name FROM radar_group g JOIN project p ON p.id = g.project_id ORDER BY g.name`), [
    { name: 'Group A', project_name: 'radar' }, { name: 'Group B', project_name: 'radar' },
  ]);
});

t('users arrive with their fields and roles; the bootstrap admin became ManagementPortal\'s admin', async () => {
  const users = await q(`SELECT login, first_name, last_name, email, activated, lang_key, identity, created_by, last_modified_by,
      to_char(created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS created, to_char(last_modified_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS modified,
      activation_key_hash IS NOT NULL AS has_activation_key, reset_key_hash IS NOT NULL AS has_reset_key, coalesce(password_hash LIKE '$2%', false) AS bcrypt
      FROM radar_user WHERE login IN ('admin', 'pam', 'olga', 'sub-1') ORDER BY login`);
  assert.equal(users, [
    { login: 'admin', first_name: 'Ad', last_name: 'Min', email: 'admin@example.org', activated: true, lang_key: 'en', identity: null, created_by: 'system',
      last_modified_by: 'admin', created: '2020-05-01 10:00:00.000', modified: '2020-05-01 10:00:00.000', has_activation_key: false, has_reset_key: false, bcrypt: true },
    { login: 'olga', first_name: 'Olga', last_name: null, email: 'olga@example.org', activated: false, lang_key: 'en', identity: null, created_by: 'system',
      last_modified_by: 'admin', created: '2020-05-01 10:00:00.000', modified: '2020-05-01 10:00:00.000', has_activation_key: true, has_reset_key: false, bcrypt: false },
    { login: 'pam', first_name: 'Pam', last_name: 'Jansen', email: 'pam@example.org', activated: true, lang_key: 'nl', identity: 'kratos-id-pam', created_by: 'system',
      last_modified_by: 'admin', created: '2020-05-01 10:00:00.000', modified: '2023-02-03 04:05:06.789', has_activation_key: false, has_reset_key: false, bcrypt: true },
    { login: 'sub-1', first_name: null, last_name: null, email: null, activated: true, lang_key: 'en', identity: null, created_by: 'system',
      last_modified_by: 'admin', created: '2020-05-01 10:00:00.000', modified: '2020-05-01 10:00:00.000', has_activation_key: false, has_reset_key: true, bcrypt: true },
  ]);
  const roles = await q(`SELECT u.login, r.authority_name, p.project_name, o.name AS org FROM role_users ru JOIN radar_user u ON u.id = ru.user_id
      JOIN radar_role r ON r.id = ru.role_id LEFT JOIN project p ON p.id = r.project_id LEFT JOIN radar_organization o ON o.id = r.organization_id
      ORDER BY u.login, r.authority_name`);
  assert.equal(roles, [
    { login: 'admin', authority_name: 'ROLE_SYS_ADMIN', project_name: null, org: null },
    { login: 'olga', authority_name: 'ROLE_ORGANIZATION_ADMIN', project_name: null, org: 'The Hyve' },
    { login: 'olga', authority_name: 'ROLE_PROJECT_ANALYST', project_name: 'pilot', org: null },
    { login: 'pam', authority_name: 'ROLE_PROJECT_ADMIN', project_name: 'radar', org: null },
    { login: 'sub-1', authority_name: 'ROLE_PARTICIPANT', project_name: 'radar', org: null },
    { login: 'sub-2', authority_name: 'ROLE_PARTICIPANT', project_name: 'pilot', org: null },
    { login: 'sub-3', authority_name: 'ROLE_PARTICIPANT', project_name: 'radar', org: null },
    { login: 'sub-4', authority_name: 'ROLE_INACTIVE_PARTICIPANT', project_name: 'radar', org: null },
    { login: 'sub-4', authority_name: 'ROLE_PARTICIPANT', project_name: 'pilot', org: null },
  ]);
});

t('subjects arrive with status, fields, attributes, group and project; the API shows them', async () => {
  const admin = await tokenFor('admin', PASSWORDS.admin);
  const res = await server.request('GET', '/api/projects/radar/subjects?size=50', { headers: { authorization: `Bearer ${admin}` } });
  assert.is(res.status, 200, res.text);
  const byLogin = Object.fromEntries(res.body.map((s: { login: string }) => [s.login, s]));
  assert.equal(Object.keys(byLogin).sort(), ['sub-1', 'sub-3']);
  const s1 = byLogin['sub-1'];
  assert.is(s1.status, 'ACTIVATED');
  assert.is(s1.externalId, 'EXT-1');
  assert.is(s1.externalLink, 'https://example.org/p/1');
  assert.is(s1.personName, 'Jane Doe');
  assert.is(s1.dateOfBirth, '1980-02-29');
  assert.is(s1.enrollmentDate, '2022-03-04T05:06:07.500Z');
  assert.is(s1.group, 'Group A');
  assert.equal(s1.attributes, { 'Human-readable-identifier': 'P-1', site: 'London' });
  assert.is(byLogin['sub-3'].status, 'DISCONTINUED');
  assert.is(byLogin['sub-3'].group, 'Group B');
  const moved = await server.request('GET', '/api/subjects/sub-4', { headers: { authorization: `Bearer ${admin}` } });
  assert.is(moved.body.project.projectName, 'pilot');
  assert.equal(moved.body.attributes, { site: 'Leeds' });
  assert.is(moved.body.dateOfBirth, '1999-12-31');
});

t('sources arrive with their subject, type, project, flags and attributes', async () => {
  const sources = await q(`SELECT r.source_id::text AS source_id, r.source_name, r.expected_source_name, r.assigned, r.deleted, st.model, p.project_name, s.login
      FROM radar_source r LEFT JOIN source_type st ON st.id = r.source_type_id LEFT JOIN project p ON p.id = r.project_id
      LEFT JOIN subject s ON s.id = r.subject_id ORDER BY r.source_id`);
  assert.equal(sources, [
    { source_id: SOURCE_UUIDS[0], source_name: 'E4-0d6b4b7a', expected_source_name: 'E4 A01', assigned: true, deleted: false, model: 'E4', project_name: 'radar', login: 'sub-1' },
    { source_id: SOURCE_UUIDS[1], source_name: 'aRMT-0d6b4b7a', expected_source_name: null, assigned: false, deleted: false, model: 'aRMT', project_name: 'radar', login: null },
    { source_id: SOURCE_UUIDS[2], source_name: 'aRMT-old', expected_source_name: null, assigned: true, deleted: true, model: 'aRMT', project_name: 'pilot', login: 'sub-2' },
  ]);
  assert.equal(await q(`SELECT attribute_key, attribute_value FROM source_metadata ORDER BY attribute_key`), [
    { attribute_key: 'colour', attribute_value: 'black' }, { attribute_key: 'firmware', attribute_value: '1.2' },
  ]);
});

t('OAuth clients keep their settings; valid meta-tokens keep their names and subjects', async () => {
  const armt = await q(`SELECT * FROM oauth_client WHERE client_id = 'aRMT'`);
  assert.equal(armt, [{
    client_id: 'aRMT', client_secret_hash: null, scope: ['SUBJECT.READ', 'SUBJECT.UPDATE', 'PROJECT.READ'], resource_ids: ['res_ManagementPortal', 'res_gateway'],
    authorized_grant_types: ['refresh_token', 'authorization_code'], registered_redirect_uri: ['org.phidatalab.radar-armt://oauth2/redirect'],
    authorities: [], auto_approve_scopes: [], access_token_validity: 43200, refresh_token_validity: 7948800,
    additional_information: { dynamic_registration: true, protected: true },
  }]);
  const [redcap] = await q(`SELECT authorities, auto_approve_scopes, access_token_validity, refresh_token_validity FROM oauth_client WHERE client_id = 'radar_redcap_integrator'`);
  assert.equal(redcap, { authorities: ['ROLE_SYS_ADMIN'], auto_approve_scopes: ['SUBJECT.READ'], access_token_validity: 900, refresh_token_validity: null });
  const tokens = await q(`SELECT t.token_name, t.fetched, t.persistent, t.client_id, s.login, t.expiry_date > now() + interval '19 days' AS long
      FROM radar_meta_token t JOIN subject s ON s.id = t.subject_id ORDER BY t.token_name`);
  assert.equal(tokens, [
    { token_name: 'persistentTokenAA', fetched: true, persistent: true, client_id: 'aRMT', login: 'sub-1', long: true },
    { token_name: 'shortTk1', fetched: false, persistent: false, client_id: 'aRMT', login: 'sub-2', long: false },
  ]);
  const meta = await server.request('GET', '/api/meta-token/shortTk1');
  assert.is(meta.status, 200, meta.text);
});

async function tokenFor(login: string, password: string): Promise<string> {
  await addClient(server, { clientId: 'test-app', secret: 'test-app-secret' });
  const res = await tokenRequest(server, { grant_type: 'password', username: login, password }, ['test-app', 'test-app-secret']);
  assert.is(res.status, 200, res.text);
  return res.body.access_token;
}

t('a user signs in with the ManagementPortal password; the bcrypt hash becomes scrypt and still works', async () => {
  const [before] = await q(`SELECT password_hash FROM radar_user WHERE login = 'pam'`);
  assert.match(before.password_hash, /^\$2[ab]\$10\$/);
  await tokenFor('pam', PASSWORDS.pam);
  const [after] = await q(`SELECT password_hash, credentials_changed_at FROM radar_user WHERE login = 'pam'`);
  assert.match(after.password_hash, /^scrypt\$/);
  assert.is(after.credentials_changed_at, null, 'an upgrade is not a credentials change');
  await tokenFor('pam', PASSWORDS.pam);
  await addClient(server, { clientId: 'test-app', secret: 'test-app-secret' });
  const wrong = await tokenRequest(server, { grant_type: 'password', username: 'pam', password: 'wrong-password' }, ['test-app', 'test-app-secret']);
  assert.is(wrong.status, 400);
});

t('clients authenticate with their ManagementPortal secrets, upgraded on first use', async () => {
  for (const [client, secret] of Object.entries(CLIENT_SECRETS)) {
    const res = await tokenRequest(server, { grant_type: 'client_credentials' }, [client, secret]);
    assert.is(res.status, 200, `${client}: ${res.text}`);
    const [row] = await q('SELECT client_secret_hash FROM oauth_client WHERE client_id = $1', [client]);
    assert.match(row.client_secret_hash, /^scrypt\$/);
    const again = await tokenRequest(server, { grant_type: 'client_credentials' }, [client, secret]);
    assert.is(again.status, 200);
    const wrong = await tokenRequest(server, { grant_type: 'client_credentials' }, [client, 'nope']);
    assert.is(wrong.status, 401);
  }
});

t('a second run changes nothing and reports every row unchanged (upgraded hashes are kept)', async () => {
  const second = await importFromMp(mp.db, server.app.db);
  assert.equal(second.conflicts, []);
  for (const [entity, c] of Object.entries(second.toJSON().entities)) {
    assert.is(c.created, 0, `${entity} created`);
    assert.is(c.updated, 0, `${entity} updated`);
    assert.is(c.unchanged, first.toJSON().entities[entity].created + first.toJSON().entities[entity].updated, `${entity} unchanged`);
  }
  const [pam] = await q(`SELECT password_hash FROM radar_user WHERE login = 'pam'`);
  assert.match(pam.password_hash, /^scrypt\$/);
});

t('a change in ManagementPortal is an update; a dry run reports it without writing', async () => {
  await mp.db.query(`UPDATE subject SET person_name = 'Jane Smith' WHERE id = 100`);
  await mp.db.query(`INSERT INTO subject_metadata (id, attribute_key, attribute_value) VALUES (101, 'site', 'Paris')`);
  await mp.db.query(`UPDATE project SET description = 'The RADAR study, phase 2' WHERE id = 1`);
  try {
    const dry = await importFromMp(mp.db, server.app.db, { dryRun: true });
    assert.not.ok(dry.written);
    assert.is(dry.toJSON().entities.subjects.updated, 2);
    assert.is(dry.toJSON().entities.projects.updated, 1);
    assert.match(dry.format(), /dry run: nothing was written/);
    assert.equal(await q(`SELECT person_name FROM subject WHERE login = 'sub-1'`), [{ person_name: 'Jane Doe' }]);
    const real = await importFromMp(mp.db, server.app.db);
    assert.ok(real.written);
    assert.is(real.toJSON().entities.subjects.updated, 2);
    assert.equal(await q(`SELECT person_name FROM subject WHERE login = 'sub-1'`), [{ person_name: 'Jane Smith' }]);
    assert.equal(await q(`SELECT m.attribute_value FROM subject_metadata m JOIN subject s ON s.id = m.subject_id WHERE s.login = 'sub-2'`), [{ attribute_value: 'Paris' }]);
  } finally {
    await mp.db.query(`UPDATE subject SET person_name = 'Jane Doe' WHERE id = 100`);
    await mp.db.query(`DELETE FROM subject_metadata WHERE id = 101`);
    await mp.db.query(`UPDATE project SET description = 'The RADAR study' WHERE id = 1`);
  }
});

/** Every row of every table the import writes, as text, to compare a database before and after. */
async function snapshot(db: Database): Promise<string> {
  const tables = ['radar_organization', 'project', 'project_metadata', 'project_source_type', 'radar_group', 'source_type', 'source_data',
    'radar_user', 'radar_role', 'role_users', 'subject', 'subject_metadata', 'radar_source', 'source_metadata', 'oauth_client',
    'radar_meta_token', 'mp_import_map', 'subject_count'];
  const parts: string[] = [];
  for (const table of tables) parts.push(JSON.stringify(await db.query(`SELECT * FROM ${table} ORDER BY 1, 2`)));
  return parts.join('\n');
}

t('a failure half-way leaves the portal untouched', async () => {
  const portal = await createTestDatabase();
  try {
    const before = await snapshot(portal.db);
    let error: unknown;
    try {
      await importFromMp(mp.db, portal.db, { afterEntity: (entity) => { if (entity === 'subjects') throw new Error('disk full'); } });
    } catch (e) {
      error = e;
    }
    assert.is((error as Error)?.message, 'disk full');
    assert.is(await snapshot(portal.db), before);
  } finally {
    await portal.drop();
  }
});

t('names the portal already uses for something else are conflicts: reported, and nothing is written', async () => {
  const portal = await createTestDatabase();
  try {
    await migrate(portal.db);
    const [main] = await portal.db.query<{ id: number }>(`SELECT id FROM radar_organization WHERE name = 'main'`);
    await portal.db.query(`INSERT INTO project (project_name, description, location, organization_id) VALUES ('pilot', 'Ours', 'Here', $1)`, [main.id]);
    await portal.db.query(`INSERT INTO radar_user (login, email, activated) VALUES ('pam', 'other-pam@example.org', true), ('someone', 'admin@example.org', true)`);
    // A catalogue entry the portal made itself is the same entry, not a conflict.
    await portal.db.query(`INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ('Empatica', 'E4', 'v1', 'PASSIVE')`);
    const before = await snapshot(portal.db);
    const report = await importFromMp(mp.db, portal.db);
    assert.not.ok(report.written);
    assert.equal(report.conflicts.map((c) => `${c.entity} ${c.name}`).sort(), ['organizations main', 'projects pilot', 'users admin', 'users pam']);
    assert.match(report.format(), /nothing was written/);
    assert.is(report.toJSON().entities['source types'].updated, 1);
    assert.is(await snapshot(portal.db), before);
  } finally {
    await portal.drop();
  }
});

t.run();
