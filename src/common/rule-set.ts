// The shape of field rules: what a rule set says about each field, and what a violated rule reports. Its own file so
// the rule sets (validation-rules.ts) and the checker (validation.ts, which re-exports the rule sets) both depend on
// it and the arrows point one way: validation.ts -> validation-rules.ts -> rule-set.ts.

export interface FieldRules {
  /** Not undefined, null, a blank string or an empty list. */
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  email?: boolean;
  /** A non-negative whole number, given as a number or a string of digits. */
  digits?: boolean;
}

export interface RuleSet {
  /** The `objectName` of FieldErrorVM, e.g. `groupDTO`. */
  objectName: string;
  /** Field path (dots reach into nested objects, e.g. `project.projectName`) → rules. */
  fields: Readonly<Record<string, FieldRules>>;
}

export type RuleCode = 'required' | 'minLength' | 'maxLength' | 'pattern' | 'email' | 'digits';

export interface FieldViolation {
  field: string;
  code: RuleCode;
  params: Record<string, string | number>;
}
