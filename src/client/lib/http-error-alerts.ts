// The alerts a failed request shows: field errors, the server's error key (with a readable fallback for a key this
// client lacks), or a text per status. Kept apart from the queue (alerts.ts): the first load only needs it once a
// request has failed, so the shell loads it then.
import { ApiError, NetworkError, headerEndingWith, isAbortError } from './http-errors';
import type { AlertInit, AlertParam, AlertParams } from './alerts';

export const ALERT_KEYS = {
  serverNotReachable: 'error.server.not.reachable',
  notFound: 'error.url.not.found',
  fieldRequired: 'error.field.required',
  /** A field error whose rule is not "required" (a pattern, a size). */
  fieldInvalid: 'error.field.invalid',
  /** An end date before its start date. */
  fieldDateOrder: 'error.field.dateOrder',
  /** A server message that is plain text rather than a key: shown through `{{message}}`. */
  serverMessage: 'error.server.message',
  /** No usable message and a status outside 4xx/5xx: `{{status}}` is shown. */
  httpStatus: 'error.http.status',
  /** Not an HTTP failure and no message: a bug on our side. */
  unexpected: 'error.unexpected',
} as const;

interface FieldError {
  objectName?: unknown;
  field?: unknown;
  message?: unknown;
}

const looksLikeKey = (text: string): boolean => /^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(text);

function bodyObject(body: unknown): Record<string, unknown> | undefined {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

/** Short plain-text bodies count as a message; HTML error pages do not. */
function bodyMessage(body: unknown): string | undefined {
  const message = bodyObject(body)?.message ?? body;
  if (typeof message !== 'string' || message.trim() === '') return undefined;
  if (message === body && (message.length > 200 || message.includes('<'))) return undefined;
  return message.trim();
}

function stringParams(value: unknown): AlertParams | undefined {
  const object = bodyObject(value);
  if (!object) return undefined;
  const params: Record<string, AlertParam> = {};
  for (const [name, param] of Object.entries(object)) {
    if (typeof param === 'string' || typeof param === 'number') params[name] = param;
  }
  return params;
}

/** The generic text for a status's class: `error.http.4xx`, `error.http.5xx`, else `error.http.status`. */
export function statusClassKey(status: number): string {
  if (status >= 400 && status < 500) return 'error.http.4xx';
  if (status >= 500 && status < 600) return 'error.http.5xx';
  return ALERT_KEYS.httpStatus;
}

/**
 * The text for a bare status: `error.http.<status>` where the dictionaries have one, else its class's. Every alert
 * built from a key the server chose carries this as its fallback, so a key this client does not know (another
 * server's `error.http.500`, a new error key) never shows raw.
 */
export function statusAlert(status: number): AlertInit {
  const params = { status };
  return { type: 'error', key: `error.http.${status}`, params, fallback: { key: statusClassKey(status), params } };
}

function messageAlert(message: string | undefined, status: number, body?: unknown): AlertInit {
  if (message === undefined) return statusAlert(status);
  if (looksLikeKey(message)) {
    return { type: 'error', key: message, params: stringParams(bodyObject(body)?.params), fallback: statusAlert(status) };
  }
  return { type: 'error', key: ALERT_KEYS.serverMessage, params: { message } };
}

/** The rule a field error names: its message up to the first colon ("NotNull: must not be null" -> NotNull). */
function fieldErrorKey(message: unknown): string {
  const code = typeof message === 'string' ? message.split(':')[0].trim() : '';
  if (!code || /^Not(Null|Blank|Empty)$/.test(code)) return ALERT_KEYS.fieldRequired;
  return code === 'DateOrder' ? ALERT_KEYS.fieldDateOrder : ALERT_KEYS.fieldInvalid;
}

function fieldErrorAlerts(fieldErrors: readonly FieldError[]): AlertInit[] {
  return fieldErrors.map((fieldError) => {
    const field = String(fieldError.field ?? '');
    // `sources[3].name` and `sources[7].name` share one translation: `sources[].name`.
    const key = `managementPortalApp.${String(fieldError.objectName ?? '')}.${field.replace(/\[\d*\]/g, '[]')}`;
    return { type: 'error', key: fieldErrorKey(fieldError.message), params: { fieldName: { key, fallback: field } } };
  });
}

/** The alerts to show for a failed request; none for an aborted one. */
export function alertForHttpError(error: unknown): AlertInit[] {
  if (isAbortError(error)) return [];
  if (error instanceof NetworkError || (error instanceof ApiError && error.status === 0)) {
    return [{ type: 'error', key: ALERT_KEYS.serverNotReachable }];
  }
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    return [message ? { type: 'error', key: ALERT_KEYS.serverMessage, params: { message } } : { type: 'error', key: ALERT_KEYS.unexpected }];
  }
  if (error.status === 400 || error.status === 409) {
    const errorKey = headerEndingWith(error.headers, 'app-error');
    if (errorKey) {
      const entity = headerEndingWith(error.headers, 'app-params');
      const params: AlertParams | undefined = entity
        ? { entityName: { key: `global.menu.entities.${entity}`, fallback: entity } }
        : undefined;
      return [{ type: 'error', key: errorKey, params, fallback: statusAlert(error.status) }];
    }
    const fieldErrors = bodyObject(error.body)?.fieldErrors;
    if (Array.isArray(fieldErrors) && fieldErrors.length > 0) return fieldErrorAlerts(fieldErrors as FieldError[]);
    return [messageAlert(bodyMessage(error.body), error.status, error.body)];
  }
  if (error.status === 404) return [{ type: 'error', key: ALERT_KEYS.notFound }];
  return [messageAlert(bodyMessage(error.body), error.status, error.body)];
}
