// The sign-in page of oauth/authorize: plain server-rendered HTML with no script and no inline style (the CSP
// allows neither), posting back to oauth/authorize with the authorization request in hidden fields. Links are
// relative, so the page works under any base path.
import { CONTENT_SECURITY_POLICY } from '../http/respond';
import type { Reply } from '../http/context';
import { message, type SignInLanguage } from './sign-in-messages';
import { renderTwoFactorStep, type TwoFactorStep } from '../two-factor/two-factor-page';

export type SignInProblem = 'authentication' | 'throttled' | 'expired' | 'code';

export interface SignInPage {
  lang: SignInLanguage;
  /** Authorization request parameters, posted back unchanged. */
  params: Record<string, string>;
  csrfToken: string;
  redirectUri: string;
  username?: string;
  rememberMe?: boolean;
  problem?: SignInProblem;
  retryAfterSeconds?: number;
  /** Set when the client does not auto-approve: signing in then also approves these scopes for it. */
  consent?: { clientId: string; scopes: string[] };
  /** The second step of a two-factor sign-in, shown instead of the password form. */
  twoFactor?: TwoFactorStep;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The site's CSP, except that the form may lead to the client's redirect URI (browsers check form redirects). */
function pageCsp(redirectUri: string): string {
  let target = '';
  try {
    const url = new URL(redirectUri);
    target = url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
  } catch {
    target = '';
  }
  return CONTENT_SECURITY_POLICY.replace("form-action 'self'", `form-action 'self'${target ? ` ${target}` : ''}`);
}

function problemText(page: SignInPage): string | undefined {
  const t = (key: string, values?: Record<string, string | number>) => message(page.lang, key, values);
  if (page.problem === 'authentication') return t('login.messages.error.authentication');
  if (page.problem === 'expired') return t('login.messages.error.expired');
  if (page.problem === 'code') return t('twoFactor.signIn.wrongCode');
  if (page.problem === 'throttled') return t('login.messages.error.throttled', { minutes: Math.max(1, Math.ceil((page.retryAfterSeconds ?? 60) / 60)) });
  return undefined;
}

function renderSignInPage(page: SignInPage): string {
  const t = (key: string, values?: Record<string, string | number>) => escape(message(page.lang, key, values));
  const hidden = Object.entries({ ...page.params, lang: page.lang, _csrf: page.csrfToken })
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n      ');
  const problem = problemText(page);
  const consent = page.consent
    ? `<p class="sign-in__consent">${t('login.consent', { client: page.consent.clientId })}</p>
    <ul class="sign-in__scopes">${page.consent.scopes.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="${page.lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${t('login.title')} · ${t('managementPortalApp.title')}</title>
  <link rel="stylesheet" href="login.css">
  <link rel="icon" href="../favicon.svg">
</head>
<body class="sign-in">
  <main class="sign-in__card">
    <p class="sign-in__brand">${t('managementPortalApp.title')}</p>
    <h1 class="sign-in__title">${t('login.title')}</h1>
    ${problem ? `<p class="sign-in__alert" role="alert">${escape(problem)}</p>` : ''}
    ${consent}
    ${page.twoFactor ? renderTwoFactorStep(page.twoFactor, t, escape, hidden) : passwordForm(page, t, hidden)}
  </main>
</body>
</html>
`;
}

function passwordForm(page: SignInPage, t: (key: string, values?: Record<string, string | number>) => string, hidden: string): string {
  return `<form class="sign-in__form" method="post" action="authorize">
      ${hidden}
      <label class="sign-in__label" for="username">${t('login.form.username')}</label>
      <input class="sign-in__input" id="username" name="username" type="text" autocomplete="username" required autofocus
        placeholder="${t('login.form.usernamePlaceholder')}" value="${escape(page.username ?? '')}">
      <label class="sign-in__label" for="password">${t('login.form.password')}</label>
      <input class="sign-in__input" id="password" name="password" type="password" autocomplete="current-password" required
        placeholder="${t('login.form.passwordPlaceholder')}">
      <label class="sign-in__check"><input type="checkbox" name="remember-me" value="true"${page.rememberMe === false ? '' : ' checked'}> ${t('login.form.rememberme')}</label>
      <button class="sign-in__button" type="submit">${t('login.form.button')}</button>
    </form>
    <p class="sign-in__links"><a href="../#/reset/request">${t('login.password.forgot')}</a></p>
    <p class="sign-in__links">${t('login.register.noaccount')} <a href="../#/register">${t('login.register.link')}</a></p>`;
}

export function signInReply(status: number, page: SignInPage, headers: Record<string, string> = {}): Reply {
  return {
    status,
    raw: renderSignInPage(page),
    contentType: 'text/html; charset=utf-8',
    headers: { 'Content-Security-Policy': pageCsp(page.redirectUri), 'Cache-Control': 'no-store', ...headers },
  };
}
