// One level of a schema, as the schema view shows it: its type in a short notation (`ProjectDTO`, `RoleDTO[]`,
// `string (date-time)`), its constraints, and what can be opened below it (properties, array items, map values,
// alternatives). `$ref`s are resolved; `chain` holds the named schemas already open above, so a schema that contains
// itself (ProjectDTO → organization → projects) stops there instead of recursing forever.
import { deref, refName } from './openapi-model';
import type { OpenApiDocument, SchemaObject } from './openapi-types';

export type ConstraintKind =
  | 'enum' | 'pattern' | 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'default' | 'example' | 'nullable' | 'readOnly' | 'writeOnly';

export interface Constraint {
  kind: ConstraintKind;
  value?: string;
}

export interface SchemaProperty {
  name: string;
  required: boolean;
  schema: SchemaObject;
}

export interface SchemaSummary {
  /** Short type notation. */
  type: string;
  description?: string;
  constraints: Constraint[];
  properties: SchemaProperty[];
  /** Alternatives of oneOf / anyOf. */
  variants: SchemaObject[];
  /** The named schema is already open above: shown by name only. */
  cycle: boolean;
  /** Named schemas open down to (and including) this one; pass it to the children. */
  chain: string[];
}

const MAX_TYPE_DEPTH = 4;
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** `ProjectDTO`, `RoleDTO[]`, `{string: string}`, `A | B`, `string (date-time)`. */
export function typeNotation(doc: OpenApiDocument, schema: SchemaObject | undefined, depth = 0): string {
  if (!schema || typeof schema !== 'object') return 'any';
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if (depth > MAX_TYPE_DEPTH) return '…';
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) return alternatives.map((s) => typeNotation(doc, s, depth + 1)).join(' | ');
  if (Array.isArray(schema.allOf)) return schema.allOf.map((s) => typeNotation(doc, s, depth + 1)).join(' & ');
  if (schema.type === 'array') return `${typeNotation(doc, schema.items, depth + 1)}[]`;
  if (schema.type === 'object' || schema.properties || schema.additionalProperties) {
    if (!schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      return `{string: ${typeNotation(doc, schema.additionalProperties, depth + 1)}}`;
    }
    return 'object';
  }
  const type = schema.type ?? 'any';
  return schema.format ? `${type} (${schema.format})` : type;
}

function constraintsOf(schema: SchemaObject): Constraint[] {
  const out: Constraint[] = [];
  if (Array.isArray(schema.enum)) out.push({ kind: 'enum', value: schema.enum.map(text).join(' | ') });
  if (schema.pattern) out.push({ kind: 'pattern', value: schema.pattern });
  for (const kind of ['minLength', 'maxLength', 'minimum', 'maximum'] as const) {
    if (typeof schema[kind] === 'number') out.push({ kind, value: String(schema[kind]) });
  }
  if (schema.default !== undefined) out.push({ kind: 'default', value: text(schema.default) });
  if (schema.example !== undefined && typeof schema.example !== 'object') out.push({ kind: 'example', value: text(schema.example) });
  if (schema.nullable) out.push({ kind: 'nullable' });
  if (schema.readOnly) out.push({ kind: 'readOnly' });
  if (schema.writeOnly) out.push({ kind: 'writeOnly' });
  return out;
}

/** The properties of an object schema, merging allOf parts. */
function propertiesOf(doc: OpenApiDocument, schema: SchemaObject, seen = new Set<SchemaObject>()): SchemaProperty[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const own = Object.entries(schema.properties ?? {}).map(([name, value]) => ({ name, required: required.has(name), schema: value ?? {} }));
  const merged = (schema.allOf ?? []).flatMap((part) => propertiesOf(doc, deref(doc, part ?? {}, {}), seen));
  return [...merged, ...own];
}

export function describeSchema(doc: OpenApiDocument, raw: SchemaObject | undefined, chain: string[] = []): SchemaSummary {
  const schema = raw && typeof raw === 'object' ? raw : {};
  const name = typeof schema.$ref === 'string' ? refName(schema.$ref) : undefined;
  const type = typeNotation(doc, schema);
  if (name && chain.includes(name)) return { type, constraints: [], properties: [], variants: [], cycle: true, chain };
  const nextChain = name ? [...chain, name] : chain;
  const target = deref(doc, schema, {});
  // An array or a map opens onto its items / values; the element's own properties are listed under it.
  const element = target.type === 'array' ? target.items : !target.properties && typeof target.additionalProperties === 'object' ? target.additionalProperties : undefined;
  if (element) {
    const inner = describeSchema(doc, element, nextChain);
    return { ...inner, type, description: target.description ?? inner.description, constraints: [...constraintsOf(target), ...inner.constraints] };
  }
  return {
    type,
    description: target.description ?? schema.description,
    constraints: constraintsOf(target),
    properties: propertiesOf(doc, target),
    variants: target.oneOf ?? target.anyOf ?? [],
    cycle: false,
    chain: nextChain,
  };
}
