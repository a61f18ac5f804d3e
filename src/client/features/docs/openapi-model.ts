// Reads an OpenAPI document into what the page shows: operations with their `$ref`s resolved, grouped by tag in the
// document's tag order, and the filter. Pure functions (no React), tested on their own.
import type {
  HeaderObject, OpenApiDocument, OperationObject, ParameterObject, RequiredPermission, ResponseObject, SchemaObject,
} from './openapi-types';

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethodName = (typeof HTTP_METHODS)[number];

export interface OperationBody {
  contentType: string;
  schema?: SchemaObject;
  description?: string;
  required: boolean;
}

export interface OperationResponse {
  status: string;
  description?: string;
  contentType?: string;
  schema?: SchemaObject;
  headers: { name: string; description?: string }[];
}

export interface ApiOperation {
  /** `GET /api/projects` */
  key: string;
  method: HttpMethodName;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  parameters: ParameterObject[];
  body?: OperationBody;
  responses: OperationResponse[];
  permission?: RequiredPermission;
  /** `security: []`: callable without credentials. */
  isPublic: boolean;
}

export interface TagGroup {
  name: string;
  description?: string;
  operations: ApiOperation[];
}

const DEFAULT_TAG = 'default';

/** Follows a local JSON pointer (`#/components/schemas/ProjectDTO`); undefined when it leads nowhere. */
export function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The object itself, or what its `$ref` (chain) points at; a broken or looping reference gives `fallback`. */
export function deref<T extends { $ref?: string }>(doc: OpenApiDocument, value: T, fallback: T = value): T {
  let current: T = value;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) return fallback;
    const next = resolvePointer(doc, current.$ref) as T | undefined;
    if (!next || typeof next !== 'object') return fallback;
    current = next;
  }
  return current;
}

/** `#/components/schemas/ProjectDTO` → `ProjectDTO`. */
export const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

function responsesOf(doc: OpenApiDocument, op: OperationObject): OperationResponse[] {
  return Object.entries(op.responses ?? {}).map(([status, raw]) => {
    const response = deref<ResponseObject>(doc, raw ?? {}, {});
    const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
    const headers = Object.entries(response.headers ?? {}).map(([name, header]) => ({
      name,
      description: deref<HeaderObject>(doc, header ?? {}, {}).description,
    }));
    return { status, description: response.description, contentType, schema: media?.schema, headers };
  });
}

function parametersOf(doc: OpenApiDocument, shared: unknown, own: unknown): ParameterObject[] {
  const list = (value: unknown) => (Array.isArray(value) ? (value as ParameterObject[]) : []).map((p) => deref(doc, p ?? ({} as ParameterObject)));
  const byKey = new Map<string, ParameterObject>();
  for (const p of [...list(shared), ...list(own)]) if (p?.name && p.in) byKey.set(`${p.in}:${p.name}`, p); // the operation's win
  return [...byKey.values()];
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of HTTP_METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op || typeof op !== 'object') continue;
      const body = op.requestBody && deref(doc, op.requestBody, {});
      const [contentType, media] = Object.entries(body?.content ?? {})[0] ?? [];
      const security = op.security ?? doc.security;
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        tag: op.tags?.[0] ?? DEFAULT_TAG,
        summary: op.summary ?? '',
        description: op.description,
        deprecated: op.deprecated === true,
        parameters: parametersOf(doc, item.parameters, op.parameters),
        body: contentType ? { contentType, schema: media?.schema, description: body?.description, required: body?.required === true } : undefined,
        responses: responsesOf(doc, op),
        permission: op['x-required-permission'],
        isPublic: Array.isArray(security) && security.length === 0,
      });
    }
  }
  return out;
}

/** Operations by tag: the document's tags first in its order, then any other tag by name. */
export function groupByTag(doc: OpenApiDocument, operations: ApiOperation[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of doc.tags ?? []) if (tag?.name) groups.set(tag.name, { name: tag.name, description: tag.description, operations: [] });
  const others: TagGroup[] = [];
  for (const op of operations) {
    let group = groups.get(op.tag);
    if (!group) {
      group = { name: op.tag, operations: [] };
      groups.set(op.tag, group);
      others.push(group);
    }
    group.operations.push(op);
  }
  others.sort((a, b) => a.name.localeCompare(b.name));
  const declared = [...groups.values()].filter((g) => !others.includes(g));
  return [...declared, ...others].filter((g) => g.operations.length > 0);
}

/** Every space-separated term must occur (ignoring case) in the method, path, summary, tag or operation key. */
export function matchesFilter(op: ApiOperation, filter: string): boolean {
  const terms = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const text = `${op.key} ${op.summary} ${op.tag}`.toLowerCase();
  return terms.every((term) => text.includes(term));
}
