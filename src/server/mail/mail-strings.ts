// The mail texts come from the client's translation files (static/i18n/<lang>.json, keys under `email.*`), so one
// place holds every user-visible string; the build bundles them into the server. Languages other than en and nl,
// and keys a language lacks, fall back to English; a key missing everywhere shows as itself, which a test notices.
import { isServerLanguage, serverText, type ServerLanguage } from '../i18n/messages';

export type MailLanguage = ServerLanguage;

/** The mail language for a user's langKey (`nl`, `nl-be` → nl; anything else → en). */
export function mailLanguage(langKey: string | null | undefined): MailLanguage {
  const base = (langKey ?? '').toLowerCase().split(/[-_]/)[0];
  return isServerLanguage(base) ? base : 'en';
}

/** A translated string with `{{name}}` placeholders filled in. */
export function mailText(lang: MailLanguage, key: string, params: Record<string, string | number> = {}): string {
  return serverText(lang, key, params);
}
