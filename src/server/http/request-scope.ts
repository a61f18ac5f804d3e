// What every log line written while a request is handled says about that request (log.ts in LOG_FORMAT=json): its id,
// method, route template and caller, kept in an AsyncLocalStorage so that code deep below the handler (the database,
// the mail service) needs no parameter for it. The request id comes from the caller (X-Request-Id, or the trace id of
// a W3C traceparent) when it is well-formed, and is made here otherwise; the answer echoes it as X-Request-Id.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface RequestScope {
  requestId: string;
  method: string;
  /** The matched route template (e.g. /api/subjects/:login), `static` for the client's files, unset when none matched. */
  route?: string;
  /** Who is calling, once authenticated: a user's login or an OAuth client's id. */
  user?: string;
  /** Set when the answer is written, for the request's last line. */
  status?: number;
  durationMs?: number;
}

const storage = new AsyncLocalStorage<RequestScope>();

/**
 * Accepted as given: up to 64 letters, digits and `-_.:`, which covers UUIDs, ULIDs and the ids proxies make
 * (nginx's $request_id, AWS's Root=...), and cannot smuggle a line break or markup into a log or a header.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** W3C Trace Context: version-traceid-parentid-flags; an all-zero trace id is invalid. */
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && REQUEST_ID.test(given.trim())) return given.trim();
  const traceparent = req.headers.traceparent;
  const trace = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent.trim().toLowerCase()) : null;
  if (trace && !/^0+$/.test(trace[1])) return trace[1];
  return randomUUID();
}

export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The request being handled, if any. */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}
