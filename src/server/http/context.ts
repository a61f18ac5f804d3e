// What a handler receives and what it returns. Handlers return a Reply (or throw an HttpError); they never write to
// the response themselves, so security headers, logging and error shapes stay in one place (respond.ts, app.ts).
import type { IncomingMessage } from 'node:http';
import type { AppServices } from '../services';
import { readForm, readJson, readText } from './body';
import { clientAddress } from './client-address';

export interface Reply {
  status: number;
  headers?: Record<string, string | string[]>;
  /** JSON-serialised unless `raw` is given. `undefined` means no body. */
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  /** A body written chunk by chunk as it is produced (large exports); no Content-Length. */
  stream?: AsyncIterable<string>;
}

export interface RequestContext {
  req: IncomingMessage;
  method: string;
  /** The path below the base path, always starting with '/'. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  cookies: Record<string, string>;
  app: AppServices;
  /** Per-request memo (the resolved principal, the session, ...). */
  state: Map<string, unknown>;
  /** Headers every reply of this request gets (Set-Cookie from the session layer, for instance). */
  extraHeaders: Record<string, string | string[]>;
  /** The client's address: the socket's, or X-Forwarded-For's behind a trusted proxy (client-address.ts). */
  remoteAddress: string;
  json<T = unknown>(limit?: number): Promise<T>;
  text(limit?: number): Promise<string>;
  form(limit?: number): Promise<URLSearchParams>;
}

export type Handler = (ctx: RequestContext) => Promise<Reply> | Reply;

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export function createContext(
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
  app: AppServices,
): RequestContext {
  return {
    req,
    method: req.method ?? 'GET',
    path,
    params: {},
    query,
    cookies: parseCookies(req.headers.cookie),
    app,
    state: new Map(),
    extraHeaders: {},
    remoteAddress: clientAddress(req, app.config.trustedProxies),
    json: <T>(limit?: number) => readJson(req, limit) as Promise<T>,
    text: (limit?: number) => readText(req, limit),
    form: (limit?: number) => readForm(req, limit),
  };
}

// Reply helpers: the handful of shapes the API answers.
export const ok = (body: unknown, headers?: Reply['headers']): Reply => ({ status: 200, body, headers });
export const created = (body: unknown, location: string, headers?: Reply['headers']): Reply => ({
  status: 201,
  body,
  headers: { Location: location, ...headers },
});
export const noContent = (headers?: Reply['headers']): Reply => ({ status: 204, headers });
export const redirect = (location: string, headers?: Reply['headers']): Reply => ({
  status: 302,
  headers: { Location: location, ...headers },
});
export const html = (status: number, raw: string, headers?: Reply['headers']): Reply => ({
  status,
  raw,
  contentType: 'text/html; charset=utf-8',
  headers,
});
