// The API documentation (docs/management.md, API documentation): GET api-docs and api-docs/swagger-config exist only
// with the api-docs profile, are public, and describe exactly the routes of the route table, each generated from its
// route entry, with who may call it; what the document says about access is checked against the live server.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildRouter } from '../../src/server/app';
import { buildOpenApiDocument, openApiPath, routeKey } from '../../src/server/api-docs/openapi-document';
import { swaggerConfig } from '../../src/server/api-docs/swagger-config';
import { TAGS } from '../../src/server/api-docs/tags';
import { asUser, createProjectRow, createUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';

const routes = buildRouter().routeTable();
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, unknown>; security: unknown[]; operationId: string; tags: string[]; 'x-required-permission': { kind: string } };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, any>>; tags: { name: string }[]; servers: { url: string }[] };

function operations(doc: Doc): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

/** Every `$ref` anywhere in the document. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

/** A request path for a template: each `{param}` filled with a harmless name. */
const example = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'revisionNb' || name === 'id' ? '1' : 'no-such-x'));

// ---- the route entries against the route table (no server) ----

const table = suite('api docs: the route entries');

table('every route is a route entry with a known tag', () => {
  const apiRoutes = routes.filter((r) => /^\/(api|management|oauth)(\/|$)/.test(r.path));
  assert.ok(apiRoutes.length > 80, `${apiRoutes.length} routes`);
  assert.equal(routes.filter((r) => !r.entry).map(routeKey), []);
  const tags = new Set(TAGS.map((tag) => tag.name));
  assert.equal(routes.filter((r) => r.entry && !tags.has(r.entry.doc.tag)).map(routeKey), []);
});

table('paths use {param} templates; the base path is the server URL; swagger-config points at the document', () => {
  assert.is(openApiPath('/api/projects/:projectName/groups/:groupName'), '/api/projects/{projectName}/groups/{groupName}');
  const doc = buildOpenApiDocument(routes, { basePath: '/managementportal' }) as unknown as Doc;
  assert.equal(doc.servers, [{ url: '/managementportal', description: 'This server' }]);
  assert.equal(swaggerConfig('/managementportal'), {
    configUrl: '/managementportal/api-docs/swagger-config',
    url: '/managementportal/api-docs',
    urls: [{ name: 'ManagementPortal', url: '/managementportal/api-docs' }],
    validatorUrl: '',
  });
});

table.run();

// ---- profile off ----

const off = suite('api docs: without the api-docs profile');
let plain: TestServer;
off.before(async () => {
  plain = await startTestServer();
});
off.after(async () => {
  await plain?.close();
  await dropTemplates();
});

off('GET api-docs and api-docs/swagger-config are a 404 like any unknown route', async () => {
  const unknown = await plain.request('GET', '/api/no-such-route');
  for (const path of ['/api-docs', '/api-docs/swagger-config', '/api-docs/other']) {
    const res = await plain.request('GET', path);
    assert.is(res.status, 404, path);
    assert.equal(Object.keys(res.body), Object.keys(unknown.body), path);
    assert.is(res.body.message, null);
    assert.match(res.body.description, 'No route for GET');
  }
  assert.equal((await plain.request('GET', '/api/profile-info')).body, { activeProfiles: ['prod'] });
});

off.run();

// ---- profile on ----

const on = suite('api docs: with PROFILES=prod,api-docs');
let server: TestServer;
let doc: Doc;
on.before(async () => {
  server = await startTestServer({ PROFILES: 'prod,api-docs' });
  await createProjectRow(server, 'alpha', 'main');
  await createUser(server, 'alpha-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }]);
});
on.after(async () => {
  await server?.close();
  await dropTemplates();
});

on('swagger-config and the document it names are public JSON', async () => {
  const config = await server.request('GET', '/api-docs/swagger-config');
  assert.is(config.status, 200);
  assert.match(config.headers.get('content-type') ?? '', 'application/json');
  assert.equal(config.body, { configUrl: '/api-docs/swagger-config', url: '/api-docs', urls: [{ name: 'ManagementPortal', url: '/api-docs' }], validatorUrl: '' });
  const res = await server.request('GET', config.body.url);
  assert.is(res.status, 200);
  doc = res.body;
  assert.match(doc.openapi, /^3\.0\.\d+$/);
  assert.equal(doc.servers, [{ url: '/', description: 'This server' }]);
  assert.equal((await server.request('HEAD', '/api-docs')).status, 200);
  assert.is((await server.request('POST', '/api-docs')).status, 405);
});

on('every route of the route table is an operation, with {param} templates and its path parameters', () => {
  const ops = operations(doc);
  assert.is(ops.length, routes.length);
  const documented = new Set(ops.map(({ method, path }) => `${method} ${path}`));
  assert.equal(routes.map(routeKey).filter((key) => !documented.has(key)), []);
  for (const { method, path, op } of ops) {
    assert.not.match(path, ':', path);
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    assert.equal((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name), names, `${method} ${path}`);
    assert.ok(Object.keys(op.responses).some((status) => /^[23]/.test(status)), `${method} ${path} has a success answer`);
    assert.ok(doc.tags.some((tag) => tag.name === op.tags[0]), `${method} ${path} tag ${op.tags[0]}`);
  }
  const ids = ops.map(({ op }) => op.operationId);
  assert.equal(ids.filter((id, i) => ids.indexOf(id) !== i), []);
  assert.not.ok(doc.tags.some((tag) => tag.name === 'Other'));
});

on('each entry\'s operation shows the entry\'s access, its declared query parameters and its body', () => {
  const wrong: string[] = [];
  for (const route of routes) {
    const entry = route.entry;
    if (!entry) continue;
    const key = routeKey(route);
    const op = doc.paths[openApiPath(route.path)][route.method.toLowerCase()] as Operation & { requestBody?: { content: Record<string, unknown> } };
    if (JSON.stringify(op['x-required-permission']) !== JSON.stringify(entry.access)) wrong.push(`${key}: access`);
    const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    if (JSON.stringify(query) !== JSON.stringify(Object.keys(entry.query ?? {}))) wrong.push(`${key}: query ${query}`);
    if (Boolean(op.requestBody) !== Boolean(entry.body)) wrong.push(`${key}: body`);
    if (entry.access.kind !== 'public' && entry.access.kind !== 'client' && !op.responses['401']) wrong.push(`${key}: 401`);
  }
  assert.equal(wrong, []);
  const token = doc.paths['/oauth/token'].post as Operation & { requestBody: { content: Record<string, unknown> } };
  assert.equal(Object.keys(token.requestBody.content), ['application/x-www-form-urlencoded']);
  assert.equal(token.security, [{ clientBasic: [] }]);
  const logs = doc.paths['/management/logs'].put as Operation & { requestBody: { content: Record<string, { schema: any }> } };
  assert.equal(logs.requestBody.content['application/json'].schema.properties.level.oneOf[0].enum, ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR']);
});

on('every $ref resolves; the main DTOs, error shapes, headers and security schemes are there', () => {
  const missing = refs(doc).filter((ref) => {
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
    return !section || !doc.components[section]?.[name];
  });
  assert.equal(missing, []);
  for (const name of ['UserDTO', 'ProjectDTO', 'SubjectDTO', 'SourceDTO', 'SourceTypeDTO', 'SourceDataDTO', 'OrganizationDTO', 'GroupDTO',
    'RoleDTO', 'ClientDetailsDTO', 'ErrorVM', 'ParameterizedErrorVM', 'FieldErrorVM', 'RevisionInfoDTO', 'RevisionDTO']) {
    assert.is(doc.components.schemas[name]?.type, 'object', name);
  }
  assert.equal(doc.components.schemas.ProjectDTO.required, ['projectName', 'description', 'location']);
  const { securitySchemes } = doc.components;
  assert.equal([securitySchemes.bearerAuth.type, securitySchemes.bearerAuth.scheme, securitySchemes.bearerAuth.bearerFormat], ['http', 'bearer', 'JWT']);
  assert.equal([securitySchemes.sessionCookie.in, securitySchemes.sessionCookie.name], ['cookie', 'SESSION']);
  assert.equal([securitySchemes.xsrfHeader.in, securitySchemes.xsrfHeader.name], ['header', 'X-XSRF-TOKEN']);

  const projects = doc.paths['/api/projects'];
  assert.equal(Object.keys((projects.get.responses['200'] as any).headers), ['X-Total-Count', 'Link']);
  assert.equal(projects.get.security, [{ bearerAuth: [] }, { sessionCookie: [] }]);
  assert.equal(projects.post.security, [{ bearerAuth: [] }, { sessionCookie: [], xsrfHeader: [] }]);
  assert.equal(projects.get['x-required-permission'], { kind: 'scope', permission: 'PROJECT.READ' });
  assert.equal(doc.paths['/api/profile-info'].get.security, []);
  assert.equal(Object.keys((doc.paths['/api/subjects'].get.responses['200'] as any).headers), ['X-Total-Count', 'Link']);
  assert.ok((doc.paths['/api/projects/{projectName}'].get.responses['404'] as any).content);
});

on('who may call an operation is what the server does: public ones answer anonymously, the others 401', async () => {
  const wrong: string[] = [];
  for (const { method, path, op } of operations(doc)) {
    if (method === 'POST' && path === '/api/logout') continue; // public, but would end nothing here anyway
    const res = await server.request(method, example(path), method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' });
    const kind = op['x-required-permission'].kind;
    const isPublic = kind === 'public' || kind === 'client';
    if (isPublic !== (res.status !== 401)) wrong.push(`${method} ${path} (${kind}) answered ${res.status}`);
  }
  assert.equal(wrong, []);
});

on('operations for system administrators only refuse a project admin', async () => {
  const as = await asUser(server, 'alpha-admin');
  const wrong: string[] = [];
  for (const { method, path, op } of operations(doc)) {
    const access = op['x-required-permission'] as { kind: string; on?: string };
    if (method !== 'GET' || !(access.kind === 'sysAdmin' || access.on === 'global')) continue;
    const res = await as(method, example(path));
    if (res.status !== 403) wrong.push(`${method} ${path} answered ${res.status}`);
  }
  assert.equal(wrong, []);
  assert.is((await as('GET', '/api/projects')).status, 200);
});

on.run();
