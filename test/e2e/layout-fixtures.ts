// The data the layout tests need so that every screen shows what stretches it: long names, many roles, a full
// page of subjects with groups and identifiers, a source type with long source-data names, assigned sources, an OAuth
// client with many scopes, revisions. Written through the API where that makes the server do its bookkeeping
// (revisions, audit events), straight into the database otherwise.
import { asUser, createProjectRow, createUser } from '../setup/auth';
import type { TestServer } from '../setup/server';
import { createGroup, insertSubjects } from '../setup/subjects';

export const PROJECT = 'radar';
export const LONG_PROJECT = 'remote-assessment-of-disease-and-relapse-central-nervous-system';
export const SUBJECT = 'layout-subject-01';
export const USER = 'layout-project-admin';
export const SOURCE_DATA = 'EMPATICA_E4_v1_ACCELEROMETER';
export const SOURCE_TYPE = 'source-type/Empatica/E4/v1';
export const SOURCE = 'empatica-e4-wristband-0001';
/** An OAuth client that pairs with subjects (dynamic registration). */
export const PAIRING_APP = 'aRMT-layout-questionnaire-app';
/** A system administrator whose account language is Dutch: signed in, the whole interface is in Dutch. */
export const DUTCH_ADMIN = 'layout-beheerder';
export const DUTCH_PASSWORD = 'Beheerder-Wachtwoord-1';

export async function seedLayoutData(server: TestServer): Promise<{ revisionId: number }> {
  const admin = await asUser(server, 'admin');
  const must = async (what: string, response: Promise<{ status: number; text: string }>) => {
    const { status, text } = await response;
    if (status >= 300) throw new Error(`fixture: ${what} answered ${status}: ${text}`);
  };
  await createProjectRow(server, PROJECT);
  await createProjectRow(server, LONG_PROJECT);
  await createGroup(server, PROJECT, 'control');
  await createGroup(server, PROJECT, 'treatment-with-a-longer-name');

  await createUser(server, DUTCH_ADMIN, [{ authority: 'ROLE_SYS_ADMIN' }], { password: DUTCH_PASSWORD, langKey: 'nl' });
  await createUser(server, USER, [
    { authority: 'ROLE_PROJECT_ADMIN', project: PROJECT },
    { authority: 'ROLE_PROJECT_ANALYST', project: LONG_PROJECT },
    { authority: 'ROLE_PROJECT_AFFILIATE', project: LONG_PROJECT },
    { authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' },
  ], { email: 'layout.project.administrator.with.a.long.address@example.org' });
  for (let i = 1; i <= 6; i++) {
    await createUser(server, `layout-staff-${i}`, [{ authority: i % 2 ? 'ROLE_PROJECT_ANALYST' : 'ROLE_PROJECT_OWNER', project: PROJECT }], { activated: i % 3 !== 0 });
  }

  const row = (name: string, type: string) => ({ sourceDataType: type, sourceDataName: name, processingState: 'RAW', dataClass: 'RAW', keyschema: 'org.radarcns.kafka.ObservationKey', valueSchema: `org.radarcns.passive.empatica.${type}`, topic: name.toLowerCase(), frequency: '32.0', unit: 'G', enabled: true });
  await must('source type', admin('POST', '/api/source-types', {
    json: {
      producer: 'Empatica', model: 'E4', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false,
      name: 'Empatica E4 wristband', description: 'A wristband with accelerometer, blood volume pulse, electrodermal activity and temperature sensors',
      sourceData: [
        row(SOURCE_DATA, 'EmpaticaE4Acceleration'),
        row('EMPATICA_E4_v1_BLOOD_VOLUME_PULSE', 'EmpaticaE4BloodVolumePulse'),
        row('EMPATICA_E4_v1_ELECTRODERMAL_ACTIVITY', 'EmpaticaE4ElectroDermalActivity'),
        row('EMPATICA_E4_v1_INTER_BEAT_INTERVAL', 'EmpaticaE4InterBeatInterval'),
      ],
    },
  }));
  const [type] = await server.app.db.query<{ id: number }>("SELECT id FROM source_type WHERE producer = 'Empatica'");
  await must('project source types', (async () => {
    const project = (await admin('GET', `/api/projects/${PROJECT}`)).body;
    return admin('PUT', '/api/projects', { json: { ...project, sourceTypes: [{ id: type.id }] } });
  })());

  await insertSubjects(server, Array.from({ length: 22 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      login: `layout-subject-${n}`, project: PROJECT, externalId: `EXT-00000${n}`, personName: `Participant number ${n} with a long name`,
      group: i % 2 ? 'control' : 'treatment-with-a-longer-name', hrid: `HRID-${n}`, enrollmentDate: '2024-03-01T09:00:00Z',
    };
  }));
  // Last contacts of every freshness (fresh, late, stale; the rest never paired), so the Last seen column shows its
  // widest content: a relative time and a badge.
  await server.app.db.query(
    `UPDATE subject SET last_seen = now() - (CASE substr(login, 16)::int % 4 WHEN 1 THEN interval '5 minutes' WHEN 2 THEN interval '3 days' WHEN 3 THEN interval '45 days' END)
     WHERE login LIKE 'layout-subject-%' AND substr(login, 16)::int % 4 <> 0`,
  );
  for (let i = 1; i <= 3; i++) {
    await must('source', admin('POST', '/api/sources', {
      json: { sourceName: `${SOURCE.slice(0, -1)}${i}`, expectedSourceName: `A0${i}B2C3`, assigned: false, sourceType: { id: type.id }, project: { id: (await admin('GET', `/api/projects/${PROJECT}`)).body.id, projectName: PROJECT }, attributes: { firmware: '2.1.0-build-20240301' } },
    }));
  }
  await must('subject edit', (async () => {
    const subject = (await admin('GET', `/api/subjects/${SUBJECT}`)).body;
    return admin('PUT', '/api/subjects', { json: { ...subject, personName: 'Participant number 01, renamed for a revision' } });
  })());

  await must('OAuth client', admin('POST', '/api/oauth-clients', {
    json: {
      clientId: 'layout-gateway-with-a-long-client-id', clientSecret: 'a-very-secret-secret',
      scope: ['SUBJECT.READ', 'SUBJECT.UPDATE', 'SUBJECT.CREATE', 'PROJECT.READ', 'SOURCE.READ', 'SOURCE.CREATE', 'SOURCETYPE.READ', 'SOURCEDATA.READ', 'MEASUREMENT.READ', 'MEASUREMENT.CREATE'],
      resourceIds: ['res_gateway', 'res_ManagementPortal', 'res_appconfig'], authorizedGrantTypes: ['client_credentials', 'refresh_token', 'authorization_code'],
      autoApproveScopes: [], accessTokenValiditySeconds: 3600, refreshTokenValiditySeconds: 86400, authorities: [], registeredRedirectUri: [],
      additionalInformation: {},
    },
  }));
  // An app that pairs: the pairing sheet offers it.
  await must('pairable OAuth client', admin('POST', '/api/oauth-clients', {
    json: {
      clientId: PAIRING_APP, clientSecret: '', scope: ['MEASUREMENT.CREATE', 'SUBJECT.READ'], resourceIds: ['res_gateway'],
      authorizedGrantTypes: ['authorization_code', 'refresh_token'], autoApproveScopes: [], accessTokenValiditySeconds: 3600,
      refreshTokenValiditySeconds: 86400, authorities: [], registeredRedirectUri: [], additionalInformation: { dynamic_registration: 'true' },
    },
  }));
  const [revision] = await server.app.db.query<{ id: number }>('SELECT max(id)::int AS id FROM revision');
  return { revisionId: revision.id };
}

/** Invitations of each state for the Invitations tab: pending, used (persistent) and expired. Written after the
 * sign-ins, as a sign-in runs the housekeeping that purges expired and used single-use links. */
export async function seedInvitations(server: TestServer): Promise<void> {
  await server.app.db.query(
    `INSERT INTO radar_meta_token (token_name, fetched, expiry_date, subject_id, client_id, persistent, created_by, created_at, used_at)
     SELECT 'layout-token-' || n, n = 2, now() + (CASE n WHEN 3 THEN interval '-2 days' ELSE interval '2 hours' END),
            (SELECT id FROM subject WHERE login = 'layout-subject-0' || n), $1, n < 3, 'admin', now() - interval '3 days',
            CASE n WHEN 2 THEN now() - interval '1 day' END
       FROM generate_series(1, 3) AS n`,
    [PAIRING_APP],
  );
}
