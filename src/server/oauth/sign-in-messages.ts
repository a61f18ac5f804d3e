// The sign-in page's words, from the client's own translation files (static/i18n/<lang>.json, keys `login.*`), so
// the page and the app say the same things. en is the fallback; the language comes from a `lang` parameter, else
// the browser's Accept-Language, else en.
import { isServerLanguage, serverText, SERVER_LANGUAGES, type ServerLanguage } from '../i18n/messages';

export const SIGN_IN_LANGUAGES = SERVER_LANGUAGES;
export type SignInLanguage = ServerLanguage;

/** The message for `key` with `{{name}}` placeholders filled in; the key itself when no catalog has it. */
export const message = serverText;

const isLanguage = isServerLanguage;

/** `lang` when supported, else the best supported language of an Accept-Language header, else en. */
export function chooseLanguage(lang: string | null | undefined, acceptLanguage: string | undefined): SignInLanguage {
  if (lang && isLanguage(lang)) return lang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => /^\s*q=([\d.]+)\s*$/.exec(a)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? 'en';
}
