// The OAuth clients file (OAUTH_CLIENTS_FILE, docs/oauth.md): `;`-separated, a header naming the eleven columns (in
// any order, as the original reads the header for the column order), one client per line, list fields
// comma-separated, additional_information a JSON object, empty fields allowed. A field may be quoted CSV-style
// ("a;b", "" for a quote) when it must hold a `;`; a field that merely contains quotes, such as the JSON
// `{"dynamic_registration": true}`, needs none. Every problem names its line, and one bad line rejects the file:
// loading half of it would leave apps that fail in ways nobody connects to a typo.
import { SCOPE_PATTERN } from '../../common/validation';
import { NAME_PATTERN } from '../../common/name-pattern';
import { isSafeRedirectUri } from '../../common/safe-url';
import type { ClientSpec } from '../oauth/client-store';
import { GRANT_TYPES } from './client-input';

export const CLIENTS_FILE_COLUMNS = [
  'client_id', 'resource_ids', 'client_secret', 'scope', 'authorized_grant_types', 'redirect_uri', 'authorities',
  'access_token_validity', 'refresh_token_validity', 'additional_information', 'autoapprove',
] as const;

type Column = (typeof CLIENTS_FILE_COLUMNS)[number];

export interface FileClient {
  /** 1-based line of the file. */
  line: number;
  spec: ClientSpec;
}

export class ClientsFileError extends Error {
  constructor(readonly line: number, readonly problem: string) {
    super(`line ${line}: ${problem}`);
  }
}

const INT_MAX = 2147483647;
const MAX_LIST_ITEM = 2048;
const MAX_SECRET = 1000;

/** The fields of one line; quoted fields may hold `;` and `""`. */
export function splitFields(text: string, line: number): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new ClientsFileError(line, 'a quoted field is not closed');
        if (text[i] === '"' && text[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else value += text[i++];
      }
      while (text[i] === ' ' || text[i] === '\t') i++;
      if (i < text.length && text[i] !== ';') throw new ClientsFileError(line, 'a quoted field must end at a ";"');
      fields.push(value);
    } else {
      const end = text.indexOf(';', i);
      fields.push(text.slice(i, end < 0 ? text.length : end).trim());
      i = end < 0 ? text.length : end;
    }
    if (i >= text.length) return fields;
    i++; // past the ';'
  }
}

function columnOrder(header: string): Column[] {
  const names = splitFields(header, 1);
  while (names.length > CLIENTS_FILE_COLUMNS.length && names.at(-1) === '') names.pop();
  const expected = `the header must name the columns ${CLIENTS_FILE_COLUMNS.join(';')}`;
  for (const name of names) {
    if (!(CLIENTS_FILE_COLUMNS as readonly string[]).includes(name)) throw new ClientsFileError(1, `unknown column "${name}"; ${expected}`);
  }
  const missing = CLIENTS_FILE_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) throw new ClientsFileError(1, `column ${missing.join(', ')} missing; ${expected}`);
  if (names.length !== CLIENTS_FILE_COLUMNS.length) throw new ClientsFileError(1, `a column is named twice; ${expected}`);
  return names as Column[];
}

function listOf(value: string, column: Column, line: number): string[] {
  const items = [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
  if (items.some((item) => item.length > MAX_LIST_ITEM)) throw new ClientsFileError(line, `${column} holds an item longer than ${MAX_LIST_ITEM} characters`);
  return items;
}

function validity(value: string, column: Column, line: number): number | null {
  if (value === '') return null;
  if (!/^\d+$/.test(value) || Number(value) > INT_MAX) {
    throw new ClientsFileError(line, `${column} must be a whole number of seconds from 0 to ${INT_MAX} (or empty), got "${value}"`);
  }
  return Number(value);
}

function additionalInformation(value: string, line: number): Record<string, unknown> {
  if (value === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new ClientsFileError(line, `additional_information is not valid JSON (${(error as Error).message}): ${value}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ClientsFileError(line, `additional_information must be a JSON object such as {"dynamic_registration": true}, got ${value}`);
  }
  for (const [key, item] of Object.entries(parsed)) {
    if (!['string', 'number', 'boolean'].includes(typeof item)) {
      throw new ClientsFileError(line, `additional_information "${key}" must be a string, number or boolean`);
    }
  }
  return parsed as Record<string, unknown>;
}

function toClient(fields: Record<Column, string>, line: number): ClientSpec {
  const clientId = fields.client_id;
  if (!clientId) throw new ClientsFileError(line, 'client_id is empty');
  if (clientId.length > 255 || !NAME_PATTERN.test(clientId)) {
    throw new ClientsFileError(line, `client_id "${clientId}" must be at most 255 letters, digits, spaces or _ ' . @ -`);
  }
  if (fields.client_secret.length > MAX_SECRET) throw new ClientsFileError(line, `client_secret is longer than ${MAX_SECRET} characters`);
  const scopes = listOf(fields.scope, 'scope', line);
  const badScope = scopes.find((s) => !SCOPE_PATTERN.test(s));
  if (badScope) throw new ClientsFileError(line, `scope "${badScope}" is not of the form ENTITY.OPERATION`);
  const grantTypes = listOf(fields.authorized_grant_types, 'authorized_grant_types', line);
  const badGrant = grantTypes.find((g) => !GRANT_TYPES.includes(g));
  if (badGrant) throw new ClientsFileError(line, `authorized_grant_types "${badGrant}" is not one of ${GRANT_TYPES.join(', ')}`);
  const redirectUris = listOf(fields.redirect_uri, 'redirect_uri', line);
  const badUri = redirectUris.find((uri) => !isSafeRedirectUri(uri));
  if (badUri) throw new ClientsFileError(line, `redirect_uri "${badUri}" must be an http(s) URL or an app's own scheme, never javascript:, data: or file:`);
  return {
    clientId,
    secret: fields.client_secret || null,
    scopes,
    resourceIds: listOf(fields.resource_ids, 'resource_ids', line),
    grantTypes,
    redirectUris,
    authorities: listOf(fields.authorities, 'authorities', line),
    autoApproveScopes: listOf(fields.autoapprove, 'autoapprove', line),
    accessTokenValidity: validity(fields.access_token_validity, 'access_token_validity', line),
    refreshTokenValidity: validity(fields.refresh_token_validity, 'refresh_token_validity', line),
    additionalInformation: additionalInformation(fields.additional_information, line),
  };
}

/** Every client of the file, in file order; throws ClientsFileError at the first problem. */
export function parseClientsCsv(text: string): FileClient[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!lines[0]?.trim()) throw new ClientsFileError(1, `the file is empty; its first line must be the header ${CLIENTS_FILE_COLUMNS.join(';')}`);
  const order = columnOrder(lines[0]);
  const clients: FileClient[] = [];
  const seen = new Map<string, number>();
  lines.slice(1).forEach((text, index) => {
    const line = index + 2;
    if (!text.trim()) return;
    const values = splitFields(text, line);
    if (values.length !== order.length) {
      throw new ClientsFileError(line, `has ${values.length} fields, the header ${order.length} (fields are separated by ";")`);
    }
    const fields = Object.fromEntries(order.map((column, i) => [column, values[i]])) as Record<Column, string>;
    const spec = toClient(fields, line);
    const earlier = seen.get(spec.clientId);
    if (earlier !== undefined) throw new ClientsFileError(line, `client "${spec.clientId}" is already defined on line ${earlier}`);
    seen.set(spec.clientId, line);
    clients.push({ line, spec });
  });
  return clients;
}
