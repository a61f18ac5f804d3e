// Interface languages (en, nl) and how the first one is picked. The 32 languages an account's langKey may name are in
// language-names.ts, which only the screens that list them load.

export const INTERFACE_LANGUAGES = ['en', 'nl'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: InterfaceLanguage = 'en';

/** The interface languages by their own names, for the navbar's language menu. */
export const INTERFACE_LANGUAGE_NAMES: Readonly<Record<InterfaceLanguage, string>> = { en: 'English', nl: 'Nederlands' };

/** `nl-BE` -> `nl`; anything unsupported -> undefined. */
export function toInterfaceLanguage(code: string | null | undefined): InterfaceLanguage | undefined {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return (INTERFACE_LANGUAGES as readonly string[]).includes(base) ? (base as InterfaceLanguage) : undefined;
}

/** The first candidate when supported, else the default: only the browser's own language counts. */
export function pickLanguage(candidates: readonly (string | null | undefined)[] = [browserLanguage()]): InterfaceLanguage {
  for (const candidate of candidates) {
    const language = toInterfaceLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function browserLanguage(): string | undefined {
  const nav = globalThis.navigator as Navigator | undefined;
  return nav?.languages?.[0] ?? nav?.language;
}
