// Revisions: the RevisionInfoDTO shape with all three change types, paging and sorting, 404 and 400, system admins
// only; and the per-entity history other resources build on.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePageable } from '../../src/server/http/paging';
import { entityAtRevision, HISTORY_SORT_COLUMNS, listEntityHistory } from '../../src/server/revisions/entity-history';
import { dropTemplates } from '../setup/database';
import { project, startWorld, statuses, type World } from './projects-fixtures';

let world: World;
const t = suite('revisions');
t.before(async () => {
  world = await startWorld();
  // Beyond the world's 4 revisions (org other, p1, p2, p3 created by admin): one by main-admin, a MOD and a DEL.
  await world.as.mainAdmin('POST', '/api/projects', { json: project('rev-p', 'main') });
  const { body } = await world.as.sysAdmin('GET', '/api/projects/rev-p');
  await world.as.sysAdmin('PUT', '/api/projects', { json: { ...body, description: 'v2' } });
  await world.as.sysAdmin('DELETE', '/api/projects/rev-p');
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

t('system admins only', async () => {
  const callers = ['sysAdmin', 'mainAdmin', 'p1Admin', 'p1Analyst', 'p1Participant', 'anonymous'] as const;
  const expected = { sysAdmin: 200, mainAdmin: 403, p1Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401 };
  assert.equal(await statuses(world, [...callers], 'GET', '/api/revisions'), expected);
  const { body } = await world.as.sysAdmin('GET', '/api/revisions');
  assert.equal(await statuses(world, [...callers], 'GET', `/api/revisions/${body[0].id}`), expected);
});

t('the list: RevisionInfoDTOs in id order with X-Total-Count and Link', async () => {
  const res = await world.as.sysAdmin('GET', '/api/revisions?page=0&size=20');
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-total-count'), '7');
  assert.is(res.headers.get('link'), '</api/revisions?page=0&size=20>; rel="last",</api/revisions?page=0&size=20>; rel="first"');
  const [first] = res.body;
  assert.equal(Object.keys(first).sort(), ['author', 'changes', 'id', 'timestamp']);
  assert.match(first.timestamp, TIMESTAMP);
  assert.is(first.author, 'admin');
  assert.equal(Object.keys(first.changes), ['ADD', 'MOD', 'DEL']);
  assert.equal(first.changes.ADD.organization.map((o: { name: string }) => o.name), ['other']);
  assert.equal(first.changes.MOD, {});
  const ids = res.body.map((r: { id: number }) => r.id);
  assert.equal(ids, [...ids].sort((a: number, b: number) => a - b));
  const [added, modified, deleted] = res.body.slice(4);
  assert.is(added.author, 'main-admin');
  assert.is(added.changes.ADD.project[0].projectName, 'rev-p');
  assert.is(modified.changes.MOD.project[0].description, 'v2');
  assert.is(deleted.changes.DEL.project[0].projectName, 'rev-p');
});

t('sorting and paging', async () => {
  const res = await world.as.sysAdmin('GET', '/api/revisions?size=2&page=1&sort=author,desc&sort=id,desc');
  assert.is(res.headers.get('x-total-count'), '7');
  assert.match(res.headers.get('link') ?? '', '</api/revisions?page=2&size=2>; rel="next",</api/revisions?page=0&size=2>; rel="prev",</api/revisions?page=3&size=2>; rel="last"');
  assert.equal(res.body.map((r: { author: string }) => r.author), ['admin', 'admin']);
  const byAuthor = await world.as.sysAdmin('GET', '/api/revisions?size=1&sort=auditor,desc');
  assert.is(byAuthor.body[0].author, 'main-admin');
  const bad = await world.as.sysAdmin('GET', '/api/revisions?sort=snapshot');
  assert.is(bad.status, 400);
  assert.is(bad.body.fieldErrors[0].field, 'sort');
});

t('one revision; 404 error.revisionsNotFound; 400 for a non-number', async () => {
  const { body: list } = await world.as.sysAdmin('GET', '/api/revisions');
  const res = await world.as.sysAdmin('GET', `/api/revisions/${list[5].id}`);
  assert.equal(res.body, list[5]);
  const missing = await world.as.sysAdmin('GET', '/api/revisions/999999');
  assert.is(missing.status, 404);
  assert.is(missing.body.errorCode, 'error.revisionsNotFound');
  assert.is(missing.body.entityName, 'revision');
  assert.is(missing.body.params['revision-id'], '999999');
  assert.is((await world.as.sysAdmin('GET', '/api/revisions/abc')).status, 400);
});

t('snapshots are stored as JSON objects on either database (not as JSON strings)', async () => {
  const [row] = await world.server.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM revision_change WHERE jsonb_typeof(snapshot) <> 'object'");
  assert.is(row.n, 0);
  const [{ name }] = await world.server.app.db.query<{ name: string }>("SELECT snapshot->>'name' AS name FROM revision_change WHERE entity_kind = 'organization'");
  assert.is(name, 'other');
});

t('entity history: paged by key or id, and the state as of a revision', async () => {
  const db = world.server.app.db;
  const pageable = parsePageable(new URLSearchParams('size=2'), { defaultSize: 20, sortable: HISTORY_SORT_COLUMNS });
  const { total, items } = await listEntityHistory<{ id: number; description: string }>(db, { kind: 'project', key: 'rev-p' }, pageable);
  assert.is(total, 3);
  assert.equal(items.map((i) => i.revisionType), ['ADD', 'MOD']);
  assert.match(items[0].timestamp, /Z$/);
  assert.is(items[0].author, 'main-admin');
  const byId = await listEntityHistory(db, { kind: 'project', id: items[0].entity.id }, pageable);
  assert.is(byId.total, 3);
  const desc = parsePageable(new URLSearchParams('sort=id,desc'), { defaultSize: 20, sortable: HISTORY_SORT_COLUMNS });
  assert.is((await listEntityHistory(db, { kind: 'project', key: 'rev-p' }, desc)).items[0].revisionType, 'DEL');
  const asOf = await entityAtRevision<{ description: string }>(db, { kind: 'project', key: 'rev-p' }, items[1].id);
  assert.is(asOf?.entity.description, 'v2');
  assert.is(await entityAtRevision(db, { kind: 'project', key: 'rev-p' }, items[0].id - 1), undefined);
});

t.run();
