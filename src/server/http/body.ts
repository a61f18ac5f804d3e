// Request bodies: read with a size limit (413), then parsed by content type. Malformed JSON or a content type the
// endpoint does not take is the client's mistake, answered with a 400 / 415 in the API's error shape (docs/api-conventions.md).
import type { IncomingMessage } from 'node:http';
import { UNSTORABLE_MESSAGE, unstorable, unstorablePath } from '../../common/schema';
import { badRequest, payloadTooLarge, unsupportedMediaType, validationFailed } from './errors';

/** Every string of every body must be text PostgreSQL can store (common/schema.ts): a 400 naming where, never a 500. */
function requireStorable(found: string | undefined): void {
  if (found !== undefined) throw validationFailed('body', [{ objectName: 'body', field: found, message: UNSTORABLE_MESSAGE }]);
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * How deep objects and lists may nest in a JSON body: far deeper than any DTO (a handful of levels), shallow enough
 * for the recursive checks that follow parsing (storable text, the schema, JSON.stringify of a snapshot). A body of
 * a few hundred kilobytes of `[` would otherwise overflow the stack there and answer a 500.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether objects and lists nest deeper than `limit`; iterative, so any depth is measured safely. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

export async function readRaw(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume(); // drain, so the connection can answer
    throw payloadTooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw payloadTooLarge(limit);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** A JSON body; `application/json` and `application/*+json` are accepted. An empty body is `undefined`. */
export async function readJson(req: IncomingMessage, limit?: number): Promise<unknown> {
  const raw = await readRaw(req, limit);
  if (raw.length === 0) return undefined;
  const type = mediaType(req);
  if (type !== 'application/json' && !/^application\/[a-z.+-]*\+json$/.test(type)) throw unsupportedMediaType(type);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('Malformed JSON in request body');
  }
  if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) throw badRequest(`JSON in request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  requireStorable(unstorablePath(parsed));
  return parsed;
}

/** A raw text body (the account endpoints take the password, e-mail or login as plain text). */
export async function readText(req: IncomingMessage, limit = 16 * 1024): Promise<string> {
  const raw = await readRaw(req, limit);
  const type = mediaType(req);
  if (type && !type.startsWith('text/') && type !== 'application/json') throw unsupportedMediaType(type);
  let text = raw.toString('utf8');
  // ManagementPortal's client sometimes JSON-encodes the string; accept both forms.
  if (type === 'application/json' && text.startsWith('"')) {
    try {
      text = String(JSON.parse(text));
    } catch {
      throw badRequest('Malformed JSON in request body');
    }
  }
  requireStorable(unstorable(text) ? '(body)' : undefined);
  return text;
}

/** Media types a CSV upload arrives as: browsers label a `.csv` file `text/csv`, or `application/vnd.ms-excel` where a
 * spreadsheet program is installed; pasted text is `text/plain`. */
const CSV_TYPES = new Set(['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel']);

/** A CSV file (the imports): UTF-8, a byte order mark dropped; bytes that are not UTF-8 are a 400. */
export async function readCsv(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  const raw = await readRaw(req, limit);
  const type = mediaType(req);
  if (type && !CSV_TYPES.has(type)) throw unsupportedMediaType(type);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(raw);
  } catch {
    throw badRequest('The file is not UTF-8 text');
  }
  requireStorable(unstorable(text) ? '(body)' : undefined);
  return text;
}

/** `application/x-www-form-urlencoded` (the OAuth token endpoint and the sign-in form). */
export async function readForm(req: IncomingMessage, limit = 64 * 1024): Promise<URLSearchParams> {
  const raw = await readRaw(req, limit);
  const type = mediaType(req);
  if (raw.length && type !== 'application/x-www-form-urlencoded') throw unsupportedMediaType(type);
  const form = new URLSearchParams(raw.toString('utf8'));
  for (const [key, value] of form) requireStorable(unstorable(key) || unstorable(value) ? key : undefined);
  return form;
}
