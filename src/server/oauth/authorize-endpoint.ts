// GET and POST oauth/authorize (the authorization request and its answer, RFC 6749): a browser that already has a
// portal session gets its code at once; otherwise the sign-in page is shown, and its post authenticates the user
// (throttled and audited) and then redirects with a one-time code. Consent is kept minimal: a client that
// auto-approves the requested scopes (the portal's own) needs none; for any other client the sign-in page names the
// client and the scopes, and signing in there approves them, so an existing session never grants a third-party client
// anything silently.
import type { Reply, RequestContext } from '../http/context';
import { redirect } from '../http/context';
import { findSession } from '../session/session-store';
import { SESSION_COOKIE } from '../session/session-cookies';
import { authenticateUser } from './authenticate-user';
import { issueCode } from './authorization-code';
import { parseAuthorizeRequest, withParams, type AuthorizeRequest, type ParsedAuthorize } from './authorize-request';
import { autoApproves } from './client-store';
import { signInCsrfToken, signInCsrfValid } from './form-csrf';
import { housekeeping } from './housekeeping';
import { chooseLanguage } from './sign-in-messages';
import { signInReply, type SignInPage } from './sign-in-page';
import { beginSecondStep, secondStep, TWO_FACTOR_FIELD } from '../two-factor/two-factor-sign-in';

function rejected(parsed: Exclude<ParsedAuthorize, { ok: true }>): Reply {
  if ('answer' in parsed) throw parsed.answer;
  return redirect(parsed.redirectTo);
}

function page(ctx: RequestContext, request: AuthorizeRequest, lang: string | null, status: number, extra: Partial<SignInPage>, headers?: Record<string, string>): Reply {
  const { client, scopes } = request;
  return signInReply(
    status,
    {
      lang: chooseLanguage(lang, ctx.req.headers['accept-language']),
      params: request.params,
      csrfToken: signInCsrfToken(ctx),
      redirectUri: request.redirectUri,
      consent: autoApproves(client, scopes) ? undefined : { clientId: client.clientId, scopes },
      ...extra,
    },
    headers,
  );
}

async function codeRedirect(ctx: RequestContext, request: AuthorizeRequest, userId: number, rememberMe: boolean): Promise<Reply> {
  const code = await issueCode(ctx.app.db, {
    clientId: request.client.clientId,
    userId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    codeChallenge: request.codeChallenge,
    rememberMe,
  });
  await housekeeping(ctx.app.db);
  return redirect(withParams(request.redirectUri, { code, state: request.state }));
}

/** The post of the two-factor step (docs/users.md, "Two-factor sign-in"). */
async function twoFactorPost(ctx: RequestContext, request: AuthorizeRequest, form: URLSearchParams, lang: string | null): Promise<Reply> {
  const outcome = await secondStep(ctx.app.db, form, ctx.remoteAddress);
  if (outcome.kind === 'expired') return page(ctx, request, lang, 200, { problem: 'expired' });
  if (outcome.kind === 'throttled') {
    const retryAfter = outcome.retryAfterSeconds;
    return page(ctx, request, lang, 429, { problem: 'throttled', retryAfterSeconds: retryAfter }, { 'Retry-After': String(retryAfter) });
  }
  if (outcome.kind === 'wrong') return page(ctx, request, lang, 200, { problem: 'code', twoFactor: outcome.step });
  // Enrolled during sign-in: the recovery codes are shown once; their page's Continue completes the sign-in.
  if (outcome.kind === 'recovery-codes') return page(ctx, request, lang, 200, { twoFactor: { kind: 'recovery-codes', codes: outcome.codes, token: outcome.token } });
  return codeRedirect(ctx, request, outcome.userId, outcome.rememberMe);
}

export async function authorizeGet(ctx: RequestContext): Promise<Reply> {
  const parsed = await parseAuthorizeRequest(ctx.app, ctx.query);
  if (!parsed.ok) return rejected(parsed);
  const { request } = parsed;
  const cookie = ctx.cookies[SESSION_COOKIE];
  // A HEAD (link previews, prefetchers) never uses up a session to mint a code.
  if (cookie && ctx.method === 'GET' && autoApproves(request.client, request.scopes)) {
    const session = await findSession(ctx.app.db, cookie);
    if (session?.activated) return codeRedirect(ctx, request, session.userId, session.rememberMe);
  }
  return page(ctx, request, ctx.query.get('lang'), 200, {});
}

/** The sign-in form's post; the router has read the form. */
export async function authorizePost(ctx: RequestContext, form: URLSearchParams): Promise<Reply> {
  const parsed = await parseAuthorizeRequest(ctx.app, form);
  if (!parsed.ok) return rejected(parsed);
  const { request } = parsed;
  const lang = form.get('lang');
  const username = form.get('username') ?? '';
  const rememberMe = form.get('remember-me') !== null;
  if (!signInCsrfValid(ctx, form)) return page(ctx, request, lang, 403, { problem: 'expired', username, rememberMe });
  if (form.has(TWO_FACTOR_FIELD)) return twoFactorPost(ctx, request, form, lang);
  const outcome = await authenticateUser(ctx.app.db, username, form.get('password') ?? '', ctx.remoteAddress, ctx.app.config.requireTwoFactor);
  if (outcome.kind === 'throttled') {
    const retryAfter = outcome.retryAfterSeconds;
    return page(ctx, request, lang, 429, { problem: 'throttled', retryAfterSeconds: retryAfter, username, rememberMe }, { 'Retry-After': String(retryAfter) });
  }
  if (outcome.kind === 'bad-credentials') return page(ctx, request, lang, 200, { problem: 'authentication', username, rememberMe });
  if (outcome.kind === 'second-factor') return page(ctx, request, lang, 200, { twoFactor: await beginSecondStep(ctx.app.db, outcome, rememberMe) });
  return codeRedirect(ctx, request, outcome.userId, rememberMe);
}
