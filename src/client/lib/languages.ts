// Interface languages (en, nl) and the 32 languages an account's langKey may name, with their native names for the
// settings form.

export const INTERFACE_LANGUAGES = ['en', 'nl'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: InterfaceLanguage = 'en';

export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ca: 'Català',
  cs: 'Český',
  da: 'Dansk',
  de: 'Deutsch',
  el: 'Ελληνικά',
  en: 'English',
  es: 'Español',
  et: 'Eesti',
  fr: 'Français',
  gl: 'Galego',
  hu: 'Magyar',
  hi: 'हिंदी',
  hy: 'Հայերեն',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  mr: 'मराठी',
  nl: 'Nederlands',
  pl: 'Polski',
  'pt-br': 'Português (Brasil)',
  'pt-pt': 'Português',
  ro: 'Română',
  ru: 'Русский',
  sk: 'Slovenský',
  sr: 'Srpski',
  sv: 'Svenska',
  ta: 'தமிழ்',
  th: 'ไทย',
  tr: 'Türkçe',
  vi: 'Tiếng Việt',
  'zh-cn': '中文（简体）',
  'zh-tw': '繁體中文',
};

/** The 32 codes in the order the settings form lists them. */
export const LANGUAGE_CODES: readonly string[] = Object.keys(LANGUAGE_NAMES);

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
