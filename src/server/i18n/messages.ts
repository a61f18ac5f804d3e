// The server's few user-visible texts (sign-in page, mails) come from the client's translation files
// (static/i18n/<lang>.json), so one place holds every string; the build bundles them into the server. Keys a
// language lacks fall back to English; a key missing everywhere shows as itself, which the tests notice.
import en from '../../../static/i18n/en.json';
import nl from '../../../static/i18n/nl.json';

export const SERVER_LANGUAGES = ['en', 'nl'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
const CATALOGS: Record<ServerLanguage, Tree> = { en: en as unknown as Tree, nl: nl as unknown as Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export const isServerLanguage = (value: string): value is ServerLanguage =>
  (SERVER_LANGUAGES as readonly string[]).includes(value);

/** The translation of `key` with `{{name}}` placeholders filled in. */
export function serverText(lang: ServerLanguage, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(CATALOGS[lang], key) ?? lookup(CATALOGS.en, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
