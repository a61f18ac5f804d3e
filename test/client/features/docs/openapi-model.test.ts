// The documentation page's reading of an OpenAPI document, against this server's real document (built from the
// route table) and small hand-made ones: operations, tags, the filter, $refs, schemas that contain themselves,
// example bodies and the try-it-out request.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildRouter } from '../../../../src/server/app';
import { buildOpenApiDocument } from '../../../../src/server/api-docs/openapi-document';
import { bodyTemplate, exampleOf } from '../../../../src/client/features/docs/example-value';
import { deref, groupByTag, matchesFilter, operationsOf } from '../../../../src/client/features/docs/openapi-model';
import type { OpenApiDocument, SchemaObject } from '../../../../src/client/features/docs/openapi-types';
import { buildRequest, isProblem, joinServer } from '../../../../src/client/features/docs/request-builder';
import { describeSchema, typeNotation } from '../../../../src/client/features/docs/schema-summary';
import { documentUrl } from '../../../../src/client/features/docs/use-api-docs';

const real = JSON.parse(JSON.stringify(buildOpenApiDocument(buildRouter().routeTable(), { basePath: '' }))) as OpenApiDocument;
const ops = operationsOf(real);
const op = (key: string) => ops.find((o) => o.key === key)!;

const t = suite('api docs: reading the document');

t('every operation of the real document, grouped by tag in the document\'s order', () => {
  assert.is(ops.length, buildRouter().routeTable().length);
  const projects = op('GET /api/projects');
  assert.is(projects.tag, 'Projects');
  assert.equal(projects.permission, { kind: 'scope', permission: 'PROJECT.READ' });
  assert.equal(projects.parameters.map((p) => p.name), ['page', 'size', 'sort', 'minimized']);
  assert.equal(projects.responses.find((r) => r.status === '200')!.headers.map((h) => h.name), ['X-Total-Count', 'Link']);
  assert.ok(op('GET /api/profile-info').isPublic);
  assert.not.ok(projects.isPublic);
  const groups = groupByTag(real, ops);
  assert.equal(groups.map((g) => g.name), real.tags!.map((tag) => tag.name));
  assert.is(groups.reduce((n, g) => n + g.operations.length, 0), ops.length);
});

t('the filter: every word somewhere in method, path, summary or tag, ignoring case', () => {
  const keys = (filter: string) => ops.filter((o) => matchesFilter(o, filter)).map((o) => o.key);
  assert.ok(keys('projects').includes('GET /api/projects'));
  assert.ok(keys('GET PROJECTS').every((key) => key.startsWith('GET ')));
  assert.equal(keys('delete group'), ['DELETE /api/projects/{projectName}/groups/{groupName}']);
  assert.is(keys('  ').length, ops.length);
  assert.equal(keys('no-such-word'), []);
});

t('every schema of every operation can be described and given an example, however it nests', () => {
  const walk = (schema: SchemaObject | undefined, chain: string[] = [], depth = 0): number => {
    assert.ok(depth < 30, 'terminates');
    const summary = describeSchema(real, schema, chain);
    if (summary.cycle) return 1;
    return 1 + [...summary.properties.map((p) => p.schema), ...summary.variants].reduce((n, s) => n + walk(s, summary.chain, depth + 1), 0);
  };
  let nodes = 0;
  for (const o of ops) {
    for (const s of [o.body?.schema, ...o.responses.map((r) => r.schema), ...o.parameters.map((p) => p.schema)]) {
      nodes += walk(s);
      assert.not.throws(() => JSON.stringify(exampleOf(real, s)));
    }
  }
  assert.ok(nodes > 500, `${nodes} nodes`);
});

t('a schema that contains itself stops where it recurs; types read short', () => {
  const project = describeSchema(real, { $ref: '#/components/schemas/ProjectDTO' });
  assert.equal(project.chain, ['ProjectDTO']);
  const organization = project.properties.find((p) => p.name === 'organization')!;
  const org = describeSchema(real, organization.schema, project.chain);
  const nested = describeSchema(real, org.properties.find((p) => p.name === 'projects')!.schema, org.chain);
  assert.is(nested.type, 'ProjectDTO[]');
  assert.ok(nested.cycle);
  assert.is(typeNotation(real, { type: 'object', additionalProperties: { type: 'string' } }), '{string: string}');
  assert.is(typeNotation(real, { type: 'string', format: 'date-time' }), 'string (date-time)');
  assert.is(typeNotation(real, op('GET /api/projects').responses[0].schema), 'ProjectDTO[] | MinimalProjectDetailsDTO[]');
  const status = project.properties.find((p) => p.name === 'projectStatus')!;
  assert.equal(describeSchema(real, status.schema).constraints, [{ kind: 'enum', value: 'PLANNING | ONGOING | ENDED' }]);
});

t('references that loop or lead nowhere do not hang', () => {
  const doc: OpenApiDocument = { paths: {}, components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } } } };
  assert.equal(deref(doc, { $ref: '#/components/schemas/A' }, {}), {});
  assert.equal(deref(doc, { $ref: '#/components/schemas/Missing' }, { type: 'x' }), { type: 'x' });
  assert.is(describeSchema(doc, { $ref: '#/nowhere' }).properties.length, 0);
  const self: OpenApiDocument = { paths: {}, components: { schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' }, name: { type: 'string' } } } } } };
  assert.equal(exampleOf(self, { $ref: '#/components/schemas/Node' }), { name: 'string' });
});

t('the body template: the example of the schema, nested objects with their required fields, no id when creating', () => {
  const post = op('POST /api/projects');
  const template = JSON.parse(bodyTemplate(real, post.body!.contentType, post.body!.schema, 'post'));
  assert.is(template.id, undefined);
  assert.is(template.projectName, 'radar');
  assert.equal(Object.keys(template.organization).sort(), ['description', 'location', 'name']);
  assert.equal(template.groups, []);
  const put = JSON.parse(bodyTemplate(real, 'application/json', op('PUT /api/projects').body!.schema, 'put'));
  assert.is(put.id, 0);
  assert.is(bodyTemplate(real, 'text/plain', { type: 'string' }, 'post'), '');
});

t('the try-it-out request: path parameters encoded, empty query left out, JSON parsed, problems reported', () => {
  const get = op('GET /api/projects/{projectName}/groups/{groupName}');
  const built = buildRequest(get, '/', { params: { 'path:projectName': 'my project', 'path:groupName': 'a/b' }, body: '' });
  assert.not.ok(isProblem(built));
  assert.is(!isProblem(built) && built.url, '/api/projects/my%20project/groups/a%2Fb');
  assert.equal(buildRequest(get, '/', { params: { 'path:projectName': 'p' }, body: '' }), { kind: 'missingParam', name: 'groupName' });
  const list = buildRequest(op('GET /api/projects'), '/managementportal/', { params: { 'query:size': '5', 'query:page': ' ' }, body: '' });
  assert.equal(!isProblem(list) && [list.url, list.options.query, list.options.silent, list.options.keepSession], ['/managementportal/api/projects', { size: '5' }, true, true]);
  const post = op('POST /api/projects');
  const bad = buildRequest(post, '/', { params: {}, body: '{ nope' });
  assert.is(isProblem(bad) && bad.kind, 'invalidJson');
  const good = buildRequest(post, '/', { params: {}, body: '{"projectName":"x"}' });
  assert.equal(!isProblem(good) && good.options.body, { projectName: 'x' });
  const text = buildRequest(op('POST /api/account/change_password'), '/', { params: {}, body: 'Secret-123' });
  assert.equal(!isProblem(text) && [text.options.body, text.options.text], ['Secret-123', true]);
  const form = buildRequest(op('POST /oauth/token'), '/', { params: {}, body: 'grant_type=client_credentials' });
  assert.equal(!isProblem(form) && form.options.headers, { 'Content-Type': 'application/x-www-form-urlencoded' });
  assert.is(joinServer(undefined, 'api/x'), '/api/x');
});

t('the swagger config names the document by url or the first of urls', () => {
  assert.is(documentUrl({ url: '/api-docs' }), '/api-docs');
  assert.is(documentUrl({ urls: [{ name: 'x', url: '/mp/api-docs' }] }), '/mp/api-docs');
  assert.is(documentUrl(undefined), undefined);
  assert.is(documentUrl({}), undefined);
});

t.run();
