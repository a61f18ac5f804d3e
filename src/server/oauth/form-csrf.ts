// CSRF protection of the sign-in form (there is no session yet to bind a token to): a random token in an HttpOnly,
// SameSite=Strict cookie scoped to oauth/, repeated in a hidden field. A cross-site page can neither read the
// cookie nor make the browser send it with its own post, so it cannot produce a matching pair.
import type { RequestContext } from '../http/context';
import { addCookies, serializeCookie } from '../session/cookies';
import { randomToken, safeEqual } from './secrets';

const SIGN_IN_CSRF_COOKIE = 'MP_SIGNIN_CSRF';
const SIGN_IN_CSRF_FIELD = '_csrf';
const LIFETIME_SECONDS = 60 * 60;
const WELL_FORMED = /^[A-Za-z0-9_-]{32,64}$/;

/** The token for the page being rendered: the browser's current one (kept, so other tabs stay valid) or a new one. */
export function signInCsrfToken(ctx: RequestContext): string {
  const current = ctx.cookies[SIGN_IN_CSRF_COOKIE];
  const token = current && WELL_FORMED.test(current) ? current : randomToken(32);
  addCookies(ctx, serializeCookie(ctx.app.config, SIGN_IN_CSRF_COOKIE, token, {
    path: '/oauth', httpOnly: true, sameSite: 'Strict', maxAge: LIFETIME_SECONDS,
  }));
  return token;
}

export function signInCsrfValid(ctx: RequestContext, form: URLSearchParams): boolean {
  const cookie = ctx.cookies[SIGN_IN_CSRF_COOKIE];
  return !!cookie && WELL_FORMED.test(cookie) && safeEqual(form.get(SIGN_IN_CSRF_FIELD), cookie);
}
