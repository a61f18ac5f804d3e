// Two kinds of failure, kept apart on purpose: the server answered with an error status (ApiError, carries the
// response), or nothing answered at all (NetworkError). Aborted requests are neither: they rethrow the platform's
// AbortError so callers can ignore them with isAbortError.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly method: HttpMethod;
  readonly url: string;

  constructor(init: { status: number; headers: Headers; body: unknown; method: HttpMethod; url: string }) {
    super(`${init.method} ${init.url} answered ${init.status}`);
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly method: HttpMethod;
  readonly url: string;

  constructor(init: { method: HttpMethod; url: string; cause?: unknown }) {
    super(`${init.method} ${init.url} got no answer`, { cause: init.cause });
    this.method = init.method;
    this.url = init.url;
  }
}

export type HttpError = ApiError | NetworkError;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

export function isHttpError(error: unknown): error is HttpError {
  return isApiError(error) || isNetworkError(error);
}

/** True for the rejection of an aborted fetch (or an AbortSignal's default reason). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Reads the first response header whose (case-insensitive) name ends with `suffix`, e.g. `app-alert`. */
export function headerEndingWith(headers: Headers, suffix: string): string | null {
  const wanted = suffix.toLowerCase();
  let found: string | null = null;
  headers.forEach((value, name) => {
    if (found === null && name.toLowerCase().endsWith(wanted)) found = value;
  });
  return found;
}

/** The server answered that the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
