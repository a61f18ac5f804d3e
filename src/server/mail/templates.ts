// The three account mails  in the user's language: activation (a new user, sent by POST api/users),
// creation (the "send activation e-mail" button, reset-activation/init) and password reset. Each is plain text plus
// a simple HTML part; every value put into the HTML is escaped.
import { KEY_VALIDITY_HOURS } from '../account/account-keys';
import type { Config } from '../config';
import { mailLanguage, mailText, type MailLanguage } from './mail-strings';
import type { MailMessage } from './mail-service';

export interface MailRecipient {
  login: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  langKey?: string | null;
}

export type AccountMailKind = 'activation' | 'creation' | 'reset';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `{publicUrl}/#/activate?key=…`: confirms an account with an activation key. */
export const activationLink = (config: Pick<Config, 'publicUrl'>, key: string) =>
  `${config.publicUrl}/#/activate?key=${encodeURIComponent(key)}`;

/** `{publicUrl}/#/reset/finish?key=…`: sets a password (and activates the account) with a reset key. */
export const resetLink = (config: Pick<Config, 'publicUrl'>, key: string) =>
  `${config.publicUrl}/#/reset/finish?key=${encodeURIComponent(key)}`;

function displayName(user: MailRecipient): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return name || user.login;
}

/** The lines of a mail body, in order; the link sits alone on its own line. */
function lines(kind: AccountMailKind, lang: MailLanguage, user: MailRecipient, link: string): string[] {
  const t = (key: string, params?: Record<string, string | number>) => mailText(lang, key, params);
  return [
    t(`email.${kind}.greeting`, { name: displayName(user) }),
    t(`email.${kind}.text1`, { login: user.login }),
    link,
    t('email.validity', { hours: KEY_VALIDITY_HOURS }),
    t(`email.${kind}.text2`),
    t('email.regards'),
    t('email.signature'),
  ];
}

/** A complete account mail; `link` is activationLink or resetLink. */
export function accountMail(kind: AccountMailKind, user: MailRecipient, link: string): MailMessage {
  const lang = mailLanguage(user.langKey);
  const [greeting, text1, , validity, text2, regards, signature] = lines(kind, lang, user, link);
  const subject = mailText(lang, `email.${kind}.title`);
  const text = [greeting, '', text1, link, '', validity, text2, '', regards, signature, ''].join('\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    p(greeting),
    p(text1),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    p(validity),
    p(text2),
    `<p>${escapeHtml(regards)}<br>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: user.email, subject, text, html };
}
