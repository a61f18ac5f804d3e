// From a rule violation (src/common/validation) to the message key a form shows under the field. Email fields use
// the global.messages.validate.email.* keys; everything else entity.validation.*.
import { toI18nMessage, type FieldRules, type FieldViolation, type RuleCode } from '../../../common/validation';

export interface FieldMessage {
  key: string;
  params?: Readonly<Record<string, string | number>>;
}

const EMAIL_KEYS: Partial<Record<RuleCode, string>> = {
  required: 'global.messages.validate.email.required',
  minLength: 'global.messages.validate.email.minlength',
  maxLength: 'global.messages.validate.email.maxlength',
  email: 'global.messages.validate.email.invalid',
};

/** Per field and rule code, a key to use instead (e.g. the OAuth scope pattern has its own wording). */
export type MessageOverrides = Readonly<Record<string, Partial<Record<RuleCode, string>>>>;

export function violationMessage(violation: FieldViolation, rules: FieldRules | undefined, overrides?: MessageOverrides): FieldMessage {
  const override = overrides?.[violation.field]?.[violation.code];
  const { key, params } = toI18nMessage(violation);
  if (override) return { key: override, params };
  if (rules?.email && EMAIL_KEYS[violation.code]) return { key: EMAIL_KEYS[violation.code]!, params };
  return { key, params };
}
