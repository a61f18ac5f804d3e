// Deleting projects: PROJECT.DELETE on the project, refused with 409 error.projectNotEmpty naming what remains
// (subjects, sources, users with roles); an empty project goes with its roles, groups and attributes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { count, createSubjectRow, project, revisionCount, startWorld, rows, statuses, type World } from './projects-fixtures';

let world: World;
const t = suite('projects: deleting');
t.before(async () => {
  world = await startWorld();
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

t('who may delete', async () => {
  for (const name of ['d1', 'd2', 'd3']) {
    assert.is((await world.as.sysAdmin('POST', '/api/projects', { json: project(name, 'main') })).status, 201);
  }
  assert.equal(await statuses(world, ['otherAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'DELETE', '/api/projects/d1'), {
    otherAdmin: 403, p1Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  const res = await world.as.mainAdmin('DELETE', '/api/projects/d1');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.project.deleted');
  assert.is(res.headers.get('x-managementportalapp-params'), 'd1');
  assert.is((await world.as.sysAdmin('DELETE', '/api/projects/d2')).status, 200);
  assert.is((await world.as.mainAdmin('DELETE', '/api/projects/nope')).status, 403);
  const missing = await world.as.sysAdmin('DELETE', '/api/projects/d2');
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.projectNameNotFound');
});

t('a project with users holding roles, subjects or sources is not deleted', async () => {
  const before = [await count(world.server, 'project'), await revisionCount(world.server)];
  const res = await world.as.sysAdmin('DELETE', '/api/projects/p1');
  assert.is(res.status, 409);
  assert.is(res.body.errorCode, 'error.projectNotEmpty');
  assert.is(res.body.entityName, 'project');
  assert.is(res.headers.get('x-managementportalapp-error'), 'error.projectNotEmpty');
  assert.match(res.body.message, '3 users with a role in it');
  await createSubjectRow(world.server, 'sub-1', 'p2');
  await world.server.app.db.query(
    "INSERT INTO radar_source (source_id, source_name, project_id) SELECT gen_random_uuid(), 'src-1', id FROM project WHERE project_name = 'p2'",
  );
  const p2 = await world.as.sysAdmin('DELETE', '/api/projects/p2');
  assert.is(p2.status, 409);
  assert.equal([p2.body.params.subjects, p2.body.params.sources, p2.body.params.users], ['1', '1', '2']);
  assert.match(p2.body.message, '1 subject, 1 source, 2 users with a role in it');
  assert.equal([await count(world.server, 'project'), await revisionCount(world.server)], before);
});

t('an emptied project goes with its roles, groups and attributes, in one revision', async () => {
  const res = await world.as.sysAdmin('POST', '/api/projects', { json: project('d3b', 'main', { attributes: { Phase: '1' } }) });
  assert.is(res.status, 201);
  assert.is((await world.as.sysAdmin('POST', '/api/projects/d3b/groups', { json: { name: 'g' } })).status, 201);
  const id = res.body.id;
  await world.server.app.db.query("INSERT INTO radar_role (authority_name, project_id) VALUES ('ROLE_PROJECT_ANALYST', $1)", [id]);
  // A source flagged deleted (its subject was deleted) does not block, and is detached.
  await world.server.app.db.query("INSERT INTO radar_source (source_id, source_name, project_id, deleted) VALUES (gen_random_uuid(), 'gone', $1, true)", [id]);
  assert.is((await world.as.sysAdmin('DELETE', '/api/projects/d3b')).status, 200);
  for (const table of ['project', 'radar_role', 'radar_group', 'project_metadata']) {
    const column = table === 'project' ? 'id' : 'project_id';
    assert.is(await count(world.server, `${table} WHERE ${column} = $1`, [id]), 0, table);
  }
  assert.is(await count(world.server, "radar_source WHERE source_name = 'gone' AND project_id IS NULL"), 1);
  const changes = await rows<{ entity_kind: string; change_type: string; entity_key: string }>(
    world.server,
    'SELECT entity_kind, change_type, entity_key FROM revision_change WHERE revision_id = (SELECT max(id) FROM revision) ORDER BY id',
  );
  assert.equal(changes, [
    { entity_kind: 'project', change_type: 'DEL', entity_key: 'd3b' },
    { entity_kind: 'role', change_type: 'DEL', entity_key: 'd3b:ROLE_PROJECT_ANALYST' },
  ]);
});

t.run();
