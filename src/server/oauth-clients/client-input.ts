// The body of POST / PUT api/oauth-clients: a ClientDetailsDTO. The router checks its JSON types against the
// ClientDetailsDTO component (lists of strings, whole-number validities, additionalInformation values that are
// strings, booleans or numbers) and the form's field rules; the checks here are the ones neither can express: grant
// types are the five the client's form offers, validities must fit the integer column, and strings stay within the
// lengths the columns and the hash take. Every problem is a field error of one 400, never a database error.
// Unknown properties are ignored.
import type { FieldErrorVM } from '../../common/dto';
import { ref } from '../../common/schema';
import { OAUTH_CLIENT_RULES } from '../../common/validation';
import { isSafeRedirectUri } from '../../common/safe-url';
import type { JsonBody } from '../http/route';
import type { ClientSpec } from '../oauth/client-store';

export const GRANT_TYPES = ['authorization_code', 'implicit', 'client_credentials', 'refresh_token', 'password'];

const OBJECT = OAUTH_CLIENT_RULES.objectName;
const INT_MAX = 2147483647;
const LIST_FIELDS = ['scope', 'resourceIds', 'authorizedGrantTypes', 'autoApproveScopes', 'authorities', 'registeredRedirectUri'] as const;

/** The body as the router has checked it. */
export interface ClientBody {
  clientId: string;
  clientSecret?: string | null;
  scope?: string[] | null;
  resourceIds?: string[] | null;
  authorizedGrantTypes?: string[] | null;
  autoApproveScopes?: string[] | null;
  authorities?: string[] | null;
  registeredRedirectUri?: string[] | null;
  accessTokenValiditySeconds: number;
  refreshTokenValiditySeconds: number;
  additionalInformation?: Record<string, string | number | boolean> | null;
}

/** What the caller asked for; `secret` undefined = not given (an update keeps the stored one). */
export type ClientInput = Omit<ClientSpec, 'secret'> & { secret: string | null | undefined };

const fieldError = (field: string, message: string): FieldErrorVM => ({ objectName: OBJECT, field, message });

function extraErrors(raw: Record<string, unknown>): FieldErrorVM[] {
  const body = raw as unknown as ClientBody;
  const errors: FieldErrorVM[] = [];
  for (const field of LIST_FIELDS) {
    if (body[field]?.some((item) => item === null || item.length > 2048)) errors.push(fieldError(field, 'must be a list of strings'));
  }
  if (body.authorizedGrantTypes?.some((g) => g !== null && !GRANT_TYPES.includes(g))) {
    errors.push(fieldError('authorizedGrantTypes', `must be among ${GRANT_TYPES.join(', ')}`));
  }
  for (const field of ['accessTokenValiditySeconds', 'refreshTokenValiditySeconds'] as const) {
    if (body[field] > INT_MAX) errors.push(fieldError(field, `Max: must be at most ${INT_MAX}`));
  }
  if (Object.entries(body.additionalInformation ?? {}).some(([key, value]) => key.length > 255 || value === null)) {
    errors.push(fieldError('additionalInformation', 'values must be strings'));
  }
  if (body.registeredRedirectUri?.some((uri) => uri !== null && uri.trim() !== '' && !isSafeRedirectUri(uri.trim()))) {
    errors.push(fieldError('registeredRedirectUri', 'Pattern: each must be an http(s) URL or an app\'s own scheme, never javascript:, data: or file:'));
  }
  if ((body.clientSecret?.length ?? 0) > 1000) errors.push(fieldError('clientSecret', 'Size: must be at most 1000 characters'));
  return errors;
}

export const CLIENT_BODY: JsonBody = { objectName: OBJECT, schema: ref('ClientDetailsDTO'), rules: OAUTH_CLIENT_RULES, extra: extraErrors };

const strings = (value: string[] | null | undefined): string[] => [...new Set((value ?? []).map((s) => s.trim()).filter(Boolean))];

export function clientInput(body: ClientBody): ClientInput {
  const info = body.additionalInformation ?? {};
  return {
    clientId: body.clientId,
    secret: body.clientSecret,
    scopes: strings(body.scope),
    resourceIds: strings(body.resourceIds),
    grantTypes: strings(body.authorizedGrantTypes),
    redirectUris: strings(body.registeredRedirectUri),
    authorities: strings(body.authorities),
    autoApproveScopes: strings(body.autoApproveScopes),
    accessTokenValidity: body.accessTokenValiditySeconds,
    refreshTokenValidity: body.refreshTokenValiditySeconds,
    additionalInformation: Object.fromEntries(Object.entries(info).map(([k, v]) => [k, String(v)])),
  };
}
