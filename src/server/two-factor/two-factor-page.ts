// The second step of the built-in sign-in page (docs/users.md, "Two-factor sign-in"), rendered inside
// oauth/sign-in-page.ts: the code form, the enrolment a REQUIRE_2FA user must make first (QR code drawn by the
// portal's own renderer as inline SVG, since the page allows no script), and the recovery codes shown once.
import { qrToSvg } from '../../common/qr';

export type TwoFactorStep =
  | { kind: 'code'; token: string }
  | { kind: 'enrol'; token: string; secret: string; uri: string }
  | { kind: 'recovery-codes'; codes: string[]; token: string };

type Translate = (key: string, values?: Record<string, string | number>) => string;

function codeInput(t: Translate, allowRecovery: boolean): string {
  // Recovery codes have letters and a dash, so the numeric keyboard is only a hint there.
  return `<label class="sign-in__label" for="two-factor-code">${t(allowRecovery ? 'twoFactor.signIn.codeOrRecovery' : 'twoFactor.signIn.code')}</label>
      <input class="sign-in__input" id="two-factor-code" name="two-factor-code" type="text" autocomplete="one-time-code"
        inputmode="numeric" required autofocus maxlength="64" spellcheck="false">`;
}

/** The form (or page body) of a two-factor step; `hidden` holds the authorization request's hidden fields. */
export function renderTwoFactorStep(step: TwoFactorStep, t: Translate, escape: (text: string) => string, hidden: string): string {
  const token = `<input type="hidden" name="two-factor" value="${escape(step.token)}">`;
  if (step.kind === 'recovery-codes') {
    return `<p>${t('twoFactor.recovery.intro')}</p>
    <ul class="sign-in__codes">${step.codes.map((code) => `<li><code>${escape(code)}</code></li>`).join('')}</ul>
    <form class="sign-in__form" method="post" action="authorize">
      ${hidden}
      ${token}
      <button class="sign-in__button" type="submit">${t('twoFactor.signIn.continue')}</button>
    </form>`;
  }
  if (step.kind === 'code') {
    return `<p>${t('twoFactor.signIn.intro')}</p>
    <form class="sign-in__form" method="post" action="authorize">
      ${hidden}
      ${token}
      ${codeInput(t, true)}
      <button class="sign-in__button" type="submit">${t('twoFactor.signIn.verify')}</button>
    </form>`;
  }
  return `<p>${t('twoFactor.signIn.enrolIntro')}</p>
    <div class="sign-in__qr">${qrToSvg(step.uri, { size: 200, margin: 8 })}</div>
    <p>${t('twoFactor.enrol.secret')} <code>${escape(step.secret)}</code></p>
    <p class="sign-in__links"><a href="${escape(step.uri)}">${t('twoFactor.enrol.openApp')}</a></p>
    <form class="sign-in__form" method="post" action="authorize">
      ${hidden}
      ${token}
      ${codeInput(t, false)}
      <button class="sign-in__button" type="submit">${t('twoFactor.enrol.confirm')}</button>
    </form>`;
}
