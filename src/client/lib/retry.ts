// Retrying loads that fail for transient reasons: no answer at all, or a 5xx (by default up to 10
// retries, one second apart). A 4xx is an answer about the request itself and is never retried.
import { isApiError, isNetworkError } from './http-errors';

export interface RetryOptions {
  /** Attempts after the first one. */
  retries?: number;
  delayMs?: number;
  signal?: AbortSignal;
  shouldRetry?: (error: unknown) => boolean;
  /** Injected by tests; defaults to a setTimeout that an abort cuts short. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function isTransientError(error: unknown): boolean {
  return isNetworkError(error) || (isApiError(error) && error.status >= 500);
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done(): void {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = 10, delayMs = 1000, signal, shouldRetry = isTransientError, sleep = sleepFor } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      // An abort means the caller no longer cares: it gets the abort, which it already knows to ignore.
      if (signal?.aborted) throw signal.reason;
      if (attempt >= retries || !shouldRetry(error)) throw error;
    }
    await sleep(delayMs, signal);
  }
}
