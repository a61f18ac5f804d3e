// Catalogue writes across organizations (docs/catalogue.md, "Who may change a source type"): scoped staff change or
// delete a source type or its source data only when their permission reaches every project using the type; an
// unused type (or a row without one) needs a system or organization admin. Refused writes are 403
// error.accessDenied with nothing written. Organizations: main (projects p1, p2) and other (p3).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { createSourceTypeRow, revisionCount, rows, startWorld, type World } from './projects-fixtures';

let world: World;
let as: Record<Who, AsUser>;
type Who = 'sysAdmin' | 'mainAdmin' | 'otherAdmin' | 'p1Admin' | 'p1Owner' | 'p1Affiliate';
const A_STAFF: Who[] = ['mainAdmin', 'p1Admin', 'p1Owner', 'p1Affiliate'];
const PROJECT_STAFF: Who[] = ['p1Admin', 'p1Owner', 'p1Affiliate'];

const t = suite('source types and source data: writes need every using project in scope');
t.before(async () => {
  world = await startWorld();
  await createUser(world.server, 'p1-owner', [{ authority: 'ROLE_PROJECT_OWNER', project: 'p1' }]);
  await createUser(world.server, 'p1-affiliate', [{ authority: 'ROLE_PROJECT_AFFILIATE', project: 'p1' }]);
  as = {
    sysAdmin: world.as.sysAdmin, mainAdmin: world.as.mainAdmin, otherAdmin: world.as.otherAdmin, p1Admin: world.as.p1Admin,
    p1Owner: await asUser(world.server, 'p1-owner'), p1Affiliate: await asUser(world.server, 'p1-affiliate'),
  };
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

let n = 0;
/** A source type used by the given projects, with one source data row; its model and row name are unique. */
async function typeUsedBy(...projects: string[]): Promise<{ id: number; model: string; row: string }> {
  const model = `M${n++}`;
  const id = await createSourceTypeRow(world.server, 'Scope', model);
  const row = `SCOPE_${model}_ACC`;
  await world.server.app.db.query("INSERT INTO source_data (source_data_type, source_data_name, source_type_id, topic) VALUES ('ACC', $1, $2, 'topic_a')", [row, id]);
  if (projects.length) {
    await world.server.app.db.query('INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name = ANY($2::text[])', [id, projects]);
  }
  return { id, model, row };
}

const typeBody = async (model: string) => (await as.sysAdmin('GET', `/api/source-types/Scope/${model}/v1`)).body;
const dataBody = async (row: string) => (await as.sysAdmin('GET', `/api/source-data/${row}`)).body;
const description = async (id: number) => (await rows<{ description: string | null }>(world.server, 'SELECT description FROM source_type WHERE id = $1', [id]))[0].description;
const topic = async (row: string) => (await rows<{ topic: string | null }>(world.server, 'SELECT topic FROM source_data WHERE source_data_name = $1', [row]))[0]?.topic;

async function refused(who: Who, method: string, path: string, json?: unknown) {
  const before = await revisionCount(world.server);
  const res = await as[who](method, path, json === undefined ? {} : { json });
  assert.is(res.status, 403, `${who} ${method} ${path}: ${res.text}`);
  assert.is(res.body.message, 'error.accessDenied', `${who}: ${res.text}`);
  assert.is(await revisionCount(world.server), before, `${who}: nothing written`);
  return res;
}

async function updateType(who: Who, model: string, value: string) {
  const body = await typeBody(model);
  return as[who]('PUT', '/api/source-types', { json: { ...body, usage: undefined, description: value } });
}

async function updateTopic(who: Who, row: string, value: string, extra: Record<string, unknown> = {}) {
  return as[who]('PUT', '/api/source-data', { json: { ...(await dataBody(row)), topic: value, ...extra } });
}

t('PUT source-types: a type used only by another organization\'s project is refused to every A-scoped role', async () => {
  const b = await typeUsedBy('p3');
  for (const who of A_STAFF) {
    const res = await refused(who, 'PUT', '/api/source-types', { ...(await typeBody(b.model)), description: who });
    assert.match(res.body.description, /Source type Scope M\d+ v1 is used by 1 project\(s\) outside your scope/);
  }
  assert.is(await description(b.id), null);
  const other = await updateType('otherAdmin', b.model, 'by other');
  assert.is(other.status, 200, other.text);
  assert.is(await description(b.id), 'by other');
});

t('PUT source-types: a type used by A only is changed by A staff; a second project of A needs the organization admin', async () => {
  const a = await typeUsedBy('p1');
  for (const who of A_STAFF) {
    const res = await updateType(who, a.model, who);
    assert.is(res.status, 200, `${who}: ${res.text}`);
    assert.is(await description(a.id), who);
  }
  await refused('otherAdmin', 'PUT', '/api/source-types', { ...(await typeBody(a.model)), description: 'other' });
  const both = await typeUsedBy('p1', 'p2');
  for (const who of PROJECT_STAFF) await refused(who, 'PUT', '/api/source-types', { ...(await typeBody(both.model)), description: who });
  assert.is((await updateType('mainAdmin', both.model, 'main')).status, 200);
  assert.is(await description(both.id), 'main');
});

t('PUT source-types: a type used by A and B only by the system admin; its rows in the body are refused with it', async () => {
  const ab = await typeUsedBy('p1', 'p3');
  const body = await typeBody(ab.model);
  for (const who of [...A_STAFF, 'otherAdmin'] as Who[]) {
    await refused(who, 'PUT', '/api/source-types', { ...body, description: who });
    await refused(who, 'PUT', '/api/source-types', { ...body, sourceData: body.sourceData.map((d: object) => ({ ...d, topic: 'broken' })) });
  }
  assert.is(await description(ab.id), null);
  assert.is(await topic(ab.row), 'topic_a');
  const res = await updateType('sysAdmin', ab.model, 'sys');
  assert.is(res.status, 200, res.text);
  assert.is(await description(ab.id), 'sys');
});

t('PUT source-types: an unused type is changed by organization admins (of any organization), not by project staff', async () => {
  const unused = await typeUsedBy();
  for (const who of PROJECT_STAFF) {
    const res = await refused(who, 'PUT', '/api/source-types', { ...(await typeBody(unused.model)), description: who });
    assert.match(res.body.description, /is used by no project: only system and organization administrators may change it/);
  }
  for (const who of ['mainAdmin', 'otherAdmin', 'sysAdmin'] as Who[]) {
    assert.is((await updateType(who, unused.model, who)).status, 200, who);
    assert.is(await description(unused.id), who);
  }
  // Creating stays open to project staff; an unknown id stays a 404.
  const created = await as.p1Admin('POST', '/api/source-types', { json: { producer: 'Scope', model: 'New', catalogVersion: 'v1', sourceTypeScope: 'ACTIVE' } });
  assert.is(created.status, 201);
  assert.is((await as.p1Admin('PUT', '/api/source-types', { json: { ...created.body, id: 987654 } })).status, 404);
});

t('DELETE source-types: refused out of scope before the in-use check; an unused type only by organization admins', async () => {
  for (const projects of [['p3'], ['p1', 'p3']]) {
    const used = await typeUsedBy(...projects);
    for (const who of A_STAFF) await refused(who, 'DELETE', `/api/source-types/Scope/${used.model}/v1`);
    const sys = await as.sysAdmin('DELETE', `/api/source-types/Scope/${used.model}/v1`);
    assert.is(sys.status, 403);
    assert.is(sys.body.errorCode, 'error.sourceTypeInUse', 'the system admin passes the scope check and meets the in-use one');
  }
  const a = await typeUsedBy('p1');
  for (const who of A_STAFF) {
    const res = await as[who]('DELETE', `/api/source-types/Scope/${a.model}/v1`);
    assert.is(res.status, 403);
    assert.is(res.body.errorCode, 'error.sourceTypeInUse', `${who} is in scope; the type is still in use`);
  }
  const unused = await typeUsedBy();
  for (const who of PROJECT_STAFF) await refused(who, 'DELETE', `/api/source-types/Scope/${unused.model}/v1`);
  assert.is((await rows(world.server, 'SELECT id FROM source_type WHERE id = $1', [unused.id])).length, 1);
  assert.is((await as.mainAdmin('DELETE', `/api/source-types/Scope/${unused.model}/v1`)).status, 200);
  assert.is((await rows(world.server, 'SELECT id FROM source_type WHERE id = $1', [unused.id])).length, 0);
  assert.is((await as.otherAdmin('DELETE', `/api/source-types/Scope/${(await typeUsedBy()).model}/v1`)).status, 200);
  assert.is((await as.p1Admin('DELETE', '/api/source-types/Scope/Nope/v1')).status, 404, 'an unknown type stays a 404');
});

t('PUT source-data: a row of B\'s type is refused to A staff (its topic is B\'s pipeline); A\'s type allowed; A and B: system admin', async () => {
  const b = await typeUsedBy('p3');
  for (const who of A_STAFF) await refused(who, 'PUT', '/api/source-data', { ...(await dataBody(b.row)), topic: 'broken' });
  assert.is(await topic(b.row), 'topic_a');
  assert.is((await updateTopic('otherAdmin', b.row, 'topic_b')).status, 200);

  const a = await typeUsedBy('p1');
  for (const who of A_STAFF) {
    const res = await updateTopic(who, a.row, `t_${who}`);
    assert.is(res.status, 200, `${who}: ${res.text}`);
    assert.is(await topic(a.row), `t_${who}`);
  }

  const ab = await typeUsedBy('p1', 'p3');
  for (const who of [...A_STAFF, 'otherAdmin'] as Who[]) await refused(who, 'PUT', '/api/source-data', { ...(await dataBody(ab.row)), topic: 'broken' });
  assert.is(await topic(ab.row), 'topic_a');
  assert.is((await updateTopic('sysAdmin', ab.row, 'sys')).status, 200);
  assert.is(await topic(ab.row), 'sys');
});

t('PUT source-data: moving a row into or out of a type checks both; unused types and typeless rows need an organization admin', async () => {
  const a = await typeUsedBy('p1');
  const b = await typeUsedBy('p3');
  await refused('p1Admin', 'PUT', '/api/source-data', { ...(await dataBody(a.row)), sourceType: { id: b.id } });
  await refused('p1Admin', 'PUT', '/api/source-data', { ...(await dataBody(b.row)), sourceType: { id: a.id } });
  await refused('mainAdmin', 'PUT', '/api/source-data', { ...(await dataBody(a.row)), sourceType: { id: b.id } });
  assert.equal((await rows<{ source_type_id: number }>(world.server, 'SELECT source_type_id FROM source_data WHERE source_data_name = $1', [a.row]))[0].source_type_id, a.id);

  const unused = await typeUsedBy();
  for (const who of PROJECT_STAFF) await refused(who, 'PUT', '/api/source-data', { ...(await dataBody(unused.row)), topic: 'x' });
  // Taking a row out of a type in scope is allowed (as deleting it would be); the typeless row is then out of reach.
  assert.is((await as.p1Admin('PUT', '/api/source-data', { json: { ...(await dataBody(a.row)), sourceType: null } })).status, 200);
  await refused('p1Admin', 'PUT', '/api/source-data', { ...(await dataBody(a.row)), topic: 'x' });
  for (const who of ['mainAdmin', 'otherAdmin'] as Who[]) assert.is((await updateTopic(who, unused.row, who)).status, 200, who);
  assert.is(await topic(unused.row), 'otherAdmin');

  // A row without a type: organization admins only; creating one stays open to project staff.
  const made = await as.p1Admin('POST', '/api/source-data', { json: { sourceDataType: 'ACC', sourceDataName: 'SCOPE_LOOSE' } });
  assert.is(made.status, 201);
  for (const who of PROJECT_STAFF) await refused(who, 'PUT', '/api/source-data', { ...made.body, topic: 'x' });
  assert.is((await as.mainAdmin('PUT', '/api/source-data', { json: { ...made.body, topic: 'org' } })).status, 200);
  assert.is((await as.p1Admin('PUT', '/api/source-data', { json: { ...made.body, id: 987654 } })).status, 404, 'an unknown id stays a 404');
});

t('DELETE source-data: out of scope refused with the row kept; in scope deleted; unused only by organization admins', async () => {
  const b = await typeUsedBy('p3');
  const ab = await typeUsedBy('p1', 'p3');
  for (const who of A_STAFF) {
    await refused(who, 'DELETE', `/api/source-data/${b.row}`);
    await refused(who, 'DELETE', `/api/source-data/${ab.row}`);
  }
  assert.is(await topic(b.row), 'topic_a');
  assert.is(await topic(ab.row), 'topic_a');
  assert.is((await as.sysAdmin('DELETE', `/api/source-data/${ab.row}`)).status, 200);
  assert.is((await as.otherAdmin('DELETE', `/api/source-data/${b.row}`)).status, 200);

  for (const who of A_STAFF) {
    const a = await typeUsedBy('p1');
    assert.is((await as[who]('DELETE', `/api/source-data/${a.row}`)).status, 200, who);
    assert.is(await topic(a.row), undefined);
  }
  const unused = await typeUsedBy();
  for (const who of PROJECT_STAFF) await refused(who, 'DELETE', `/api/source-data/${unused.row}`);
  assert.is((await as.mainAdmin('DELETE', `/api/source-data/${unused.row}`)).status, 200);
  assert.is((await as.p1Admin('DELETE', '/api/source-data/SCOPE_NOPE')).status, 404, 'an unknown row stays a 404');
});

t('GET answers carry usage: every using project counted, only those the caller may read named', async () => {
  const ab = await typeUsedBy('p1', 'p3');
  const usageOf = async (who: Who) => (await as[who]('GET', `/api/source-types/Scope/${ab.model}/v1`)).body.usage;
  assert.equal(await usageOf('sysAdmin'), { projectCount: 2, projects: [{ projectName: 'p1', organizationName: 'main' }, { projectName: 'p3', organizationName: 'other' }] });
  assert.equal(await usageOf('mainAdmin'), { projectCount: 2, projects: [{ projectName: 'p1', organizationName: 'main' }] });
  assert.equal(await usageOf('p1Affiliate'), { projectCount: 2, projects: [{ projectName: 'p1', organizationName: 'main' }] });
  assert.equal(await usageOf('otherAdmin'), { projectCount: 2, projects: [{ projectName: 'p3', organizationName: 'other' }] });
  const list = (await as.p1Admin('GET', '/api/source-types')).body;
  assert.equal(list.find((x: { id: number }) => x.id === ab.id).usage, { projectCount: 2, projects: [{ projectName: 'p1', organizationName: 'main' }] });
  const unused = await typeUsedBy();
  assert.equal((await as.p1Admin('GET', `/api/source-types/Scope/${unused.model}/v1`)).body.usage, { projectCount: 0, projects: [] });
  assert.not.ok((await as.p1Admin('GET', '/api/source-types/Scope')).body.some((x: object) => 'usage' in x), 'not on the reduced form');
});

t.run();
