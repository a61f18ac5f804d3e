// The router's input rules, for every declared route, generated from the route table: a NUL character or an unpaired
// surrogate in any string of a body, a query or a path is a 400 in the error shape (never reaching the database), a
// wrong JSON type is a 400 with field errors, and enums take their name or their ordinal number.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildRouter } from '../../../src/server/app';
import type { Schema } from '../../../src/common/schema';
import { COMPONENT_SCHEMAS } from '../../../src/common/schemas';
import type { RouteEntry } from '../../../src/server/http/route';
import { asUser, createProjectRow, type AsUser } from '../../setup/auth';
import { dropTemplates } from '../../setup/database';
import { startTestServer, type TestServer } from '../../setup/server';

const COMPONENTS = COMPONENT_SCHEMAS;
const entries = buildRouter().routeTable().flatMap((r) => (r.entry ? [r.entry] : []));
const fill = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => (name === 'revisionNb' || name === 'id' ? '1' : 'no-such-x'));

/** The object schema of a JSON body (refs resolved), or undefined when the body is not an object. */
function objectSchema(entry: RouteEntry): Extract<Schema, { type: 'object' }> | undefined {
  const body = entry.body;
  if (!body || (body.kind !== undefined && body.kind !== 'json')) return undefined;
  let schema: Schema | undefined = body.schema;
  while (schema?.type === 'ref') schema = COMPONENTS[schema.name];
  return schema?.type === 'object' ? schema : undefined;
}

/** A value of the wrong JSON type for a schema. */
function wrongValue(schema: Schema): unknown {
  switch (schema.type) {
    case 'string': case 'enum': return { not: 'a string' };
    case 'integer': case 'number': return 'not a number';
    case 'boolean': return 'yes';
    case 'array': return 123;
    case 'object': case 'map': return 123;
    default: return undefined;
  }
}

let server: TestServer;
let admin: AsUser;
const t = suite('router input rules, for every declared route');
t.before(async () => {
  server = await startTestServer();
  admin = await asUser(server, 'admin');
  await createProjectRow(server, 'alpha', 'main');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

function assertBadRequest(res: { status: number; body: any }, what: string) {
  assert.is(res.status, 400, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
  assert.ok(res.body && typeof res.body === 'object' && 'message' in res.body, `${what}: error shape`);
}

t('the route table is declarative: every route is an entry with access and docs', () => {
  const table = buildRouter().routeTable();
  assert.ok(table.length > 80, `${table.length} routes`);
  assert.is(entries.length, table.length);
});

t('a NUL character in a query parameter or a path segment is a 400 on every route', async () => {
  for (const entry of entries) {
    const path = fill(entry.path);
    assertBadRequest(await admin(entry.method, `${path}?login=%00x`), `${entry.method} ${path}?login=NUL`);
    const segments = path.split('/');
    if (segments.length > 3) {
      segments[segments.length - 1] = 'a%00b';
      assertBadRequest(await admin(entry.method, segments.join('/')), `${entry.method} ${segments.join('/')}`);
    }
  }
  // The two the issue named.
  assertBadRequest(await admin('GET', '/api/users?login=%00'), 'GET api/users?login=NUL');
});

t('a NUL character or a lone surrogate in any string of a JSON body is a 400, field by field', async () => {
  let checked = 0;
  for (const entry of entries) {
    const schema = objectSchema(entry);
    if (!schema) continue;
    const path = fill(entry.path);
    for (const [field, fieldSchema] of Object.entries(schema.properties)) {
      if (fieldSchema.type !== 'string') continue;
      for (const bad of ['a\u0000b', 'a\uD800b']) {
        const res = await admin(entry.method, path, { json: { [field]: bad } });
        assertBadRequest(res, `${entry.method} ${path} ${field}=${JSON.stringify(bad)}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 20, `${checked} fields checked`);
  const res = await admin('PUT', '/api/organizations', { json: { id: 1, name: 'main', description: '\u0000', location: 'x' } });
  assertBadRequest(res, 'PUT api/organizations description NUL');
});

t('a wrong JSON type in a declared body field is a 400 naming the field', async () => {
  let checked = 0;
  for (const entry of entries) {
    const schema = objectSchema(entry);
    if (!schema) continue;
    const path = fill(entry.path);
    for (const [field, fieldSchema] of Object.entries(schema.properties)) {
      const bad = wrongValue(fieldSchema);
      if (bad === undefined) continue;
      const res = await admin(entry.method, path, { json: { [field]: bad } });
      assertBadRequest(res, `${entry.method} ${path} ${field}=${JSON.stringify(bad)}`);
      assert.ok((res.body.fieldErrors ?? []).some((e: { field: string }) => e.field === field || e.field.startsWith(`${field}.`) || e.field.startsWith(`${field}[`)),
        `${entry.method} ${path}: ${field} named in ${JSON.stringify(res.body.fieldErrors)}`);
      checked++;
    }
  }
  assert.ok(checked > 20, `${checked} fields checked`);
});

t('the wrong types the issue named are 400s: roles of a subject, the level of a logger', async () => {
  const project = (await admin('GET', '/api/projects/alpha')).body;
  const subject = await admin('POST', '/api/subjects', { json: { login: 'typed-1', project: { id: project.id, projectName: 'alpha' } } });
  assert.is(subject.status, 201);
  assertBadRequest(await admin('PUT', '/api/subjects', { json: { ...subject.body, roles: 123 } }), 'PUT api/subjects roles=123');
  assertBadRequest(await admin('PUT', '/management/logs', { json: { name: 'http', level: 123 } }), 'PUT management/logs level=123');
});

t('enums take their name or their ordinal (ManagementPortal\'s client sends const enums); out of range is a 400', async () => {
  const project = (await admin('GET', '/api/projects/alpha')).body;
  const projectRef = { id: project.id, projectName: 'alpha' };
  const byOrdinal = await admin('POST', '/api/subjects', { json: { login: 'ordinal-1', status: 1, project: projectRef } });
  assert.is(byOrdinal.status, 201, JSON.stringify(byOrdinal.body));
  assert.is(byOrdinal.body.status, 'ACTIVATED');
  const byName = await admin('POST', '/api/subjects', { json: { login: 'ordinal-2', status: 'ACTIVATED', project: projectRef } });
  assert.is(byName.status, 201);
  for (const bad of [4, -1, 1.5, 'ACTIVE']) {
    assertBadRequest(await admin('POST', '/api/subjects', { json: { login: 'ordinal-3', status: bad, project: projectRef } }), `status=${bad}`);
  }
  assert.is((await admin('GET', '/api/subjects/ordinal-3')).status, 404);
});

t('the fields ManagementPortal\'s request DTOs type as enums are enums here (ordinals accepted); its free strings stay strings', () => {
  const fieldType = (dto: string, field: string) => {
    const schema = COMPONENTS[dto];
    return schema?.type === 'object' ? schema.properties[field]?.type : undefined;
  };
  // SubjectStatus and ProjectStatus there; PUT api/projects and POST api/subjects take ordinals (tests above and
  // projects-write.test.ts).
  assert.is(fieldType('SubjectDTO', 'status'), 'enum');
  assert.is(fieldType('ProjectDTO', 'projectStatus'), 'enum');
  // Declared String there (conventional values only; any string is stored): a number is no ordinal for them.
  assert.is(fieldType('SourceTypeDTO', 'sourceTypeScope'), 'string');
  assert.is(fieldType('SourceDataDTO', 'processingState'), 'string');
  // RoleDTO names its authority by a string (parsed case-insensitively); AuthorityDTO (an enum scope) is never a body.
  assert.is(fieldType('RoleDTO', 'authorityName'), 'string');
  assert.not.ok(entries.some((e) => e.body && 'schema' in e.body && e.body.schema.type === 'ref' && e.body.schema.name === 'AuthorityDTO'));
});

t.run();
