// Translations fetched at run time from `i18n/<lang>.json`, `{{param}}` interpolation, plural forms chosen by a
// `count` param, and missing keys reported (tests turn that report into a failure). No React; see i18n-react.tsx.
import { DEFAULT_LANGUAGE, pickLanguage, toInterfaceLanguage, type InterfaceLanguage } from './languages';

export * from './languages';

export interface Dictionary {
  [key: string]: string | Dictionary;
}

/** A param that is itself translated; `fallback` is used (without a report) when its key is unknown. */
export interface TranslatableParam {
  key: string;
  fallback?: string;
}
export type TranslateParam = string | number | TranslatableParam;
export type TranslateParams = Readonly<Record<string, TranslateParam>>;

export interface I18nSnapshot {
  language: InterfaceLanguage;
  /** Null until the language's dictionary has loaded. */
  messages: ReadonlyMap<string, string> | null;
}

export interface I18nOptions {
  /** Prefix for `i18n/<lang>.json`; '' resolves against the page. */
  basePath?: string;
  fetch?: typeof fetch;
  /** Initial language (an account's langKey or a browser tag); defaults to the browser's language when supported. */
  language?: string;
  onMissing?: (key: string, language: InterfaceLanguage) => void;
}

export interface I18n {
  readonly language: InterfaceLanguage;
  /** Translates; a missing key comes back as the key itself and is reported. */
  t(key: string, params?: TranslateParams): string;
  has(key: string): boolean;
  /** Loads the current language's dictionary (once). */
  load(): Promise<void>;
  /** Loads then switches; unsupported codes mean the default language. Concurrent calls: the last one wins. */
  setLanguage(code: string): Promise<void>;
  getSnapshot(): I18nSnapshot;
  subscribe(listener: (snapshot: I18nSnapshot) => void): () => void;
}

/** `{ a: { b: 'x' } }` -> `a.b => x`; keys written flat with dots work too. */
export function flattenDictionary(dictionary: Dictionary, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else if (typeof value === 'object' && value !== null) flattenDictionary(value, `${prefix}${key}.`, into);
  }
  return into;
}

const warnedKeys = new Set<string>();
function warnOnce(key: string, language: string): void {
  if (warnedKeys.has(`${language}:${key}`)) return;
  warnedKeys.add(`${language}:${key}`);
  console.warn(`Missing translation for "${key}" (${language})`);
}

export function createI18n(options: I18nOptions = {}): I18n {
  const { basePath = '', onMissing = warnOnce } = options;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const loaded = new Map<InterfaceLanguage, Promise<Map<string, string>>>();
  const listeners = new Set<(snapshot: I18nSnapshot) => void>();
  let snapshot: I18nSnapshot = {
    language: options.language ? toInterfaceLanguage(options.language) ?? DEFAULT_LANGUAGE : pickLanguage(),
    messages: null,
  };
  let requested = snapshot.language;

  function fetchDictionary(language: InterfaceLanguage): Promise<Map<string, string>> {
    let pending = loaded.get(language);
    if (!pending) {
      pending = doFetch(`${basePath}i18n/${language}.json`, { credentials: 'same-origin' }).then(async (response) => {
        if (!response.ok) throw new Error(`i18n/${language}.json answered ${response.status}`);
        return flattenDictionary((await response.json()) as Dictionary);
      });
      pending.catch(() => loaded.delete(language)); // a failed load may be retried
      loaded.set(language, pending);
    }
    return pending;
  }

  async function setLanguage(code: string): Promise<void> {
    const language = toInterfaceLanguage(code) ?? DEFAULT_LANGUAGE;
    requested = language;
    const messages = await fetchDictionary(language);
    if (requested !== language || snapshot.messages === messages) return;
    snapshot = { language, messages };
    for (const listener of [...listeners]) listener(snapshot);
  }

  function lookup(key: string, params: TranslateParams | undefined): string | undefined {
    const messages = snapshot.messages;
    if (!messages) return undefined;
    if (typeof params?.count === 'number') {
      const category = new Intl.PluralRules(snapshot.language).select(params.count);
      const plural = messages.get(`${key}.${category}`) ?? messages.get(`${key}.other`);
      if (plural !== undefined) return plural;
    }
    return messages.get(key);
  }

  function paramText(param: TranslateParam): string {
    if (typeof param !== 'object') return String(param);
    if (param.fallback !== undefined && !has(param.key)) return param.fallback;
    return t(param.key);
  }

  function has(key: string): boolean {
    return lookup(key, undefined) !== undefined || snapshot.messages?.has(`${key}.other`) === true;
  }

  function t(key: string, params?: TranslateParams): string {
    const template = lookup(key, params);
    if (template === undefined) {
      // Before the dictionary arrives every key is "missing"; only report once there is something to miss.
      if (snapshot.messages) onMissing(key, snapshot.language);
      return key;
    }
    if (!params) return template;
    return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) =>
      Object.prototype.hasOwnProperty.call(params, name) ? paramText(params[name]) : placeholder,
    );
  }

  return {
    get language() {
      return snapshot.language;
    },
    t,
    has,
    load: () => (snapshot.messages ? Promise.resolve() : setLanguage(requested)),
    setLanguage,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
