// The 32 languages an account's langKey may name, with their native names, for the settings form and the user dialog.
// Not in the first load: only those screens import it.

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

