// The one place a response is written: security headers on every answer, JSON bodies, and every thrown error turned
// into the API's error shapes (docs/api-conventions.md). Nothing ever answers a stack trace: unknown errors are logged and
// become a 500, except a database that cannot answer now (db/database-unavailable.ts, db/unavailable.ts): a 503 (507 for a
// full volume) with Retry-After.
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Reply } from './context';
import { DatabaseUnavailableError } from '../db/database-unavailable';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, HttpError, insufficientStorage, internalError } from './errors';
import type { Logger } from '../log';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** A year, subdomains included: sent only when the portal is reached over https (PUBLIC_URL), see docs/api-conventions.md. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** `https`: the portal's public address is https, so browsers are told to never use plain http for it. */
export function securityHeaders(res: ServerResponse, https = false): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  if (https) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function writeReply(res: ServerResponse, reply: Reply, extra: Record<string, string | string[]> = {}): void {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries({ ...extra, ...reply.headers })) res.setHeader(name, value);
  let payload: string | Buffer | undefined = reply.raw;
  if (payload === undefined && reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  } else if (reply.contentType) {
    res.setHeader('Content-Type', reply.contentType);
  }
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store');
  res.statusCode = reply.status;
  if (reply.stream) {
    // Back-pressure comes from pipeline; a failure half-way can only cut the answer short, so the client sees a
    // broken transfer rather than a complete-looking file.
    pipeline(Readable.from(reply.stream), res).catch(() => res.destroy());
    return;
  }
  if (payload === undefined || reply.status === 204 || reply.status === 304) {
    res.end();
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

export function errorReply(error: unknown, log: Logger): Reply {
  if (error instanceof DatabaseUnavailableError) {
    // One line, no stack: the cause was logged once where it was found (db/disk-space.ts, db/pglite-thread.ts).
    const answer = error.reason === 'diskFull'
      ? insufficientStorage(error.retryAfterSeconds, error.message)
      : databaseUnavailable(error.retryAfterSeconds, error.message);
    log.warn(`answered ${answer.status}: ${error.message}`);
    return { status: answer.status, body: answer.body, headers: answer.headers };
  }
  if (error instanceof HttpError) {
    if (error.status >= 500) log.error(`answered ${error.status}`, error);
    return { status: error.status, body: error.body, headers: error.headers };
  }
  if (isDatabaseUnavailable(error)) {
    // One line, no stack: during an outage every request ends here, and the cause is the database, not this code.
    log.warn(`answered 503: the database is unavailable (${describe(error)})`);
    // The driver's text stays in the log: it may name the server's host.
    const unavailable = databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS, 'The database is not available at the moment; try again shortly');
    return { status: unavailable.status, body: unavailable.body, headers: unavailable.headers };
  }
  log.error('unexpected error', error);
  const fallback = internalError();
  return { status: fallback.status, body: fallback.body, headers: fallback.headers };
}

function describe(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return [code, message].filter(Boolean).join(' ');
}
