// Reading a UserDTO / ManagedUserVM body (POST/PUT api/users, POST api/account): types first (a number where a
// string belongs is a field error, not a 500), then the shared field rules; every problem in one 400 ErrorVM.
// Unknown keys (`password`, `createdDate`, `authorities`, ...) are ignored, as the contract says.
import type { FieldErrorVM } from '../../common/dto';
import { toFieldErrors, validate, type RuleSet } from '../../common/validation';
import { badRequest, validationFailed } from '../http/errors';

export interface UserInput {
  id: number | null;
  /** Lower-cased. */
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** False when omitted (api.md §4.1). */
  activated: boolean;
  langKey: string | null;
  identity: string | null;
  /** Null when the body has no `roles` (PUT then leaves the roles alone). */
  roles: unknown[] | null;
}

const STRING_FIELDS = ['login', 'firstName', 'lastName', 'email', 'langKey', 'identity'] as const;

function typeErrors(body: Record<string, unknown>, objectName: string): FieldErrorVM[] {
  const errors: FieldErrorVM[] = [];
  const wrong = (field: string, what: string) =>
    errors.push({ objectName, field, message: `TypeMismatch: must be ${what}` });
  for (const field of STRING_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== 'string') wrong(field, 'a string');
  }
  const { id, activated, roles } = body;
  if (id !== undefined && id !== null && !(typeof id === 'number' && Number.isSafeInteger(id))) wrong('id', 'a whole number');
  if (activated !== undefined && activated !== null && typeof activated !== 'boolean') wrong('activated', 'true or false');
  if (roles !== undefined && roles !== null && !Array.isArray(roles)) wrong('roles', 'a list');
  return errors;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Parses and validates; throws a 400 (ErrorVM with fieldErrors named after `rules.objectName`). */
export function parseUserInput(raw: unknown, rules: RuleSet): UserInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('The body must be a JSON object');
  const body = raw as Record<string, unknown>;
  const errors = typeErrors(body, rules.objectName);
  const typed = new Set(errors.map((e) => e.field));
  const ruleErrors = toFieldErrors(rules, validate(rules, body)).filter((e) => !typed.has(e.field));
  if (errors.length || ruleErrors.length) throw validationFailed(rules.objectName, [...errors, ...ruleErrors]);
  return {
    id: typeof body.id === 'number' ? body.id : null,
    login: (text(body.login) ?? '').toLowerCase(),
    firstName: text(body.firstName),
    lastName: text(body.lastName),
    email: text(body.email),
    activated: body.activated === true,
    langKey: text(body.langKey),
    identity: text(body.identity),
    roles: Array.isArray(body.roles) ? body.roles : null,
  };
}
