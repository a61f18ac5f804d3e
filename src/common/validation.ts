// A tiny declarative field-rule checker shared by the server (400 ErrorVM fieldErrors, docs/api-conventions.md) and the
// client forms (i18n keys). One violation list, two renderings. Type checks (a number where a string belongs)
// are the body parser's job; string rules only look at strings.
import type { FieldErrorVM } from './dto';
import type { FieldRules, FieldViolation, RuleCode, RuleSet } from './rule-set';

export type { FieldRules, FieldViolation, RuleCode, RuleSet } from './rule-set';

/** Java's Integer.MAX_VALUE, the implicit upper bound bean validation reports for `@Size(min = n)`. */
const NO_MAX = 2147483647;

/** Angular's Validators.email expression: lenient enough for `admin@localhost`. */
export const EMAIL_PATTERN =
  /^(?=.{1,254}$)(?=.{1,64}@)[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

const isDigits = (item: unknown) =>
  (typeof item === 'number' && Number.isInteger(item) && item >= 0) || (typeof item === 'string' && /^\d+$/.test(item));

function fieldViolations(field: string, rules: FieldRules, value: unknown): FieldViolation[] {
  if (isEmpty(value)) return rules.required ? [{ field, code: 'required', params: {} }] : [];
  // Lists (OAuth client scopes, resource ids) are checked item by item; one violation per rule is enough.
  const items = Array.isArray(value) ? value : [value];
  const strings = items.filter((item): item is string => typeof item === 'string');
  const sizeParams = { min: rules.minLength ?? 0, max: rules.maxLength ?? NO_MAX };
  const found: FieldViolation[] = [];
  const check = (code: RuleCode, failed: boolean, params: FieldViolation['params'] = {}) => {
    if (failed) found.push({ field, code, params });
  };
  if (rules.minLength !== undefined) check('minLength', strings.some((s) => s.length < rules.minLength!), sizeParams);
  if (rules.maxLength !== undefined) check('maxLength', strings.some((s) => s.length > rules.maxLength!), sizeParams);
  if (rules.pattern) check('pattern', strings.some((s) => !rules.pattern!.test(s)), { pattern: rules.pattern.source });
  if (rules.email) check('email', strings.some((s) => !EMAIL_PATTERN.test(s)));
  if (rules.digits) check('digits', items.some((item) => !isDigits(item)));
  return found;
}

/** Every violated rule, field by field in rule-set order. Missing optional fields are fine. */
export function validate(rules: RuleSet, value: unknown): FieldViolation[] {
  return Object.entries(rules.fields).flatMap(([field, fieldRules]) =>
    fieldViolations(field, fieldRules, valueAt(value, field)),
  );
}

/** Bean validation's `"<ConstraintCode>: <default message>"`. */
export function constraintMessage(violation: FieldViolation): string {
  const { code, params } = violation;
  switch (code) {
    case 'required':
      return 'NotNull: must not be null';
    case 'minLength':
    case 'maxLength':
      return `Size: size must be between ${params.min} and ${params.max}`;
    case 'pattern':
      return `Pattern: must match "${params.pattern}"`;
    case 'email':
      return 'Email: must be a well-formed email address';
    case 'digits':
      return 'Digits: must be a non-negative whole number';
  }
}

export function toFieldErrorVM(objectName: string, violation: FieldViolation): FieldErrorVM {
  return { objectName, field: violation.field, message: constraintMessage(violation) };
}

/** The fieldErrors of a 400 `error.validation` ErrorVM for this rule set. */
export function toFieldErrors(rules: RuleSet, violations: readonly FieldViolation[]): FieldErrorVM[] {
  return violations.map((v) => toFieldErrorVM(rules.objectName, v));
}

const I18N_KEYS: Record<RuleCode, string> = {
  required: 'entity.validation.required',
  minLength: 'entity.validation.minlength',
  maxLength: 'entity.validation.maxlength',
  pattern: 'entity.validation.pattern',
  email: 'global.messages.validate.email.invalid',
  digits: 'entity.validation.number',
};

/** Every rule code (the field rules' violations an import reports keep their code: import-error.ts). */
export const RULE_CODES = Object.keys(I18N_KEYS) as readonly RuleCode[];

/** The client's message: an i18n key and its params (`{min}`, `{max}`, `{pattern}`). */
export function toI18nMessage(violation: FieldViolation): { key: string; params: Record<string, string | number> } {
  return { key: I18N_KEYS[violation.code], params: violation.params };
}

/** The first violation per field, for forms that show one message under each input. */
export function firstViolationByField(violations: readonly FieldViolation[]): Map<string, FieldViolation> {
  const byField = new Map<string, FieldViolation>();
  for (const v of violations) if (!byField.has(v.field)) byField.set(v.field, v);
  return byField;
}

// The rule sets, so a form or a route imports the checker and its rules from one place (they import only
// rule-set.ts, never this file).
export * from './validation-rules';
