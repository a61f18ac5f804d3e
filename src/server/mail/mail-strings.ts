// The mail texts come from the client's translation files (static/i18n/<lang>.json, keys under `email.*`), so one
// place holds every user-visible string; the build bundles them into the server. Languages other than en and nl,
// and keys a language lacks, fall back to English; a key missing everywhere shows as itself, which a test notices.
import en from '../../../static/i18n/en.json';
import nl from '../../../static/i18n/nl.json';

export const MAIL_LANGUAGES = ['en', 'nl'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
const CATALOGS: Record<MailLanguage, Tree> = { en: en as unknown as Tree, nl: nl as unknown as Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The mail language for a user's langKey (`nl`, `nl-be` → nl; anything else → en). */
export function mailLanguage(langKey: string | null | undefined): MailLanguage {
  const base = (langKey ?? '').toLowerCase().split(/[-_]/)[0];
  return (MAIL_LANGUAGES as readonly string[]).includes(base) ? (base as MailLanguage) : 'en';
}

/** A translated string with `{{name}}` placeholders filled in. */
export function mailText(lang: MailLanguage, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(CATALOGS[lang], key) ?? lookup(CATALOGS.en, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
