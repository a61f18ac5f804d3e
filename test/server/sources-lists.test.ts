// GET api/sources (filtered to the caller's scope, Pageable, paging headers) and GET api/projects/{p}/sources
// (paged by default; `assigned` gives the unpaged list; `minimized` the MinimalSourceDetailsDTO).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { statuses } from './projects-fixtures';
import { createSource, createSubjectRow, startSourceWorld, type SourceWorld } from './sources-fixtures';

let world: SourceWorld;
const t = suite('sources-lists');
t.before(async () => {
  world = await startSourceWorld();
  for (const [name, project] of [['a-1', 'p1'], ['a-2', 'p1'], ['a-3', 'p1'], ['b-1', 'p2'], ['c-1', 'p3']]) await createSource(world, 'sysAdmin', name, project);
  await createSource(world, 'sysAdmin', 'global-1', undefined);
  const subject = await createSubjectRow(world.server, 'sub1', 'p1');
  await world.server.app.db.query("UPDATE radar_source SET assigned = true, subject_id = $1 WHERE source_name = 'a-2'", [subject]);
  await world.server.app.db.query("UPDATE radar_source SET deleted = true WHERE source_name = 'a-3'");
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const names = (body: { sourceName: string }[]) => body.map((s) => s.sourceName);

t('general list: each caller sees exactly its scope; deleted sources never', async () => {
  const seen: Record<string, string[] | number> = {};
  for (const caller of ['sysAdmin', 'mainAdmin', 'otherAdmin', 'p1Admin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'] as const) {
    const res = await world.as[caller]('GET', '/api/sources?sort=sourceName');
    seen[caller] = res.status === 200 ? names(res.body) : res.status;
  }
  assert.equal(seen, {
    sysAdmin: ['a-1', 'a-2', 'b-1', 'c-1', 'global-1'],
    mainAdmin: ['a-1', 'a-2', 'b-1'],
    otherAdmin: ['c-1'],
    p1Admin: ['a-1', 'a-2'],
    p2Admin: ['b-1'],
    p1Analyst: ['a-1', 'a-2'],
    p1Participant: 403,
    anonymous: 401,
  });
  const a2 = (await world.as.p1Admin('GET', '/api/sources?sort=sourceName')).body[1];
  assert.is(a2.subjectLogin, 'sub1');
  assert.is(a2.assigned, true);
  assert.equal(a2.project.projectName, 'p1');
});

t('general list: paging headers, sort, bad parameters are 400', async () => {
  const res = await world.as.sysAdmin('GET', '/api/sources?page=1&size=2&sort=sourceName,desc');
  assert.equal(names(res.body), ['b-1', 'a-2']);
  assert.is(res.headers.get('x-total-count'), '5');
  assert.is(
    res.headers.get('link'),
    '</api/sources?page=2&size=2>; rel="next",</api/sources?page=0&size=2>; rel="prev",</api/sources?page=2&size=2>; rel="last",</api/sources?page=0&size=2>; rel="first"',
  );
  for (const query of ['sort=nope', 'page=x', 'size=1.5']) assert.is((await world.as.sysAdmin('GET', `/api/sources?${query}`)).status, 400, query);
});

t('project list: SOURCE.READ on the project, paged without the project; 404 unknown project', async () => {
  const expected = { sysAdmin: 200, mainAdmin: 200, otherAdmin: 403, p1Admin: 200, p2Admin: 403, p1Analyst: 200, p1Participant: 403, anonymous: 401 };
  assert.equal(await statuses(world, Object.keys(expected) as (keyof typeof expected)[], 'GET', '/api/projects/p1/sources'), expected);
  const res = await world.as.p1Admin('GET', '/api/projects/p1/sources?size=1&sort=id,desc');
  assert.equal(names(res.body), ['a-2']);
  assert.is(res.body[0].project, undefined);
  assert.is(res.headers.get('x-total-count'), '2');
  assert.ok(res.headers.get('link')!.startsWith('</api/projects/p1/sources?page=1&size=1>; rel="next"'));
  const missing = await world.as.sysAdmin('GET', '/api/projects/nope/sources');
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.projectNameNotFound');
  assert.is((await world.as.p1Admin('GET', '/api/projects/nope/sources')).status, 403, 'no name probing outside the scope');
  assert.is((await world.as.p1Admin('GET', '/api/projects/p1/sources?assigned=maybe')).status, 400);
});

t('project list: assigned=false&minimized=true lists the free devices, unpaged, minimal', async () => {
  const res = await world.as.p1Admin('GET', '/api/projects/p1/sources?assigned=false&minimized=true');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-total-count'), null);
  assert.equal(res.body, [{
    id: res.body[0].id, sourceTypeId: world.types.wear, sourceTypeProducer: 'acme', sourceTypeModel: 'wear', sourceTypeCatalogVersion: 'v1',
    expectedSourceName: null, sourceId: res.body[0].sourceId, sourceName: 'a-1', assigned: false, attributes: {},
  }]);
  const assigned = await world.as.p1Admin('GET', '/api/projects/p1/sources?assigned=true');
  assert.equal(names(assigned.body), ['a-2']);
  assert.is(assigned.body[0].subjectLogin, 'sub1');
});

t.run();
