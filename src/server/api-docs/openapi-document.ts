// The OpenAPI 3.0 document of the REST API, generated from the route entries (http/route.ts): paths and methods
// from the route table, so every route that exists is documented and nothing else is; who may call an operation,
// its query parameters and its body from what the router enforces; summary, tag and answers from the entry's `doc`.
import { NAME_PATTERN_SOURCE } from '../../common/name-pattern';
import { toOpenApi, type Schema } from '../../common/schema';
import type { RuleSet } from '../../common/validation';
import type { BodySpec, RouteEntry } from '../http/route';
import type { RouteInfo } from '../http/router';
import { HEADERS, responsesOf, SECURITY_SCHEMES, securityOf, type BodyView, type OperationView } from './openapi-parts';
import { COMPONENT_SCHEMAS } from '../../common/schemas';
import { TAGS } from './tags';

const OPENAPI_VERSION = '3.0.3';

/** `/api/users/:login` → `/api/users/{login}` */
export const openApiPath = (template: string): string => template.replace(/:(\w+)/g, '{$1}');

/** The key of a route: `GET /api/users/{login}`. */
export const routeKey = (route: Pick<RouteInfo, 'method' | 'path'>): string => `${route.method} ${openApiPath(route.path)}`;

/** Routes that are not route entries. The document is generated from entries, so each route must be one. */

const PATH_PARAM_DESCRIPTIONS: Record<string, string> = {
  login: 'Login', projectName: 'Project name', groupName: 'Group name', sourceName: 'Source name', name: 'Name',
  clientId: 'OAuth client id', tokenName: 'Meta-token name', producer: 'Source type producer', model: 'Source type model',
  version: 'Source type catalog version', id: 'Id', authorityName: 'Authority, e.g. ROLE_PROJECT_ADMIN', revisionNb: 'Revision number',
};

/** `getProjectsByProjectNameGroups` for GET /api/projects/{projectName}/groups. */
function operationId(route: RouteInfo): string {
  const words = route.path.split('/').filter(Boolean).filter((segment, i) => !(i === 0 && segment === 'api'));
  const camel = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return route.method.toLowerCase() + words.map((w) => (w.startsWith(':') ? `By${camel(w.slice(1))}` : camel(w))).join('');
}

function operation(route: RouteInfo, doc: OperationView): Record<string, unknown> {
  const pathParams = route.path.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1)).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: doc.pathParams?.[name] ?? PATH_PARAM_DESCRIPTIONS[name],
    schema: { type: 'string', pattern: route.patterns[name] ?? NAME_PATTERN_SOURCE },
  }));
  const queryParams = (doc.query ?? []).map((p) => ({
    name: p.name, in: 'query', required: p.required ?? false, ...(p.description && { description: p.description }), schema: toOpenApi(p.schema),
  }));
  const body = doc.body && {
    required: !doc.body.optional,
    ...(doc.body.description && { description: doc.body.description }),
    content: { [doc.body.contentType ?? 'application/json']: { schema: toOpenApi(doc.body.schema) } },
  };
  return {
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    operationId: operationId(route),
    ...(pathParams.length + queryParams.length > 0 && { parameters: [...pathParams, ...queryParams] }),
    ...(body && { requestBody: body }),
    responses: responsesOf(doc, route.method),
    security: securityOf(doc.access, route.method),
    'x-required-permission': doc.access,
  };
}

const INTRO = [
  'The REST API of this portal, wire-compatible with RADAR-base ManagementPortal 3.0 (paths, JSON fields, headers, error shapes).',
  '',
  '**Authentication**: a bearer JWT from `POST /oauth/token`, or the browser session cookie. Session requests other than GET must send',
  '`X-XSRF-TOKEN` equal to the `XSRF-TOKEN` cookie. Each operation\'s `x-required-permission` says who may call it.',
  '',
  '**Paged lists** take `page` (from 0), `size` (at most 2000) and repeatable `sort=property,asc|desc`, and answer the headers',
  '`X-Total-Count` and `Link`. Subject lists page by keyset (`last.id`, `last.login`, `last.externalId`).',
  '',
  '**Errors** are an ErrorVM (`error.validation` with `fieldErrors`, `error.accessDenied`, …) or the parameterized shape with an',
  '`errorCode`; 400 and 409 also carry `X-managementPortalApp-error`. Successful writes carry `X-managementPortalApp-alert`.',
].join('\n');

export interface DocumentOptions {
  /** The base path the API is served under ('' or e.g. '/managementportal'). */
  basePath: string;
}

/** A body schema with the field rules the router also enforces (lengths, patterns, required) shown on its fields. */
function withRules(schema: Schema, rules: RuleSet | undefined): Schema {
  if (!rules || schema.type !== 'object') return schema;
  const properties = { ...schema.properties };
  const required = new Set(schema.required ?? []);
  for (const [field, rule] of Object.entries(rules.fields)) {
    if (field.includes('.') || !properties[field]) continue;
    const doc: Record<string, unknown> = { ...properties[field].doc };
    if (rule.minLength !== undefined) doc.minLength = rule.minLength;
    if (rule.maxLength !== undefined) doc.maxLength = rule.maxLength;
    if (rule.pattern) doc.pattern = rule.pattern.source;
    if (rule.email) doc.format = 'email';
    if (rule.required) required.add(field);
    properties[field] = { ...properties[field], doc };
  }
  return { ...schema, properties, required: [...required] };
}

function bodyDoc(body: BodySpec | undefined): BodyView | undefined {
  if (!body) return undefined;
  const form = { schema: { type: 'object', properties: {} } as Schema, contentType: 'application/x-www-form-urlencoded', description: body.description };
  switch (body.kind) {
    case 'text':
      return { schema: { type: 'string' }, contentType: 'text/plain', description: body.description };
    case 'form':
      return form;
    case 'csv':
      return { schema: { type: 'string' }, contentType: 'text/csv', description: body.description };
    case 'raw':
      return body.contentType === form.contentType ? form : { schema: { type: 'string', format: 'binary' }, contentType: body.contentType, description: body.description };
    default:
      return { schema: withRules(body.schema, body.rules), description: body.description, optional: body.optional };
  }
}

/** What the document says of a route entry: its docs, and its access, query and body as the router enforces them. */
function entryDoc(entry: RouteEntry): OperationView {
  return {
    ...entry.doc,
    access: entry.access,
    query: Object.entries(entry.query ?? {}).map(([name, p]) => ({ name, schema: p.schema, description: p.description, required: p.required })),
    body: bodyDoc(entry.body),
  };
}

export function buildOpenApiDocument(routes: RouteInfo[], options: DocumentOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const doc = entryDoc(route.entry);
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase()] ??= operation(route, doc);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'RADAR portal API', version: '3.0.0', description: INTRO },
    servers: [{ url: options.basePath || '/', description: 'This server' }],
    tags: TAGS,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, toOpenApi(schema)])),
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
