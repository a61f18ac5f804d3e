// The body of POST / PUT api/oauth-clients: a ClientDetailsDTO (api.md §4.15) checked field by field, every problem
// a field error of one 400 (never a database error). Lists must hold strings; grant types are the five the form
// offers (spec 001 §5); validities must fit the integer column. Unknown properties are ignored (api.md §1.2).
import type { FieldErrorVM } from '../../common/dto';
import { OAUTH_CLIENT_RULES } from '../../common/validation';
import { validBody, type Body } from '../http/body-fields';
import type { ClientSpec } from '../oauth/client-store';

export const GRANT_TYPES = ['authorization_code', 'implicit', 'client_credentials', 'refresh_token', 'password'];

const OBJECT = OAUTH_CLIENT_RULES.objectName;
const INT_MAX = 2147483647;
const LIST_FIELDS = ['scope', 'resourceIds', 'authorizedGrantTypes', 'autoApproveScopes', 'authorities', 'registeredRedirectUri'] as const;
const TYPES = {
  clientId: 'string',
  clientSecret: 'string',
  accessTokenValiditySeconds: 'number',
  refreshTokenValiditySeconds: 'number',
  additionalInformation: 'object',
  ...Object.fromEntries(LIST_FIELDS.map((f) => [f, 'array'])),
} as const;

/** What the caller asked for; `secret` undefined = not given (an update keeps the stored one). */
export type ClientInput = Omit<ClientSpec, 'secret'> & { secret: string | null | undefined };

const fieldError = (field: string, message: string): FieldErrorVM => ({ objectName: OBJECT, field, message });

function extraErrors(body: Body): FieldErrorVM[] {
  const errors: FieldErrorVM[] = [];
  for (const field of LIST_FIELDS) {
    const value = body[field];
    if (!Array.isArray(value)) continue;
    if (value.some((item) => typeof item !== 'string' || item.length > 2048)) errors.push(fieldError(field, 'must be a list of strings'));
  }
  const grants = body.authorizedGrantTypes;
  if (Array.isArray(grants) && grants.some((g) => typeof g === 'string' && !GRANT_TYPES.includes(g))) {
    errors.push(fieldError('authorizedGrantTypes', `must be among ${GRANT_TYPES.join(', ')}`));
  }
  for (const field of ['accessTokenValiditySeconds', 'refreshTokenValiditySeconds']) {
    const value = body[field];
    if (typeof value === 'number' && value > INT_MAX) errors.push(fieldError(field, `Max: must be at most ${INT_MAX}`));
  }
  const info = body.additionalInformation;
  if (info && typeof info === 'object' && !Array.isArray(info)) {
    const bad = Object.entries(info).some(([k, v]) => k.length > 255 || !['string', 'boolean', 'number'].includes(typeof v));
    if (bad) errors.push(fieldError('additionalInformation', 'values must be strings'));
  }
  const secret = body.clientSecret;
  if (typeof secret === 'string' && secret.length > 1000) errors.push(fieldError('clientSecret', 'Size: must be at most 1000 characters'));
  return errors;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? [...new Set(value.map((s: string) => s.trim()).filter(Boolean))] : []);

export function parseClientInput(raw: unknown): ClientInput {
  const body = validBody(raw, OAUTH_CLIENT_RULES, TYPES, extraErrors);
  const info = (body.additionalInformation ?? {}) as Record<string, unknown>;
  return {
    clientId: body.clientId as string,
    secret: body.clientSecret === undefined ? undefined : (body.clientSecret as string | null),
    scopes: strings(body.scope),
    resourceIds: strings(body.resourceIds),
    grantTypes: strings(body.authorizedGrantTypes),
    redirectUris: strings(body.registeredRedirectUri),
    authorities: strings(body.authorities),
    autoApproveScopes: strings(body.autoApproveScopes),
    accessTokenValidity: body.accessTokenValiditySeconds as number,
    refreshTokenValidity: body.refreshTokenValiditySeconds as number,
    additionalInformation: Object.fromEntries(Object.entries(info).map(([k, v]) => [k, String(v)])),
  };
}
