// The subject lists answer DTOs written by SQL (subject_list_dtos, migration 043) and passed through unparsed; the
// single-subject endpoints build them in TypeScript from subject_rows (migration 042) with toSubjectDTO. The two
// must agree on every kind of subject: with and without attributes, group, dates (a microsecond enrollment time
// included), every status, assigned and unassigned sources with attributes, deleted sources, extra roles of every
// scope.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { subjectRow, toSubjectDTO, type SubjectRow } from '../../src/server/subjects/subject-select';
import { seedListDataset } from './subjects-dataset';

let server: TestServer;
let ids: number[];
const t = suite('subject list DTOs written by SQL');
t.before(async () => {
  server = await startTestServer();
  ids = (await seedListDataset(server, 60)).map((s) => s.id);
  const db = server.app.db;
  const [type] = await db.query<{ id: number }>(
    "INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ('Empatica', 'E4', 'v1', 'PASSIVE') RETURNING id");
  const [project] = await db.query<{ id: number; organization_id: number }>("SELECT id, organization_id FROM project WHERE project_name = 'radar'");
  const sources: [number, string, boolean, boolean][] = [[ids[0], 's-a', true, false], [ids[0], 's-b', false, false], [ids[1], 's-c', true, true], [ids[2], 's-d', true, false]];
  for (const [subject, name, assigned, deleted] of sources) {
    const [source] = await db.query<{ id: number }>(
      `INSERT INTO radar_source (source_id, source_name, expected_source_name, assigned, deleted, source_type_id, project_id, subject_id)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [name, name === 's-a' ? 'expected' : null, assigned, deleted, type.id, project.id, subject]);
    if (name !== 's-d') await db.query("INSERT INTO source_metadata VALUES ($1, 'b', 'two'), ($1, 'a', NULL)", [source.id]);
  }
  await db.query("UPDATE subject SET enrollment_date = '2024-05-06 07:08:09.123456+00', external_link = 'https://example.org/x' WHERE id = $1", [ids[3]]);
  const status = async (id: number, activated: boolean, removed: boolean) => {
    await db.query('UPDATE subject SET removed = $2 WHERE id = $1', [id, removed]);
    await db.query('UPDATE radar_user SET activated = $2 WHERE id = (SELECT user_id FROM subject WHERE id = $1)', [id, activated]);
  };
  await status(ids[5], false, true); // DISCONTINUED
  await status(ids[6], true, true); // INVALID
  await status(ids[7], false, false); // DEACTIVATED
  await status(ids[8], true, false); // ACTIVATED
  // Extra roles on one subject's user: a project admin role, an organization role and the global one.
  const [{ user_id: userId }] = await db.query<{ user_id: number }>('SELECT user_id FROM subject WHERE id = $1', [ids[4]]);
  for (const [authority, projectId, organizationId] of [['ROLE_PROJECT_ADMIN', project.id, null], ['ROLE_ORGANIZATION_ADMIN', null, project.organization_id], ['ROLE_SYS_ADMIN', null, null]] as const) {
    const [role] = await db.query<{ id: number }>(
      `INSERT INTO radar_role (authority_name, project_id, organization_id) VALUES ($1, $2, $3)
       ON CONFLICT (authority_name, project_id, organization_id) DO UPDATE SET authority_name = EXCLUDED.authority_name RETURNING id`,
      [authority, projectId, organizationId]);
    await db.query('INSERT INTO role_users (role_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [role.id, userId]);
  }
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('every subject: the SQL-written DTO equals toSubjectDTO of its row', async () => {
  const db = server.app.db;
  const written = await db.query<{ subject_id: number; subject_login: string; subject_external_id: string | null; dto: string }>(
    'SELECT subject_id, subject_login, subject_external_id, dto FROM subject_list_dtos($1::bigint[]) ORDER BY ord', [ids]);
  const rows = await db.query<{ row_json: SubjectRow | string }>('SELECT row_json FROM subject_rows($1::bigint[]) ORDER BY ord', [ids]);
  assert.is(written.length, ids.length);
  for (let i = 0; i < ids.length; i++) {
    const expected = toSubjectDTO(subjectRow(rows[i].row_json));
    assert.type(written[i].dto, 'string');
    assert.equal(JSON.parse(written[i].dto), expected, `subject ${ids[i]}`);
    assert.equal([written[i].subject_id, written[i].subject_login, written[i].subject_external_id], [expected.id, expected.login, expected.externalId]);
  }
  const statuses = new Set(written.map((w) => JSON.parse(w.dto).status));
  assert.equal([...statuses].sort(), ['ACTIVATED', 'DEACTIVATED', 'DISCONTINUED', 'INVALID']);
  assert.is(JSON.parse(written[3].dto).enrollmentDate, '2024-05-06T07:08:09.123Z');
  assert.is(JSON.parse(written[0].dto).sources.length, 2);
  assert.is(JSON.parse(written[4].dto).roles.length >= 4, true);
});

t('the list endpoint answers the written DTOs with the JSON content type', async () => {
  const { asUser } = await import('../setup/auth');
  const admin = await asUser(server, 'admin');
  const res = await admin('GET', '/api/projects/radar/subjects?size=5&sort=login,asc');
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const page = res.body as { login: string }[];
  assert.is(page.length, 5);
  assert.match(res.headers.get('link') ?? '', new RegExp(`last\\.login=${encodeURIComponent(page[4].login).replace(/%2C/gi, ',')}`));
});

t.run();
