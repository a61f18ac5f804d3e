// A UserDTO / ManagedUserVM body (POST/PUT api/users, POST api/account) once the router has checked its JSON types and
// field rules: blank texts become null, the login is lower-cased. Unknown keys (`password`, ...) and the fields a
// server sets itself (provenance, `authorities`) are ignored.
import { ref } from '../../common/schema';
import { USER_RULES } from '../../common/validation';
import type { JsonBody } from '../http/route';

export interface UserInput {
  id: number | null;
  /** Lower-cased. */
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** False when omitted. */
  activated: boolean;
  langKey: string | null;
  identity: string | null;
  /** Null when the body has no `roles` (PUT then leaves the roles alone). */
  roles: unknown[] | null;
}

/** The body of POST api/users (PUT adds that the id is required). */
export const USER_BODY: JsonBody = { objectName: USER_RULES.objectName, schema: ref('ManagedUserVM'), rules: USER_RULES };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export function toUserInput(body: Record<string, unknown>): UserInput {
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
