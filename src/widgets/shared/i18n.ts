// The widgets' built-in labels are the app's own texts (static/i18n/<lang>.json, the keys in label-keys.json), in
// the language of the nearest `lang` attribute: English by default, Dutch built in. build.mjs bundles only those keys
// of each dictionary, so a page of the platform gets translated widgets without loading the app's dictionaries.
import en from '../../../static/i18n/en.json';
import nl from '../../../static/i18n/nl.json';

interface Dictionary {
  [key: string]: string | Dictionary;
}

const DICTIONARIES: Record<string, Dictionary> = { en: en as Dictionary, nl: nl as Dictionary };

/** The languages the widgets speak without help; any other `lang` gets English. */
export const WIDGET_LANGUAGES: readonly string[] = Object.keys(DICTIONARIES);
export const DEFAULT_WIDGET_LANGUAGE = 'en';

function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key` in `language`, else in English, else the key itself (a visible sign of a missing text). */
export function translate(language: string, key: string): string {
  return lookup(DICTIONARIES[language], key) ?? lookup(DICTIONARIES[DEFAULT_WIDGET_LANGUAGE], key) ?? key;
}

/** A supported language for a `lang` value: `nl-BE` speaks `nl`, an unknown or empty one English. */
export function widgetLanguage(lang: string | null | undefined): string {
  const primary = (lang ?? '').trim().toLowerCase().split('-')[0];
  return Object.hasOwn(DICTIONARIES, primary) ? primary : DEFAULT_WIDGET_LANGUAGE;
}

/**
 * The language of the nearest `lang` attribute, `closest('[lang]')` from the element itself; inside another
 * element's shadow root the search goes on from that host, as the `lang` of a document is inherited there too.
 */
export function languageOf(element: Element): string {
  let node: Element | null = element;
  while (node) {
    const tagged: Element | null = node.closest('[lang]');
    if (tagged) return widgetLanguage(tagged.getAttribute('lang'));
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return DEFAULT_WIDGET_LANGUAGE;
}
