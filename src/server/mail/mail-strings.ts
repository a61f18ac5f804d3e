// The mail texts come from the client's translation files (static/i18n/<lang>.json, keys under `email.*`), so one
// place holds every user-visible string. Languages other than en and nl, and keys a language lacks, fall back to
// English; a key missing everywhere shows as itself, which a test notices.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const MAIL_LANGUAGES = ['en', 'nl'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };

// From src/server/mail/ in development and tests; from dist/server/ (static/ is copied to dist/client/) when built.
const CANDIDATE_DIRS = ['../../../static/i18n/', '../client/i18n/'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)));

const cache = new Map<MailLanguage, Tree>();

function load(lang: MailLanguage): Tree {
  let tree = cache.get(lang);
  if (!tree) {
    const dir = CANDIDATE_DIRS.find((d) => existsSync(`${d}${lang}.json`));
    tree = dir ? (JSON.parse(readFileSync(`${dir}${lang}.json`, 'utf8')) as Tree) : {};
    cache.set(lang, tree);
  }
  return tree;
}

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
  const template = lookup(load(lang), key) ?? lookup(load('en'), key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Forgets loaded files (tests that rewrite them). */
export function clearMailStrings(): void {
  cache.clear();
}
