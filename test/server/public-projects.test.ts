// GET api/public/projects: every project's name, description and minimal source types, to anyone (no sign-in, a
// bad token is not even looked at), paged by 2000 with X-Total-Count and Link, sortable only on what it shows.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { createSourceTypeRow, startWorld, type World } from './projects-fixtures';

let world: World;
let types: { a: number; b: number };
const t = suite('public projects');
t.before(async () => {
  world = await startWorld();
  types = { a: await createSourceTypeRow(world.server, 'acme', 'watch'), b: await createSourceTypeRow(world.server, 'acme', 'ring') };
  const db = world.server.app.db;
  // p1 has two source types (linked in reverse id order), p3 one, p2 none.
  for (const [project, type] of [['p1', types.b], ['p1', types.a], ['p3', types.a]] as const) {
    await db.query('INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $2 FROM project WHERE project_name = $1', [project, type]);
  }
  await db.query("UPDATE project SET location = 'Secret', project_status = 'ONGOING' WHERE project_name = 'p1'");
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const get = (query = '', headers: Record<string, string> = {}) => world.server.request('GET', `/api/public/projects${query}`, { headers });

t('anyone reads every project: name, description and minimal source types only, by id', async () => {
  const res = await get();
  assert.is(res.status, 200, res.text);
  const watch = { id: types.a, model: 'watch', producer: 'acme', catalogVersion: 'v1' };
  const ring = { id: types.b, model: 'ring', producer: 'acme', catalogVersion: 'v1' };
  assert.equal(res.body, [
    { projectName: 'p1', description: 'p1 description', sourceTypes: [watch, ring].sort((x, y) => x.id - y.id) },
    { projectName: 'p2', description: 'p2 description' },
    { projectName: 'p3', description: 'p3 description', sourceTypes: [watch] },
  ]);
  assert.is(res.headers.get('x-total-count'), '3');
  assert.is(res.headers.get('link'), '</api/public/projects?page=0&size=2000>; rel="last",</api/public/projects?page=0&size=2000>; rel="first"');
  // Signed in or not, with a token that does not verify: the same answer (no authentication is attempted).
  assert.equal((await world.as.p1Participant('GET', '/api/public/projects')).body, res.body);
  const badToken = await get('', { authorization: 'Bearer not-a-token' });
  assert.is(badToken.status, 200);
  assert.equal(badToken.body, res.body);
});

t('paged like every list: page, size, Link and X-Total-Count', async () => {
  const first = await get('?size=2');
  assert.equal(first.body.map((p: { projectName: string }) => p.projectName), ['p1', 'p2']);
  assert.is(first.headers.get('x-total-count'), '3');
  assert.is(first.headers.get('link'),
    '</api/public/projects?page=1&size=2>; rel="next",</api/public/projects?page=1&size=2>; rel="last",</api/public/projects?page=0&size=2>; rel="first"');
  const second = await get('?page=1&size=2');
  assert.equal(second.body.map((p: { projectName: string }) => p.projectName), ['p3']);
  assert.is(second.headers.get('link'),
    '</api/public/projects?page=0&size=2>; rel="prev",</api/public/projects?page=1&size=2>; rel="last",</api/public/projects?page=0&size=2>; rel="first"');
  const beyond = await get('?page=5&size=2');
  assert.equal(beyond.body, []);
  assert.is((await get('?size=5000')).headers.get('link')?.includes('size=2000'), true);
});

t('sorted on id, projectName or description; any other property, or a page that does not parse, is a 400', async () => {
  const byName = await get('?sort=projectName,desc');
  assert.equal(byName.body.map((p: { projectName: string }) => p.projectName), ['p3', 'p2', 'p1']);
  const byDescription = await get('?sort=description,desc');
  assert.equal(byDescription.body.map((p: { projectName: string }) => p.projectName), ['p3', 'p2', 'p1']);
  assert.equal((await get('?sort=id,desc')).body.map((p: { projectName: string }) => p.projectName), ['p3', 'p2', 'p1']);
  for (const query of ['?sort=location', '?sort=projectStatus', '?sort=startDate', '?page=x']) {
    const res = await get(query);
    assert.is(res.status, 400, query);
    assert.is(res.body.message, 'error.validation', query);
    assert.is(res.body.fieldErrors[0].objectName, 'pageable', query);
  }
});

t('only GET: other methods are 405', async () => {
  const res = await world.as.sysAdmin('POST', '/api/public/projects', { json: {} });
  assert.is(res.status, 405);
});

t.run();
