// The alert queue behind the toasts, and the mapping from a failed request to the alerts it shows.
// Alerts carry i18n keys and params, never finished text: the view translates them.
import { ApiError, NetworkError, headerEndingWith, isAbortError } from './http-errors';
import type { TranslateParam, TranslateParams } from './i18n';

export const ALERT_TIMEOUT_MS = 5000;

export type AlertType = 'success' | 'error' | 'info' | 'warning';

/** Params may be translatable themselves (`{ key, fallback }`), e.g. the entity name of an error header. */
export type AlertParam = TranslateParam;
export type AlertParams = TranslateParams;

/** A translatable text, with what to show instead when the dictionary lacks its key. */
export interface AlertText {
  key: string;
  params?: AlertParams;
  fallback?: AlertText;
}

export interface AlertInit extends AlertText {
  type: AlertType;
  /** Overrides the queue's timeout; 0 keeps the alert until closed by hand. */
  timeoutMs?: number;
}

export interface Alert extends AlertInit {
  id: number;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AlertQueue {
  add(init: AlertInit): number;
  success(key: string, params?: AlertParams): number;
  error(key: string, params?: AlertParams): number;
  info(key: string, params?: AlertParams): number;
  close(id: number): void;
  clear(): void;
  getAlerts(): readonly Alert[];
  subscribe(listener: (alerts: readonly Alert[]) => void): () => void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const sameAlert = (a: AlertInit, b: AlertInit): boolean =>
  a.type === b.type && a.key === b.key && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});

/** The text of an alert: its key, or its fallback when the dictionary does not know the key. */
export function alertText(i18n: { t(key: string, params?: AlertParams): string; has(key: string): boolean }, alert: AlertText): string {
  if (alert.fallback && !i18n.has(alert.key)) return alertText(i18n, alert.fallback);
  return i18n.t(alert.key, alert.params);
}

export function createAlertQueue(options: { timeoutMs?: number; timers?: Timers } = {}): AlertQueue {
  const { timeoutMs = ALERT_TIMEOUT_MS, timers = realTimers } = options;
  let alerts: readonly Alert[] = [];
  let nextId = 1;
  const pending = new Map<number, unknown>();
  const listeners = new Set<(alerts: readonly Alert[]) => void>();

  const publish = (next: readonly Alert[]): void => {
    alerts = next;
    for (const listener of [...listeners]) listener(alerts);
  };

  const close = (id: number): void => {
    if (pending.has(id)) timers.clearTimeout(pending.get(id));
    pending.delete(id);
    if (alerts.some((alert) => alert.id === id)) publish(alerts.filter((alert) => alert.id !== id));
  };

  const add = (init: AlertInit): number => {
    // One failure often reaches several requests at once (no network: every list on the page fails). The same
    // message twice says nothing new, so an alert equal to one still showing is not added again.
    const same = alerts.find((shown) => sameAlert(shown, init));
    if (same) return same.id;
    const alert: Alert = { ...init, id: nextId++ };
    const lifetime = init.timeoutMs ?? timeoutMs;
    if (lifetime > 0) pending.set(alert.id, timers.setTimeout(() => close(alert.id), lifetime));
    publish([...alerts, alert]);
    return alert.id;
  };

  return {
    add,
    success: (key, params) => add({ type: 'success', key, params }),
    error: (key, params) => add({ type: 'error', key, params }),
    info: (key, params) => add({ type: 'info', key, params }),
    close,
    clear() {
      for (const handle of pending.values()) timers.clearTimeout(handle);
      pending.clear();
      if (alerts.length) publish([]);
    },
    getAlerts: () => alerts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// ---- failed request -> alerts ----

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
