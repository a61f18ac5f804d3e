// A JSON value that fits a schema, to start the "try it out" body from: the schema's example or default, the first
// enum value, or a placeholder per type. Nested named objects get only their required fields and nested lists start
// empty, so the template stays short; a schema that contains itself is cut off.
import { deref, refName } from './openapi-model';
import type { OpenApiDocument, SchemaObject } from './openapi-types';

const MAX_DEPTH = 6;

function placeholder(schema: SchemaObject): unknown {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return '2024-01-01T00:00:00Z';
      if (schema.format === 'date') return '2024-01-01';
      if (schema.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
      if (schema.format === 'email') return 'someone@example.com';
      return 'string';
    default:
      return null;
  }
}

export function exampleOf(doc: OpenApiDocument, raw: SchemaObject | undefined, depth = 0, chain: string[] = []): unknown {
  if (!raw || typeof raw !== 'object' || depth > MAX_DEPTH) return undefined;
  const name = typeof raw.$ref === 'string' ? refName(raw.$ref) : undefined;
  if (name && chain.includes(name)) return undefined;
  const nextChain = name ? [...chain, name] : chain;
  const schema = deref(doc, raw, {});
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.nullable) return null;
  const first = (schema.oneOf ?? schema.anyOf)?.[0];
  if (first) return exampleOf(doc, first, depth + 1, nextChain);
  if (schema.type === 'array') {
    if (depth > 0) return [];
    const item = exampleOf(doc, schema.items, depth + 1, nextChain);
    return item === undefined ? [] : [item];
  }
  const parts = [schema, ...(schema.allOf ?? []).map((part) => deref(doc, part ?? {}, {}))];
  const properties = parts.flatMap((part) => Object.entries(part.properties ?? {}));
  if (schema.type === 'object' || properties.length || schema.additionalProperties) {
    const required = new Set(parts.flatMap((part) => part.required ?? []));
    const out: Record<string, unknown> = {};
    for (const [key, value] of properties) {
      if (!value || value.readOnly) continue;
      if (depth > 0 && name && !required.has(key)) continue;
      const example = exampleOf(doc, value, depth + 1, nextChain);
      if (example !== undefined) out[key] = example;
    }
    return out;
  }
  return placeholder(schema);
}

/** The body textarea's first text: pretty JSON for JSON bodies (without `id` when creating), empty for text. */
export function bodyTemplate(doc: OpenApiDocument, contentType: string, schema: SchemaObject | undefined, method: string): string {
  if (!/json/i.test(contentType)) return '';
  const value = exampleOf(doc, schema);
  if (method === 'post' && value && typeof value === 'object' && !Array.isArray(value)) delete (value as Record<string, unknown>).id;
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}
