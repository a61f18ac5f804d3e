// A subject create and update record their revision in the write's own round trip, the snapshot built by the statement
// (src/server/subjects/subject-change.ts: subject_list_dtos and the reduced project as jsonb) instead of from the DTO
// the server answers. The stored snapshot must be that DTO (without its provenance, which no snapshot holds) for every
// kind of subject and project: attributes, the Human-readable-project-name (set, empty), groups, dates, a status, a
// group, sources. And the reduced project in SQL must equal project-dto.ts's for projects of every shape.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { createGroup, createSource, projectId, projectRef } from '../setup/subjects';
import { projectDtoById } from '../../src/server/projects/project-dto';
import { reducedProjectJsonbSql } from '../../src/server/projects/project-jsonb';

let server: TestServer;
let admin: AsUser;
const t = suite('subject writes: the revision snapshot built by SQL');

t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'plain', 'main');
  await createProjectRow(server, 'rich', 'main');
  await createProjectRow(server, 'unnamed', 'main');
  const db = server.app.db;
  await db.query(`UPDATE project SET start_date = '2024-02-29T10:11:12.345Z', end_date = '2031-01-01T00:00:00Z', project_status = 'ONGOING'
    WHERE project_name = 'rich'`);
  for (const [project, key, value] of [['rich', 'Human-readable-project-name', 'Rich study'], ['rich', 'Zeta', 'last'], ['rich', 'alpha', null],
    ['rich', 'Beta', ''], ['unnamed', 'Human-readable-project-name', ''], ['unnamed', 'site', 'Delft']] as const) {
    await db.query('INSERT INTO project_metadata (project_id, attribute_key, attribute_value) VALUES ($1, $2, $3)', [await projectId(server, project), key, value]);
  }
  await createGroup(server, 'rich', 'zebras');
  await createGroup(server, 'rich', 'ants');
  await createGroup(server, 'unnamed', 'only');
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const PROVENANCE = ['createdBy', 'createdDate', 'lastModifiedBy', 'lastModifiedDate'];
const withoutProvenance = (dto: Record<string, unknown>) => Object.fromEntries(Object.entries(dto).filter(([k]) => !PROVENANCE.includes(k)));

async function latestSnapshot(login: string): Promise<unknown> {
  const [row] = await server.app.db.query<{ snapshot: unknown }>(
    "SELECT snapshot FROM revision_change WHERE entity_kind = 'subject' AND entity_key = $1 ORDER BY revision_id DESC LIMIT 1", [login]);
  return typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot;
}

t('the reduced project built by SQL is project-dto.ts\'s, for every shape of project', async () => {
  for (const name of ['plain', 'rich', 'unnamed']) {
    const id = await projectId(server, name);
    const [row] = await server.app.db.query<{ dto: unknown }>(`SELECT ${reducedProjectJsonbSql('$1::bigint')} AS dto`, [id]);
    const built = typeof row.dto === 'string' ? JSON.parse(row.dto) : row.dto;
    assert.equal(built, JSON.parse(JSON.stringify(await projectDtoById(server.app.db, id, 'reduced'))), name);
  }
});

t('a create and updates store the DTO they answer as the snapshot', async () => {
  const source = await createSource(server, 'rich', 'watch');
  const cases: { login: string; project: string; body: Record<string, unknown> }[] = [
    { login: 'bare', project: 'plain', body: {} },
    {
      login: 'full', project: 'rich',
      body: {
        externalId: 'E-1', externalLink: 'https://example.org/e1', personName: 'Ann', dateOfBirth: '1990-12-31',
        enrollmentDate: '2024-03-01T08:09:10.123Z', group: 'ants', status: 'INVALID', attributes: { b: '2', a: '', Z: 'z' }, sources: [{ sourceId: source }],
      },
    },
    { login: 'grouped', project: 'unnamed', body: { group: 'only', attributes: { site: 'x' } } },
  ];
  for (const c of cases) {
    const project = await projectRef(server, c.project);
    const created = await admin('POST', '/api/subjects', { json: { login: c.login, project, ...c.body } });
    assert.is(created.status, 201, created.text);
    assert.equal(await latestSnapshot(c.login), withoutProvenance(created.body), `create ${c.login}`);
    const updated = await admin('PUT', '/api/subjects', { json: { id: created.body.id, login: c.login, project, personName: `P ${c.login}`, attributes: { k: 'v' } } });
    assert.is(updated.status, 200, updated.text);
    assert.equal(await latestSnapshot(c.login), withoutProvenance(updated.body), `update ${c.login}`);
    assert.is(updated.body.createdDate, created.body.createdDate);
    assert.is(updated.body.lastModifiedBy, 'admin');
    assert.ok(updated.body.lastModifiedDate >= created.body.lastModifiedDate);
  }
});

t.run();
