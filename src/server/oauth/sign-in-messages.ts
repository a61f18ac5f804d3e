// The sign-in page's words, from the client's own translation files (static/i18n/<lang>.json, keys `login.*`), so
// the page and the app say the same things. en is the fallback; the language comes from a `lang` parameter, else
// the browser's Accept-Language, else en.
import en from '../../../static/i18n/en.json';
import nl from '../../../static/i18n/nl.json';

export const SIGN_IN_LANGUAGES = ['en', 'nl'] as const;
export type SignInLanguage = (typeof SIGN_IN_LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
const CATALOGS: Record<SignInLanguage, Tree> = { en: en as unknown as Tree, nl: nl as unknown as Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The message for `key` with `{{name}}` placeholders filled in; the key itself when no catalog has it. */
export function message(lang: SignInLanguage, key: string, values: Record<string, string | number> = {}): string {
  const template = lookup(CATALOGS[lang], key) ?? lookup(CATALOGS.en, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const isLanguage = (value: string): value is SignInLanguage => (SIGN_IN_LANGUAGES as readonly string[]).includes(value);

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
