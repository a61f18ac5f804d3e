// Signing in the way a browser does: GET api/redirect/login, the sign-in page of oauth/authorize, its form post,
// the code coming back to api/redirect/login. `signIn` answers a client that keeps the cookies and sends the
// X-XSRF-TOKEN header on every non-GET request, as the web client does. The steps are exported for tests that
// need to stop half-way (wrong password, state mismatch, ...).
import type { TestResponse } from './server';

/** A minimal cookie jar: one host, no path matching (enough for a server under test). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }
}

export interface BrowserResponse extends TestResponse {
  url: string;
  location?: string;
  setCookies: string[];
}

export type BrowseInit = RequestInit & { json?: unknown; form?: Record<string, string> };

/** One request with the jar's cookies; redirects are not followed (tests look at each hop). */
export async function browse(jar: CookieJar, url: string, init: BrowseInit = {}): Promise<BrowserResponse> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set('content-type', 'application/json');
  } else if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  const res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
  jar.store(res.headers);
  const text = await res.text();
  let parsed: unknown;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) {
    try { parsed = JSON.parse(text); } catch { parsed = undefined; }
  }
  const location = res.headers.get('location') ?? undefined;
  return { status: res.status, headers: res.headers, text, body: parsed, url, location, setCookies: res.headers.getSetCookie() };
}

/** The hidden fields of the sign-in form. */
export function hiddenFields(html: string): Record<string, string> {
  const unescape = (s: string) =>
    s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1])] = unescape(m[2]);
  return fields;
}

export interface SignInPageVisit {
  /** The oauth/authorize URL api/redirect/login sent the browser to. */
  authorizeUrl: string;
  page: BrowserResponse;
}

/** GET api/redirect/login, then the authorization endpoint it points at. */
export async function openSignInPage(baseUrl: string, jar: CookieJar, query = ''): Promise<SignInPageVisit> {
  const start = await browse(jar, `${baseUrl}/api/redirect/login${query}`);
  if (start.status !== 302 || !start.location) throw new Error(`api/redirect/login answered ${start.status}`);
  return { authorizeUrl: start.location, page: await browse(jar, start.location) };
}

/** Posts the sign-in form of a page (hidden fields included). */
export function submitSignIn(jar: CookieJar, visit: SignInPageVisit, login: string, password: string, rememberMe = true, extra: Record<string, string> = {}) {
  const form: Record<string, string> = { ...hiddenFields(visit.page.text), username: login, password, ...extra };
  if (rememberMe) form['remember-me'] = 'true';
  return browse(jar, new URL('authorize', visit.authorizeUrl).toString(), { method: 'POST', form });
}

export interface SessionClient {
  jar: CookieJar;
  baseUrl: string;
  request(method: string, path: string, init?: BrowseInit): Promise<BrowserResponse>;
}

/** A client of `baseUrl` with the jar's cookies, echoing XSRF-TOKEN in X-XSRF-TOKEN on non-GET requests. */
export function sessionClient(baseUrl: string, jar: CookieJar): SessionClient {
  return {
    jar,
    baseUrl,
    request(method, path, init = {}) {
      const headers = new Headers(init.headers);
      const xsrf = jar.get('XSRF-TOKEN');
      if (method !== 'GET' && method !== 'HEAD' && xsrf && !headers.has('x-xsrf-token')) headers.set('x-xsrf-token', xsrf);
      return browse(jar, baseUrl + (path.startsWith('/') ? path : `/${path}`), { ...init, method, headers });
    },
  };
}

/** Signs in through the whole browser flow and answers a client holding the session. */
export async function signIn(server: { url: string }, login: string, password: string, options: { rememberMe?: boolean } = {}): Promise<SessionClient> {
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  const posted = await submitSignIn(jar, visit, login, password, options.rememberMe ?? true);
  if (posted.status !== 302 || !posted.location) throw new Error(`sign-in of ${login} failed: ${posted.status}`);
  const back = await browse(jar, posted.location);
  if (back.status !== 302 || !back.location?.endsWith('/#/') || !jar.get('SESSION')) {
    throw new Error(`sign-in of ${login} did not start a session: ${back.status} ${back.location}`);
  }
  return sessionClient(server.url, jar);
}
