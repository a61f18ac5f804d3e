// JSON shapes of request bodies and query parameters, written once and used twice: the server's router checks every
// request against them before a handler runs, and the API document (OpenAPI 3.0) is generated from them.
//
// What a schema checks is the JSON type of each value and enum membership. That every string is text PostgreSQL
// can store (no NUL character, no unpaired UTF-16 surrogate) is checked once for the whole request, keys included,
// where it is read (`unstorablePath` below, called by the server's body reader). `null` and absent values pass every type check: whether a
// field is required, and its lengths and patterns, are the field rules of validation.ts (shared with the client's
// forms), which a route attaches next to its schema and which the API document merges in. Unknown fields are kept
// and ignored, as ManagementPortal does.
//
// Enums accept their name and, as ManagementPortal's Jackson configuration does, their ordinal number: its own
// Angular client sends TypeScript const enums such as `"status": 1`. The checked value carries the name.
import type { FieldErrorVM } from './dto';

interface Common {
  description?: string;
  nullable?: boolean;
  example?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** Shown in the API document only (lengths, patterns the field rules enforce). */
  doc?: Record<string, unknown>;
}

export type Schema =
  | (Common & { type: 'string' })
  | (Common & { type: 'integer' | 'number' })
  | (Common & { type: 'boolean' })
  | (Common & { type: 'enum'; values: readonly string[] })
  | (Common & { type: 'array'; items: Schema })
  | (Common & { type: 'object'; properties: Record<string, Schema>; required?: readonly string[] })
  | (Common & { type: 'map'; values: Schema })
  | (Common & { type: 'ref'; name: string })
  | (Common & { type: 'oneOf'; options: Schema[] })
  | (Common & { type: 'any' });

/** Options of a builder: nullable, example, format, minimum, maximum; any other key (minLength, pattern, ...) is
 * documentation only, shown in the API document (the field rules enforce those). */
type Extra = Record<string, unknown>;

const KNOWN = new Set(['nullable', 'example', 'format', 'minimum', 'maximum']);
function split(extra: Extra): Record<string, unknown> {
  const known: Record<string, unknown> = {};
  const doc: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extra)) (KNOWN.has(key) ? known : doc)[key] = value;
  return Object.keys(doc).length ? { ...known, doc } : known;
}
const withOptions = <T extends Schema>(schema: T, description: string | undefined, extra: Extra): T =>
  ({ ...schema, ...(description && { description }), ...split(extra) });

export const string = (description?: string, extra: Extra = {}): Schema => withOptions({ type: 'string' }, description, extra);
export const nullableString = (description?: string, extra: Extra = {}): Schema => string(description, { nullable: true, ...extra });
export const integer = (description?: string, extra: Extra = {}): Schema => withOptions({ type: 'integer' }, description, extra);
export const number = (description?: string, extra: Extra = {}): Schema => withOptions({ type: 'number' }, description, extra);
export const boolean = (description?: string, extra: Extra = {}): Schema => withOptions({ type: 'boolean' }, description, extra);
export const enumOf = (values: readonly string[], description?: string, extra: Extra = {}): Schema =>
  withOptions({ type: 'enum', values }, description, extra);
export const arrayOf = (items: Schema, description?: string, extra: Extra = {}): Schema => withOptions({ type: 'array', items }, description, extra);
export const object = (properties: Record<string, Schema>, required: readonly string[] = [], description?: string, extra: Extra = {}): Schema =>
  withOptions({ type: 'object', properties, required }, description, extra);
/** A string → value map (attributes); strings when no value schema is given. */
export const mapOf = (values: Schema = { type: 'string' }, description?: string, extra: Extra = {}): Schema =>
  withOptions({ type: 'map', values }, description, extra);
export const stringMap = (description?: string): Schema => mapOf({ type: 'string' }, description);
/** A named schema of the component registry (an entity DTO). */
export const ref = (name: string): Schema => ({ type: 'ref', name });
export const anything = (description?: string): Schema => withOptions({ type: 'any' }, description, {});
export const oneOf = (...options: Schema[]): Schema => ({ type: 'oneOf', options });
export const dateTime = (description?: string, extra: Extra = {}): Schema => string(description, { format: 'date-time', ...extra });
export const date = (description?: string, extra: Extra = {}): Schema => string(description, { format: 'date', ...extra });
export const listOf = (name: string, description?: string): Schema => arrayOf(ref(name), description);

/** A string PostgreSQL cannot store as text: a NUL character, or half of a UTF-16 surrogate pair. */
export function unstorable(text: string): boolean {
  // isWellFormed (ES2024) is not in every runtime the client targets; the regex is the same test.
  return text.includes('\u0000') || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

export const UNSTORABLE_MESSAGE = 'Invalid: contains a NUL character or an unpaired surrogate';

/** The first path inside `value` (any JSON) holding an unstorable string, in keys or values; undefined when clean. */
export function unstorablePath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path || '(value)' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePath(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const child = path ? `${path}.${key}` : key;
    if (unstorable(key)) return child;
    const found = unstorablePath(item, child);
    if (found) return found;
  }
  return undefined;
}

export type Registry = Readonly<Record<string, Schema>>;

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string', integer: 'a whole number', number: 'a number', boolean: 'a boolean', array: 'a list', object: 'an object',
  map: 'an object of values',
};

/**
 * Checks `value` against `schema`: appends a field error per mismatch (named by its dotted path) and returns the
 * value with enum ordinals replaced by their names. Null and undefined pass. Required fields are checked only on
 * the `top` object (the body itself): a DTO nested in a body is a reference to an existing entity, and clients send
 * only the fields that identify it (a project's `{ id, projectName }`, an organization's `{ name }`).
 */
export function checkValue(schema: Schema, value: unknown, path: string, objectName: string, errors: FieldErrorVM[], registry: Registry = {}, top = false): unknown {
  if (value === null || value === undefined) return value;
  const fail = (message: string) => {
    errors.push({ objectName, field: path || objectName, message });
    return value;
  };
  switch (schema.type) {
    case 'any':
      return value;
    case 'oneOf': {
      for (const option of schema.options) {
        const attempt: FieldErrorVM[] = [];
        const checked = checkValue(option, value, path, objectName, attempt, registry, top);
        if (!attempt.length) return checked;
      }
      return fail('TypeMismatch: matches none of the allowed shapes');
    }
    case 'ref': {
      const target = registry[schema.name];
      return target ? checkValue(target, value, path, objectName, errors, registry, top) : value;
    }
    case 'string':
      return typeof value === 'string' ? value : fail(`TypeMismatch: must be ${TYPE_WORDS.string}`);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : fail(`TypeMismatch: must be ${TYPE_WORDS.integer}`);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : fail(`TypeMismatch: must be ${TYPE_WORDS.number}`);
    case 'boolean':
      return typeof value === 'boolean' ? value : fail(`TypeMismatch: must be ${TYPE_WORDS.boolean}`);
    case 'enum': {
      if (typeof value === 'string' && schema.values.includes(value)) return value;
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < schema.values.length) return schema.values[value];
      return fail(`TypeMismatch: must be one of ${schema.values.join(', ')}`);
    }
    case 'array': {
      if (!Array.isArray(value)) return fail(`TypeMismatch: must be ${TYPE_WORDS.array}`);
      return value.map((item, i) => checkValue(schema.items, item, `${path}[${i}]`, objectName, errors, registry));
    }
    case 'object':
    case 'map': {
      if (jsonType(value) !== 'object') return fail(`TypeMismatch: must be ${TYPE_WORDS[schema.type]}`);
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        const child = path ? `${path}.${key}` : key;
        const itemSchema = schema.type === 'map' ? schema.values : schema.properties[key];
        // Unknown fields are kept unchecked.
        out[key] = itemSchema ? checkValue(itemSchema, item, child, objectName, errors, registry) : item;
      }
      if (schema.type === 'object' && top) {
        for (const name of schema.required ?? []) {
          if (out[name] === undefined || out[name] === null) errors.push({ objectName, field: path ? `${path}.${name}` : name, message: 'NotNull: must not be null' });
        }
      }
      return out;
    }
  }
}

/** The OpenAPI 3.0 schema object of a schema; refs point into `#/components/schemas`. */
export function toOpenApi(schema: Schema): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  if (schema.description) base.description = schema.description;
  if (schema.nullable) base.nullable = true;
  if (schema.example !== undefined) base.example = schema.example;
  if (schema.format !== undefined) base.format = schema.format;
  if (schema.minimum !== undefined) base.minimum = schema.minimum;
  if (schema.maximum !== undefined) base.maximum = schema.maximum;
  const withDoc = (typed: Record<string, unknown>) => ({ ...typed, ...base, ...schema.doc });
  switch (schema.type) {
    case 'any':
      return withDoc({});
    case 'oneOf':
      return withDoc({ oneOf: schema.options.map(toOpenApi) });
    case 'ref':
      return { $ref: `#/components/schemas/${schema.name}` };
    case 'string':
      return withDoc({ type: 'string' });
    case 'integer':
      return withDoc({ type: 'integer', format: 'int64' });
    case 'number':
      return withDoc({ type: 'number' });
    case 'boolean':
      return withDoc({ type: 'boolean' });
    case 'enum':
      return withDoc({ type: 'string', enum: [...schema.values], 'x-accepts-ordinal': true });
    case 'array':
      return withDoc({ type: 'array', items: toOpenApi(schema.items) });
    case 'map':
      return withDoc({ type: 'object', additionalProperties: toOpenApi(schema.values) });
    case 'object':
      return withDoc({
        type: 'object',
        ...(schema.required?.length && { required: [...schema.required] }),
        properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, toOpenApi(v)])),
      });
  }
}
