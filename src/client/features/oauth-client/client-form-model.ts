// The OAuth client form as strings and checkboxes, and the ClientDetailsDTO it becomes: lists are comma
// separated, trimmed and stripped of empty entries; dynamic registration unchecked removes the key. The checks are
// the server's own rule set (OAUTH_CLIENT_RULES) run on the DTO, plus the new-client secret rule.
import type { ClientDetailsDTO } from '../../../common/dto';
import { OAUTH_CLIENT_RULES, firstViolationByField, validate } from '../../../common/validation';
import { violationMessage, type FieldMessage } from '../../components/form/field-message';

export const GRANT_TYPES = ['authorization_code', 'implicit', 'client_credentials', 'refresh_token', 'password'] as const;
export const SECRET_LENGTH = 36;
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface ClientFormValues extends Record<string, unknown> {
  clientId: string;
  clientSecret: string;
  publicClient: boolean;
  scope: string;
  resourceIds: string;
  autoApproveScopes: string;
  registeredRedirectUri: string;
  accessTokenValiditySeconds: string;
  refreshTokenValiditySeconds: string;
  grantTypes: string[];
  dynamicRegistration: boolean;
}

export const EMPTY_FORM: ClientFormValues = {
  clientId: '', clientSecret: '', publicClient: false, scope: '', resourceIds: '', autoApproveScopes: '', registeredRedirectUri: '',
  accessTokenValiditySeconds: '', refreshTokenValiditySeconds: '', grantTypes: [], dynamicRegistration: false,
};

export const splitList = (text: string) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];

export const isProtectedClient = (client: Pick<ClientDetailsDTO, 'additionalInformation'>) =>
  client.additionalInformation?.protected === 'true';

/** 36 letters and digits from the browser's cryptographic generator (rejection sampling keeps them uniform). */
export function randomSecret(length = SECRET_LENGTH): string {
  let secret = '';
  while (secret.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < 248 && secret.length < length) secret += SECRET_ALPHABET[byte % SECRET_ALPHABET.length];
    }
  }
  return secret;
}

export function toFormValues(client: ClientDetailsDTO): ClientFormValues {
  return {
    ...EMPTY_FORM,
    clientId: client.clientId,
    scope: client.scope.join(', '),
    resourceIds: client.resourceIds.join(', '),
    autoApproveScopes: client.autoApproveScopes.join(', '),
    registeredRedirectUri: client.registeredRedirectUri.join(', '),
    accessTokenValiditySeconds: client.accessTokenValiditySeconds == null ? '' : String(client.accessTokenValiditySeconds),
    refreshTokenValiditySeconds: client.refreshTokenValiditySeconds == null ? '' : String(client.refreshTokenValiditySeconds),
    grantTypes: [...client.authorizedGrantTypes],
    dynamicRegistration: client.additionalInformation?.dynamic_registration === 'true',
  };
}

const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/** The body to send; `original` keeps what the form does not edit (authorities, other additional information). */
export function toClientDTO(values: ClientFormValues, original?: ClientDetailsDTO): ClientDetailsDTO {
  const info = { ...(original?.additionalInformation ?? {}) };
  if (values.dynamicRegistration) info.dynamic_registration = 'true';
  else delete info.dynamic_registration;
  const secret = values.publicClient ? '' : values.clientSecret;
  return {
    clientId: values.clientId.trim(),
    clientSecret: original && !secret ? null : secret,
    scope: splitList(values.scope),
    resourceIds: splitList(values.resourceIds),
    authorizedGrantTypes: GRANT_TYPES.filter((g) => values.grantTypes.includes(g)),
    autoApproveScopes: splitList(values.autoApproveScopes),
    accessTokenValiditySeconds: number(values.accessTokenValiditySeconds) as number,
    refreshTokenValiditySeconds: number(values.refreshTokenValiditySeconds) as number,
    authorities: original?.authorities ?? [],
    registeredRedirectUri: splitList(values.registeredRedirectUri),
    additionalInformation: info,
  };
}

/** Field messages for the form: the shared rules on the DTO, and a secret for a new, non-public client. */
export function checkClientForm(values: ClientFormValues, editing: boolean): Partial<Record<string, FieldMessage>> {
  const dto = toClientDTO(values);
  const found: Partial<Record<string, FieldMessage>> = {};
  for (const [field, violation] of firstViolationByField(validate(OAUTH_CLIENT_RULES, dto))) {
    const message = violationMessage(violation, OAUTH_CLIENT_RULES.fields[field]);
    found[field] = field === 'scope' && violation.code === 'pattern' ? { key: 'managementPortalApp.oauthClient.scopePattern' } : message;
  }
  if (!editing && !values.publicClient && !values.clientSecret.trim()) found.clientSecret = { key: 'entity.validation.required' };
  return found;
}
