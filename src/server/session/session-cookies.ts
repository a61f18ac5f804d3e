// The two cookies of a browser session (docs/oauth.md, Sessions and sign-in): `SESSION` (HttpOnly, SameSite=Lax, so
// it comes along when a link into the portal is followed) and `XSRF-TOKEN` (readable by the client's scripts,
// SameSite=Strict), which the client echoes in X-XSRF-TOKEN on every request that changes something. With remember-me
// both persist for the session's lifetime; otherwise they end with the browser.
import type { Config } from '../config';
import { serializeCookie } from './cookies';
import { REMEMBER_ME_SECONDS } from './session-store';

export const SESSION_COOKIE = 'SESSION';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const maxAgeOf = (rememberMe: boolean) => (rememberMe ? REMEMBER_ME_SECONDS : undefined);

export function sessionCookie(config: Config, cookieValue: string, rememberMe: boolean): string {
  return serializeCookie(config, SESSION_COOKIE, cookieValue, { httpOnly: true, sameSite: 'Lax', maxAge: maxAgeOf(rememberMe) });
}

export function xsrfCookie(config: Config, xsrfToken: string, rememberMe: boolean): string {
  return serializeCookie(config, XSRF_COOKIE, xsrfToken, { sameSite: 'Strict', maxAge: maxAgeOf(rememberMe) });
}

export function sessionCookies(config: Config, session: { cookieValue: string; xsrfToken: string; rememberMe: boolean }): string[] {
  return [sessionCookie(config, session.cookieValue, session.rememberMe), xsrfCookie(config, session.xsrfToken, session.rememberMe)];
}

export function clearedSessionCookies(config: Config): string[] {
  return [
    serializeCookie(config, SESSION_COOKIE, '', { httpOnly: true, sameSite: 'Lax', maxAge: 0 }),
    serializeCookie(config, XSRF_COOKIE, '', { sameSite: 'Strict', maxAge: 0 }),
  ];
}
