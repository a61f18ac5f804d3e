// The alert queue behind the toasts (the mapping from a failed request to its alerts is http-error-alerts.ts).
// Alerts carry i18n keys and params, never finished text: the view translates them.
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
