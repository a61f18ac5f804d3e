// The client's fetch wrapper: relative URLs under the base path, the session cookie sent along, JSON in and out,
// the anti-forgery header on writes, and one place where answers turn into callbacks:
// 401 -> onUnauthorized, other failures -> onError, `*app-alert` headers -> onAlert, every answer -> onResponse.
import { appendQuery, type QueryObject } from './query-string';
import { ApiError, NetworkError, headerEndingWith, isAbortError, type HttpError, type HttpMethod } from './http-errors';

export * from './http-errors';
export { parseLinkHeader, readTotalCount, readPaging, type Paging } from './paging';
export { withRetry, isTransientError, type RetryOptions } from './retry';
export { AbortScope } from './abort-scope';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** The "who am I" probe: its 401 means "not signed in", not "session lost". */
const ACCOUNT_PATH = 'api/account';

export interface HttpOptions {
  /** Prefix for relative paths, e.g. '' (resolve against the page) or '/managementportal/'. */
  basePath?: string;
  fetch?: typeof fetch;
  onUnauthorized?: (error: ApiError) => void;
  onError?: (error: HttpError) => void;
  onAlert?: (key: string, param: string | undefined) => void;
  /** Every answer's headers, failed or not (the session's remaining lifetime rides on them). */
  onResponse?: (headers: Headers) => void;
  /** Where cookies are read from; defaults to document.cookie. */
  readCookies?: () => string;
}

export interface RequestOptions {
  query?: QueryObject;
  body?: unknown;
  signal?: AbortSignal;
  /** Send a string body as text/plain instead of JSON (password change, reset init). */
  text?: boolean;
  headers?: Record<string, string>;
  /** Skip onError: the caller reports the outcome itself (e.g. once, after retries). 401 handling still applies. */
  silent?: boolean;
  /** A 401 is this request's own answer (the API docs' "try it out"), not a sign that the session has ended. */
  keepSession?: boolean;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  url: string;
}

type Send = <T = unknown>(path: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

export interface Http {
  get: Send;
  post: Send;
  put: Send;
  patch: Send;
  delete: Send;
  /** The URL a path resolves to, for links and `window.location` (e.g. `api/redirect/login`). */
  url(path: string, query?: QueryObject): string;
}

export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!/json/i.test(response.headers.get('Content-Type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text; // a lying content type; callers validate shapes anyway
  }
}

function pathOnly(path: string): string {
  return path.replace(/^\/+/, '').split(/[?#]/)[0];
}

export function createHttp(options: HttpOptions = {}): Http {
  const base = options.basePath && !options.basePath.endsWith('/') ? `${options.basePath}/` : options.basePath ?? '';
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readCookies = options.readCookies ?? (() => globalThis.document?.cookie ?? '');

  const resolve = (path: string): string => (/^([a-z][a-z0-9+.-]*:|\/)/i.test(path) ? path : base + path);

  function fail(method: HttpMethod, path: string, error: HttpError, { silent, keepSession }: RequestOptions): never {
    if (error instanceof ApiError && error.status === 401) {
      if (pathOnly(path) !== ACCOUNT_PATH && !keepSession) options.onUnauthorized?.(error);
    } else if (!silent && !(error instanceof ApiError && error.status === 409 && method === 'DELETE')) {
      options.onError?.(error);
    }
    throw error;
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    const url = appendQuery(resolve(path), opts.query);
    const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
    let body: string | undefined;
    if (opts.body !== undefined) {
      const asText = opts.text && typeof opts.body === 'string';
      headers.set('Content-Type', asText ? 'text/plain;charset=UTF-8' : 'application/json');
      body = asText ? (opts.body as string) : JSON.stringify(opts.body);
    }
    if (method !== 'GET') {
      const token = readCookie(readCookies(), XSRF_COOKIE);
      if (token) headers.set(XSRF_HEADER, token);
    }
    for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);

    let response: Response;
    let data: unknown;
    try {
      response = await doFetch(url, { method, headers, body, credentials: 'include', signal: opts.signal });
      data = await readBody(response);
    } catch (cause) {
      if (isAbortError(cause) || opts.signal?.aborted) throw cause;
      return fail(method, path, new NetworkError({ method, url, cause }), opts);
    }
    if (response.status === 0) return fail(method, path, new NetworkError({ method, url }), opts);
    options.onResponse?.(response.headers);
    if (!response.ok) {
      const error = new ApiError({ status: response.status, headers: response.headers, body: data, method, url });
      return fail(method, path, error, opts);
    }
    const alertKey = headerEndingWith(response.headers, 'app-alert');
    if (alertKey) options.onAlert?.(alertKey, headerEndingWith(response.headers, 'app-params') ?? undefined);
    return { data: data as T, status: response.status, headers: response.headers, url };
  }

  return {
    get: (path, opts) => request('GET', path, opts),
    post: (path, opts) => request('POST', path, opts),
    put: (path, opts) => request('PUT', path, opts),
    patch: (path, opts) => request('PATCH', path, opts),
    delete: (path, opts) => request('DELETE', path, opts),
    url: (path, query) => appendQuery(resolve(path), query),
  };
}
