// Set-Cookie values and where they are collected. Handlers add cookies to `ctx.extraHeaders`, which every reply of
// the request carries (error answers too), so a cookie set by the session layer is never lost to a reply's headers.
import type { Config } from '../config';
import type { RequestContext } from '../http/context';

export interface CookieOptions {
  /** Below the base path, e.g. '/oauth'; '' for the whole application. */
  path?: string;
  /** Seconds; undefined makes a browser-session cookie, 0 deletes. */
  maxAge?: number;
  httpOnly?: boolean;
  sameSite: 'Strict' | 'Lax';
}

const isSecureSite = (config: Config) => config.publicUrl.startsWith('https:');

/** The cookie path for a path below the base path (the base path itself, or '/', for the whole application). */
function cookiePath(config: Config, below = ''): string {
  return `${config.basePath}${below}` || '/';
}

export function serializeCookie(config: Config, name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${cookiePath(config, options.path)}`];
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${options.maxAge}`);
    if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.httpOnly) parts.push('HttpOnly');
  if (isSecureSite(config)) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite}`);
  return parts.join('; ');
}

/** Adds Set-Cookie lines to every reply of this request. */
export function addCookies(ctx: RequestContext, ...cookies: string[]): void {
  const current = ctx.extraHeaders['Set-Cookie'];
  const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
  ctx.extraHeaders['Set-Cookie'] = [...list, ...cookies];
}
