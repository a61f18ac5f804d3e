// Request bodies of this part: a JSON object whose fields have the JSON types the DTO declares, then the shared
// field rules (src/common/validation-rules.ts). Every problem is a field error of one 400 `error.validation`
// (docs/api-conventions.md), so a wrong type is a 400 like any other invalid value, never a 500.
import type { FieldErrorVM } from '../../common/dto';
import { toFieldErrors, validate, type RuleSet } from '../../common/validation';
import { validationFailed } from '../http/errors';

export type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array';

export type Body = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Field errors for fields present with another type than declared (null and absent are fine here). */
export function typeErrors(objectName: string, body: Body, types: Readonly<Record<string, JsonType>>): FieldErrorVM[] {
  const errors: FieldErrorVM[] = [];
  for (const [field, type] of Object.entries(types)) {
    const actual = jsonType(body[field]);
    if (actual === 'undefined' || actual === 'null' || actual === type) continue;
    errors.push({ objectName, field, message: `TypeMismatch: must be a ${type}` });
  }
  return errors;
}

/**
 * The body as an object that passed the type checks, the rules and any `extra` errors; otherwise a 400 naming every
 * field at fault. A missing or non-object body is a 400 too.
 */
export function validBody(raw: unknown, rules: RuleSet, types: Readonly<Record<string, JsonType>>, extra: (body: Body) => FieldErrorVM[] = () => []): Body {
  const objectName = rules.objectName;
  if (!isPlainObject(raw)) {
    throw validationFailed(objectName, [{ objectName, field: objectName, message: 'NotNull: must be a JSON object' }]);
  }
  const errors = typeErrors(objectName, raw, types);
  const badFields = new Set(errors.map((e) => e.field));
  const ruleErrors = toFieldErrors(rules, validate(rules, raw)).filter((e) => !badFields.has(e.field));
  errors.push(...ruleErrors, ...extra(raw));
  if (errors.length) throw validationFailed(objectName, errors);
  return raw;
}

/** A string field as sent (absent and null → undefined). Only after validBody checked its type. */
export const str = (body: Body, field: string): string | undefined =>
  typeof body[field] === 'string' ? (body[field] as string) : undefined;
