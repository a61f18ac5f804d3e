// Errors are values with a status and a body in one of the shapes of docs/api-conventions.md, "Errors". Handlers throw them
// anywhere; respond.ts writes them in one place. The factories below are the only way errors are built, so the
// `X-managementPortalApp-error` / `-params` headers are always set where the client reads them.
import type { FieldErrorVM } from '../../common/dto';

export const ERROR_HEADER = 'X-managementPortalApp-error';
export const PARAMS_HEADER = 'X-managementPortalApp-params';
export const ALERT_HEADER = 'X-managementPortalApp-alert';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    message?: string,
  ) {
    super(message ?? `HTTP ${status}`);
  }
}

function timestamp(): string {
  return new Date().toISOString().replace('T', ' ').slice(0, 19);
}

/** The parameterized shape (RadarWebApplicationExceptionVM), e.g. `apiError(404, 'error.projectNameNotFound', 'project', ...)`. */
export function apiError(
  status: number,
  errorCode: string,
  entityName: string,
  message: string,
  params: Record<string, string> = {},
): HttpError {
  return new HttpError(
    status,
    { message, entityName, errorCode, params: { timestamp: timestamp(), ...params } },
    { [ERROR_HEADER]: errorCode, [PARAMS_HEADER]: entityName },
    message,
  );
}

/** ErrorVM shape `{message, description, fieldErrors}`; 400 and 409 also carry the error header. */
export function errorVm(
  status: number,
  message: string | null,
  description: string | null = null,
  fieldErrors: FieldErrorVM[] | null = null,
  entityName?: string,
): HttpError {
  const headers: Record<string, string> = {};
  if ((status === 400 || status === 409) && message) {
    headers[ERROR_HEADER] = message;
    if (entityName) headers[PARAMS_HEADER] = entityName;
  }
  return new HttpError(status, { message, description, fieldErrors }, headers, description ?? message ?? undefined);
}

export const validationFailed = (objectName: string, fieldErrors: FieldErrorVM[]) =>
  errorVm(400, 'error.validation', null, fieldErrors, objectName);

export const badRequest = (description: string, entityName?: string) =>
  errorVm(400, 'error.validation', description, null, entityName);

export const accessDenied = (reason = 'Access is denied') => errorVm(403, 'error.accessDenied', reason);

export const notFoundVm = (description = '404 NOT_FOUND') => errorVm(404, null, description);

export const methodNotAllowed = (method: string) =>
  errorVm(405, 'error.methodNotSupported', `Request method '${method}' is not supported`);

export const payloadTooLarge = (limit: number) =>
  errorVm(413, 'error.payloadTooLarge', `Request body is larger than ${limit} bytes`);

/** A 400 (not 415): the client shows 400s through its usual alert path. */
export const unsupportedMediaType = (type: string) =>
  errorVm(400, 'error.validation', `Content type '${type || 'none'}' is not supported here`);

/** A rate limit was reached (http/request-limit.ts): ErrorVM `error.tooManyRequests` with Retry-After in seconds. */
export function tooManyRequests(retryAfterSeconds: number, description: string): HttpError {
  const error = errorVm(429, 'error.tooManyRequests', description);
  error.headers['Retry-After'] = String(retryAfterSeconds);
  return error;
}

/** The embedded database's volume is full (db/disk-space.ts): 507 `error.insufficientStorage`, Retry-After in seconds. */
export function insufficientStorage(retryAfterSeconds: number, description: string): HttpError {
  const error = errorVm(507, 'error.insufficientStorage', description);
  error.headers['Retry-After'] = String(retryAfterSeconds);
  return error;
}

/** Seconds a client is told to wait before repeating a request PostgreSQL could not serve (db/unavailable.ts). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database cannot answer now but will again (db/database-unavailable.ts for the embedded database, db/unavailable.ts
 * for PostgreSQL: down, restarting, out of connections or too slow): 503 `error.databaseUnavailable`, so clients and
 * proxies know to repeat the request rather than give up. */
export function databaseUnavailable(retryAfterSeconds: number, description: string): HttpError {
  const error = errorVm(503, 'error.databaseUnavailable', description);
  error.headers['Retry-After'] = String(retryAfterSeconds);
  return error;
}

export const internalError = () => errorVm(500, 'error.internalServerError', 'Internal server error');

/** The security layer's 401; the client only looks at the status. */
export function unauthorized(reason: string, path: string): HttpError {
  return new HttpError(
    401,
    { error: 'Unauthorized', status: 401, message: reason, path },
    { 'WWW-Authenticate': 'Bearer' },
    reason,
  );
}
