// npm run import-mp: ManagementPortal 3.0's real database (test/fixtures/mp-3.0: its schema and dev data, plus the
// rows import-mp-source.ts adds) imported into a running portal's database. Every entity and field arrives, with
// counts matching the dev data; provenance comes from MP's Envers history; MP's tables stay byte-for-byte as they
// were; a missing required table or column stops the import before anything is written, a missing optional one
// does not; a second run changes nothing; a dry run and a run with a conflict write nothing; a failure half-way
// leaves the portal untouched; imported bcrypt passwords (the dev `admin`'s included) and client secrets work over
// HTTP and are upgraded to scrypt on first use.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { createTestDatabase, dropTemplates } from '../setup/database';
import { importFromMp } from '../../src/server/import-mp/import-run';
import type { ImportReport } from '../../src/server/import-mp/report';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { addClient, testRouter, tokenRequest } from './oauth-fixtures';
import { NotManagementPortalError } from '../../src/server/import-mp/mp-schema';
import { ADDED, addTestRows, CLIENT_SECRETS, createMpDatabase, DEV_DATA, mpChecksums, PASSWORDS, SOURCE_UUIDS, type MpSource } from './import-mp-source';

let server: TestServer;
let mp: MpSource;
let first: ImportReport;
let mpBefore: Record<string, string>;
const t = suite('import from ManagementPortal');

t.before(async () => {
  mp = await createMpDatabase();
  await addTestRows(mp.db);
  mpBefore = await mpChecksums(mp.db);
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
  // The dev data (DEV_DATA) plus the rows the test adds (ADDED), each created; main and admin taken over (main as the
  // first start made it is MP's dev `main`, so it is unchanged).
  assert.equal(counts(first, 'organizations'), { read: 2, created: 1, updated: 0, unchanged: 1, skipped: {} });
  assert.equal(counts(first, 'users'), { read: 6, created: 5, updated: 1, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'subjects'), { read: 55, created: 55, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'projects'), { read: 4, created: 4, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'groups'), { read: 2, created: 2, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'source types'), { read: 3, created: 3, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'source data'), { read: 8, created: 8, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'sources'), { read: 4, created: 4, updated: 0, unchanged: 0, skipped: {} });
  assert.equal(counts(first, 'oauth clients'), {
    read: 4, created: 3, updated: 0, unchanged: 0,
    skipped: { "the portal's own client (written from the portal's configuration at every start)": 1 },
  });
  assert.equal(counts(first, 'meta-tokens'), { read: 4, created: 2, updated: 0, unchanged: 0, skipped: { expired: 1, 'already used (not persistent)': 1 } });
  assert.match(first.format(), /subjects\s+55\s+55\s+0\s+0\s+0/);
  assert.match(first.format(), /schema parts found: organizations, groups, subject\.person_name, subject\.date_of_birth, subject\.enrollment_date, source\.deleted, meta_token\.persistent, user\.identity, envers/);
});

t("ManagementPortal's tables are byte-for-byte unchanged by the import (row counts and a checksum of each)", async () => {
  assert.is(Object.keys(mpBefore).length, 43);
  assert.equal(await mpChecksums(mp.db), mpBefore);
});

t('schema and dev data arrive completely: every entity, role, group, attribute, source, source type and data, client', async () => {
  const count = async (sql: string) => Number((await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`))[0].n);
  assert.is(await count('radar_organization'), DEV_DATA.organizations + ADDED.organizations);
  assert.is(await count('project'), DEV_DATA.projects + ADDED.projects);
  assert.is(await count('radar_group'), DEV_DATA.groups);
  assert.is(await count('radar_user'), DEV_DATA.staff.length + DEV_DATA.subjects + ADDED.staff + ADDED.subjects);
  assert.is(await count('subject'), DEV_DATA.subjects + ADDED.subjects);
  assert.is(await count('radar_source'), DEV_DATA.sources + ADDED.sources);
  assert.is(await count('source_type'), DEV_DATA.sourceTypes + ADDED.sourceTypes);
  assert.is(await count('source_data'), DEV_DATA.sourceData + ADDED.sourceData);
  // Every membership of MP's role_users (55 in the dev data, 8 added) came along; no role was left out.
  assert.is(await count('role_users'), 63);
  assert.not.match(first.format(), /left out/);
  assert.is(await count("radar_role r JOIN role_users ru ON ru.role_id = r.id WHERE r.authority_name = 'ROLE_PARTICIPANT'"), DEV_DATA.subjects + 4);
  assert.is(await count('project_metadata'), 3);
  assert.is(await count('subject_metadata'), 3);
  assert.is(await count('source_metadata'), 2);
  assert.is(await count(`oauth_client WHERE client_id IN ('aRMT', 'radar_redcap_integrator', 'legacy_plain')`), ADDED.clients - 1);
  const dev = await q(`SELECT login FROM radar_user WHERE login ~ '^sub-[0-9]+$'`);
  assert.is(dev.length, DEV_DATA.subjects);
  assert.equal(await q(`SELECT u.login FROM radar_user u WHERE NOT EXISTS (SELECT 1 FROM subject s WHERE s.user_id = u.id) ORDER BY login`),
    [...DEV_DATA.staff, 'olga', 'pam'].sort().map((login) => ({ login })));
  // The dev data's demo source, on its subject sub-1 in radar.
  assert.equal(await q(`SELECT r.source_id::text AS id, r.source_name, s.login, p.project_name FROM radar_source r JOIN subject s ON s.id = r.subject_id
      JOIN project p ON p.id = r.project_id WHERE r.source_name = 'source-1'`),
    [{ id: '03d28e5c-e005-46d4-a9b3-279c27fbbc83', source_name: 'source-1', login: 'sub-1', project_name: 'radar' }]);
});

t("the dev admin signs in with ManagementPortal's password (bcrypt of admin)", async () => {
  const [before] = await q(`SELECT password_hash FROM radar_user WHERE login = 'admin'`);
  assert.match(before.password_hash, /^\$2a\$10\$/);
  await tokenFor('admin', PASSWORDS.admin);
  await addClient(server, { clientId: 'test-app', secret: 'test-app-secret' });
  const wrong = await tokenRequest(server, { grant_type: 'password', username: 'admin', password: 'not-admin' }, ['test-app', 'test-app-secret']);
  assert.is(wrong.status, 400);
});

t('organizations, projects, attributes, source types and groups arrive with every field', async () => {
  assert.equal(await q('SELECT name, description, location FROM radar_organization ORDER BY name COLLATE "C"'), [
    { name: 'The Hyve', description: 'Research partner', location: 'Amsterdam' },
    { name: 'main', description: 'The main organization', location: '-' },
  ]);
  const projects = await q(`SELECT p.project_name, p.description, p.location, p.project_status, o.name AS org,
      to_char(p.start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS start, to_char(p.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS end
      FROM project p JOIN radar_organization o ON o.id = p.organization_id ORDER BY p.project_name COLLATE "C"`);
  assert.equal(projects, [
    { project_name: 'Radar-Pilot-01', description: 'RadarTest2', location: 'Frieburg', project_status: 'PLANNING', org: 'main', start: null, end: null },
    { project_name: 'legacy', description: 'From before organizations', location: 'Utrecht', project_status: null, org: 'The Hyve', start: null, end: null },
    { project_name: 'pilot', description: 'A pilot', location: 'Amsterdam', project_status: 'ENDED', org: 'The Hyve',
      start: '2021-01-01 09:00:00.000000', end: '2027-12-31 17:00:00.123456' },
    { project_name: 'radar', description: 'RadarTest', location: 'London', project_status: 'PLANNING', org: 'main', start: null, end: null },
  ]);
  assert.equal(await q(`SELECT attribute_key, attribute_value FROM project_metadata m JOIN project p ON p.id = m.project_id
      WHERE p.project_name = 'radar' ORDER BY attribute_key COLLATE "C"`), [
    { attribute_key: 'Human-readable-project-name', attribute_value: 'RADAR' }, { attribute_key: 'Work-package', attribute_value: 'WP1' },
    { attribute_key: 'empty', attribute_value: null },
  ]);
  assert.equal(await q(`SELECT p.project_name, st.model FROM project_source_type pst JOIN project p ON p.id = pst.project_id
      JOIN source_type st ON st.id = pst.source_type_id ORDER BY p.project_name COLLATE "C", st.model COLLATE "C"`), [
    { project_name: 'pilot', model: 'aRMT' }, { project_name: 'radar', model: 'App' }, { project_name: 'radar', model: 'E4' }, { project_name: 'radar', model: 'aRMT' },
  ]);
  assert.equal(await q(`SELECT producer, model, catalog_version, source_type_scope, app_provider, assessment_type, name, description, dynamic_registration
      FROM source_type ORDER BY model COLLATE "C"`), [
    { producer: 'THINC-IT App', model: 'App', catalog_version: 'v1', source_type_scope: 'ACTIVE', app_provider: null,
      assessment_type: null, name: null, description: null, dynamic_registration: true },
    { producer: 'Empatica', model: 'E4', catalog_version: 'v1', source_type_scope: 'PASSIVE', app_provider: null,
      assessment_type: null, name: null, description: null, dynamic_registration: false },
    { producer: 'RADAR', model: 'aRMT', catalog_version: '1.4.3', source_type_scope: 'ACTIVE', app_provider: 'org.radarcns.armt.ArmtProvider',
      assessment_type: 'questionnaire', name: 'aRMT app', description: 'Questionnaires', dynamic_registration: true },
  ]);
  assert.equal(await q(`SELECT sd.source_data_type, sd.source_data_name, sd.frequency, sd.unit, sd.processing_state, sd.data_class, sd.key_schema,
      sd.value_schema, sd.topic, sd.provider, sd.enabled, st.model FROM source_data sd JOIN source_type st ON st.id = sd.source_type_id
      WHERE sd.source_data_name IN ('EMPATICA_E4_v1_ACCELEROMETER', 'RADAR_aRMT_1.4.3_PHQ8') ORDER BY sd.source_data_name COLLATE "C"`), [
    { source_data_type: 'ACCELEROMETER', source_data_name: 'EMPATICA_E4_v1_ACCELEROMETER', frequency: '32.0', unit: 'G', processing_state: 'RAW',
      data_class: null, key_schema: 'org.radarbase.kafka.ObservationKey', value_schema: 'org.radarbase.passive.empatica.EmpaticaE4Acceleration',
      topic: 'android_empatica_e4_acceleration', provider: null, enabled: true, model: 'E4' },
    { source_data_type: 'PHQ8', source_data_name: 'RADAR_aRMT_1.4.3_PHQ8', frequency: null, unit: null, processing_state: 'RAW',
      data_class: 'QUESTIONNAIRE', key_schema: 'org.radarcns.kafka.ObservationKey', value_schema: 'org.radarcns.active.questionnaire.Questionnaire',
      topic: 'questionnaire_phq8', provider: 'org.radarcns.armt.ArmtProvider', enabled: false, model: 'aRMT' },
  ]);
  assert.equal(await q(`SELECT g.name, p.project_name FROM radar_group g JOIN project p ON p.id = g.project_id ORDER BY g.name`), [
    { name: 'Test Group A', project_name: 'radar' }, { name: 'Test Group B', project_name: 'radar' },
  ]);
});

t('users arrive with their fields and roles; provenance comes from the Envers history; the bootstrap admin became MP\'s admin', async () => {
  const users = await q(`SELECT login, first_name, last_name, email, activated, lang_key, identity, created_by, last_modified_by,
      to_char(created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS created, to_char(last_modified_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS modified,
      activation_key_hash IS NOT NULL AS has_activation_key, reset_key_hash IS NOT NULL AS has_reset_key, coalesce(password_hash ~ '^[$]2|^scrypt[$]', false) AS password
      FROM radar_user WHERE login IN ('admin', 'pam', 'olga', 'sub-a', 'oadmin') ORDER BY login`);
  const olga = users.find((u) => u.login === 'olga')!;
  assert.ok(olga.created, 'a user without history is dated at the import');
  assert.equal(users, [
    // Dev data: created by `system` in the changelogs' one revision.
    { login: 'admin', first_name: 'Administrator', last_name: 'Administrator', email: 'admin@localhost', activated: true, lang_key: 'en', identity: null,
      created_by: 'system', last_modified_by: 'system', created: '2026-11-28 19:47:45.047', modified: '2026-11-28 19:47:45.047',
      has_activation_key: false, has_reset_key: false, password: true },
    { login: 'oadmin', first_name: 'Org', last_name: 'Admin', email: 'oadmin@localhost', activated: true, lang_key: 'en', identity: null,
      created_by: 'system', last_modified_by: 'system', created: '2026-11-28 19:47:45.047', modified: '2026-11-28 19:47:45.047',
      has_activation_key: false, has_reset_key: false, password: true },
    // No Envers rows: no author, dated at the import.
    { login: 'olga', first_name: 'Olga', last_name: null, email: 'olga@example.org', activated: false, lang_key: 'en', identity: null,
      created_by: null, last_modified_by: null, created: olga.created, modified: olga.created, has_activation_key: true, has_reset_key: false, password: false },
    // Created by padmin (revtype 0), last changed by admin.
    { login: 'pam', first_name: 'Pam', last_name: 'Jansen', email: 'pam@example.org', activated: true, lang_key: 'nl', identity: 'kratos-id-pam',
      created_by: 'padmin', last_modified_by: 'admin', created: '2024-02-03 04:05:06.789', modified: '2025-06-07 08:09:10.000',
      has_activation_key: false, has_reset_key: false, password: true },
    // A subject's user: created with the subject, its last change the subject's.
    { login: 'sub-a', first_name: null, last_name: null, email: null, activated: true, lang_key: 'en', identity: null,
      created_by: 'padmin', last_modified_by: 'padmin2', created: '2024-02-03 04:05:06.789', modified: '2025-08-09 10:11:12.500',
      has_activation_key: false, has_reset_key: true, password: true },
  ]);
  const roles = await q(`SELECT u.login, r.authority_name, p.project_name, o.name AS org FROM role_users ru JOIN radar_user u ON u.id = ru.user_id
      JOIN radar_role r ON r.id = ru.role_id LEFT JOIN project p ON p.id = r.project_id LEFT JOIN radar_organization o ON o.id = r.organization_id
      WHERE u.login !~ '^sub-[0-9]' ORDER BY u.login COLLATE "C", r.authority_name COLLATE "C"`);
  assert.equal(roles, [
    { login: 'admin', authority_name: 'ROLE_SYS_ADMIN', project_name: null, org: null },
    { login: 'oadmin', authority_name: 'ROLE_ORGANIZATION_ADMIN', project_name: null, org: 'main' },
    { login: 'olga', authority_name: 'ROLE_ORGANIZATION_ADMIN', project_name: null, org: 'The Hyve' },
    { login: 'olga', authority_name: 'ROLE_PROJECT_ANALYST', project_name: 'pilot', org: null },
    { login: 'padmin', authority_name: 'ROLE_PROJECT_ADMIN', project_name: 'radar', org: null },
    { login: 'padmin2', authority_name: 'ROLE_PROJECT_ADMIN', project_name: 'Radar-Pilot-01', org: null },
    { login: 'pam', authority_name: 'ROLE_PROJECT_ADMIN', project_name: 'radar', org: null },
    { login: 'sub-a', authority_name: 'ROLE_PARTICIPANT', project_name: 'radar', org: null },
    { login: 'sub-b', authority_name: 'ROLE_PARTICIPANT', project_name: 'pilot', org: null },
    { login: 'sub-c', authority_name: 'ROLE_PARTICIPANT', project_name: 'radar', org: null },
    { login: 'sub-d', authority_name: 'ROLE_INACTIVE_PARTICIPANT', project_name: 'radar', org: null },
    { login: 'sub-d', authority_name: 'ROLE_PARTICIPANT', project_name: 'pilot', org: null },
  ]);
  assert.equal(await q(`SELECT p.project_name, count(*)::int AS n FROM subject s JOIN project p ON p.id = s.project_id
      WHERE s.login ~ '^sub-[0-9]' GROUP BY 1 ORDER BY p.project_name COLLATE "C"`), [{ project_name: 'Radar-Pilot-01', n: 23 }, { project_name: 'radar', n: 28 }]);
});

t('subjects arrive with status, fields, attributes, group and project; the API shows them', async () => {
  const admin = await tokenFor('admin', PASSWORDS.admin);
  const res = await server.request('GET', '/api/projects/radar/subjects?size=50', { headers: { authorization: `Bearer ${admin}` } });
  assert.is(res.status, 200, res.text);
  const byLogin = Object.fromEntries(res.body.map((s: { login: string }) => [s.login, s]));
  assert.is(res.body.length, 30);
  assert.equal(Object.keys(byLogin).filter((l) => !/^sub-[0-9]/.test(l)).sort(), ['sub-a', 'sub-c']);
  const s1 = byLogin['sub-a'];
  assert.is(s1.status, 'ACTIVATED');
  assert.is(s1.externalId, 'EXT-1');
  assert.is(s1.externalLink, 'https://example.org/p/1');
  assert.is(s1.personName, 'Jane Doe');
  assert.is(s1.dateOfBirth, '1980-02-29');
  assert.is(s1.enrollmentDate, '2022-03-04T05:06:07.500Z');
  assert.is(s1.group, 'Test Group A');
  assert.equal(s1.attributes, { 'Human-readable-identifier': 'P-1', site: 'London' });
  assert.is(byLogin['sub-c'].status, 'DISCONTINUED');
  assert.is(byLogin['sub-c'].group, 'Test Group B');
  const dev = byLogin['sub-14'];
  assert.is(dev.status, 'ACTIVATED');
  assert.is(dev.externalId, 'EXT_ID_13');
  assert.is(dev.externalLink, 'EXT_LINK_13');
  const moved = await server.request('GET', '/api/subjects/sub-d', { headers: { authorization: `Bearer ${admin}` } });
  assert.is(moved.body.project.projectName, 'pilot');
  assert.equal(moved.body.attributes, { site: 'Leeds' });
  assert.is(moved.body.dateOfBirth, '1999-12-31');
});

t("subjects show who created them and when, and their last change, from MP's subject_aud history; a later run adds no revision", async () => {
  const admin = await tokenFor('admin', PASSWORDS.admin);
  const get = async (login: string) => {
    const res = await server.request('GET', `/api/subjects/${login}`, { headers: { authorization: `Bearer ${admin}` } });
    assert.is(res.status, 200, res.text);
    return res.body as Record<string, unknown>;
  };
  const pick = (s: Record<string, unknown>) => ({ createdBy: s.createdBy, createdDate: s.createdDate, lastModifiedBy: s.lastModifiedBy, lastModifiedDate: s.lastModifiedDate });
  // sub-a: created by padmin in revision 1000, its subject row changed by padmin2 in revision 1002.
  assert.equal(pick(await get('sub-a')), {
    createdBy: 'padmin', createdDate: '2024-02-03T04:05:06.789Z', lastModifiedBy: 'padmin2', lastModifiedDate: '2025-08-09T10:11:12.500Z',
  });
  // The dev data's subjects: MP's Liquibase made them in revision 1 (auditor system), never changed since.
  assert.equal(pick(await get('sub-14')), {
    createdBy: 'system', createdDate: '2026-11-28T19:47:45.047Z', lastModifiedBy: 'system', lastModifiedDate: '2026-11-28T19:47:45.047Z',
  });
  // A subject without history has none, as before.
  assert.equal(pick(await get('sub-c')), { createdBy: undefined, createdDate: undefined, lastModifiedBy: undefined, lastModifiedDate: undefined });
  // Its history lists MP's creation and change; the snapshots are the subject as imported.
  const revisions = await q(`SELECT c.change_type, r.author, c.snapshot->>'externalId' AS external_id FROM revision_change c JOIN revision r ON r.id = c.revision_id
    WHERE c.entity_kind = 'subject' AND c.entity_key = 'sub-a' ORDER BY c.revision_id`);
  assert.equal(revisions, [{ change_type: 'ADD', author: 'padmin', external_id: 'EXT-1' }, { change_type: 'MOD', author: 'padmin2', external_id: 'EXT-1' }]);
  const count = `SELECT count(*)::int AS n FROM revision_change WHERE entity_kind = 'subject'`;
  const before = await q(count);
  assert.equal(before, [{ n: DEV_DATA.subjects + 2 }], 'an ADD for each dev subject and sub-a, a MOD for sub-a');
  const again = await importFromMp(mp.db, server.app.db);
  assert.equal(again.conflicts, []);
  assert.equal(await q(count), before);
});

t('sources arrive with their subject, type, project, flags and attributes', async () => {
  const sources = await q(`SELECT r.source_id::text AS source_id, r.source_name, r.expected_source_name, r.assigned, r.deleted, st.model, p.project_name, s.login
      FROM radar_source r LEFT JOIN source_type st ON st.id = r.source_type_id LEFT JOIN project p ON p.id = r.project_id
      LEFT JOIN subject s ON s.id = r.subject_id ORDER BY r.source_id`);
  assert.equal(sources, [
    { source_id: '03d28e5c-e005-46d4-a9b3-279c27fbbc83', source_name: 'source-1', expected_source_name: null, assigned: true, deleted: false, model: 'E4', project_name: 'radar', login: 'sub-1' },
    { source_id: SOURCE_UUIDS[0], source_name: 'E4-0d6b4b7a', expected_source_name: 'E4 A01', assigned: true, deleted: false, model: 'E4', project_name: 'radar', login: 'sub-a' },
    { source_id: SOURCE_UUIDS[1], source_name: 'aRMT-0d6b4b7a', expected_source_name: null, assigned: false, deleted: false, model: 'aRMT', project_name: 'radar', login: null },
    { source_id: SOURCE_UUIDS[2], source_name: 'aRMT-old', expected_source_name: null, assigned: true, deleted: true, model: 'aRMT', project_name: 'pilot', login: 'sub-b' },
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
    { token_name: 'persistentTokenAA', fetched: true, persistent: true, client_id: 'aRMT', login: 'sub-a', long: true },
    { token_name: 'shortTk1', fetched: false, persistent: false, client_id: 'aRMT', login: 'sub-b', long: false },
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
    const was = first.toJSON().entities[entity];
    assert.is(c.unchanged, was.created + was.updated + was.unchanged, `${entity} unchanged`);
  }
  const [pam] = await q(`SELECT password_hash FROM radar_user WHERE login = 'pam'`);
  assert.match(pam.password_hash, /^scrypt\$/);
});

t('a change in ManagementPortal is an update; a dry run reports it without writing', async () => {
  await mp.db.query(`UPDATE subject SET person_name = 'Jane Smith' WHERE id = 1000`);
  await mp.db.query(`INSERT INTO subject_metadata (id, attribute_key, attribute_value) VALUES (1001, 'site', 'Paris')`);
  await mp.db.query(`UPDATE project SET description = 'The RADAR study, phase 2' WHERE id = 1`);
  try {
    const changed = await mpChecksums(mp.db);
    const dry = await importFromMp(mp.db, server.app.db, { dryRun: true });
    assert.not.ok(dry.written);
    assert.is(dry.toJSON().entities.subjects.updated, 2);
    assert.is(dry.toJSON().entities.projects.updated, 1);
    assert.match(dry.format(), /dry run: nothing was written/);
    assert.equal(await q(`SELECT person_name FROM subject WHERE login = 'sub-a'`), [{ person_name: 'Jane Doe' }]);
    const real = await importFromMp(mp.db, server.app.db);
    assert.ok(real.written);
    assert.is(real.toJSON().entities.subjects.updated, 2);
    assert.equal(await q(`SELECT person_name FROM subject WHERE login = 'sub-a'`), [{ person_name: 'Jane Smith' }]);
    assert.equal(await q(`SELECT m.attribute_value FROM subject_metadata m JOIN subject s ON s.id = m.subject_id WHERE s.login = 'sub-b'`), [{ attribute_value: 'Paris' }]);
    assert.equal(await mpChecksums(mp.db), changed, "neither run touched ManagementPortal's tables");
  } finally {
    await mp.db.query(`UPDATE subject SET person_name = 'Jane Doe' WHERE id = 1000`);
    await mp.db.query(`DELETE FROM subject_metadata WHERE id = 1001`);
    await mp.db.query(`UPDATE project SET description = 'RadarTest' WHERE id = 1`);
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
    await portal.db.query(`INSERT INTO radar_user (login, email, activated) VALUES ('pam', 'other-pam@example.org', true), ('someone', 'admin@localhost', true)`);
    // A catalogue entry the portal made itself is the same entry, not a conflict.
    await portal.db.query(`INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ('Empatica', 'E4', 'v1', 'ACTIVE')`);
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

t('a missing required table or column stops the import with its name, before anything is written', async () => {
  const broken = await createMpDatabase();
  const portal = await createTestDatabase();
  try {
    await migrate(portal.db);
    await broken.db.query('ALTER TABLE subject DROP COLUMN external_id');
    await broken.db.query('ALTER TABLE oauth_client_details DROP COLUMN scope');
    await broken.db.query('DROP TABLE project_source_type CASCADE');
    const before = await snapshot(portal.db);
    const mpBeforeImport = await mpChecksums(broken.db);
    let error: unknown;
    try {
      await importFromMp(broken.db, portal.db);
    } catch (e) {
      error = e;
    }
    assert.instance(error, NotManagementPortalError);
    assert.is((error as Error).message,
      'not a ManagementPortal database the importer can read: missing table project_source_type, column subject.external_id, column oauth_client_details.scope');
    assert.is(await snapshot(portal.db), before);
    assert.equal(await mpChecksums(broken.db), mpBeforeImport);
  } finally {
    await broken.drop();
    await portal.drop();
  }
});

t('optional columns and the Envers history may be missing: the import reads what there is', async () => {
  const older = await createMpDatabase();
  const portal = await createTestDatabase();
  try {
    await older.db.query('ALTER TABLE radar_user DROP COLUMN identity');
    await older.db.query('ALTER TABLE subject DROP COLUMN group_id');
    await older.db.query('ALTER TABLE subject DROP COLUMN person_name');
    await older.db.query('DROP TABLE _revisions_info CASCADE');
    const report = await importFromMp(older.db, portal.db);
    assert.ok(report.written, report.format());
    assert.not.ok(report.features.includes('user.identity'));
    assert.not.ok(report.features.includes('envers'));
    assert.ok(report.features.includes('subject.date_of_birth'));
    assert.is(report.toJSON().entities.subjects.created, DEV_DATA.subjects);
    assert.equal(await portal.db.query(`SELECT created_by, identity FROM radar_user WHERE login = 'padmin'`), [{ created_by: null, identity: null }]);
    assert.equal(await portal.db.query(`SELECT count(*)::int AS n FROM subject WHERE group_id IS NOT NULL OR person_name IS NOT NULL`), [{ n: 0 }]);
  } finally {
    await older.drop();
    await portal.drop();
  }
});

t.run();
