// React binding for i18n.ts: components re-render when the language (and its dictionary) changes.
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, I18nSnapshot, InterfaceLanguage, TranslateParams } from './i18n';

const I18nContext = createContext<I18n | null>(null);
I18nContext.displayName = 'I18n';

/** Provides the translator and keeps `<html lang>` in step with the interface language. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }): ReactNode {
  const { language } = useSyncExternalStore(i18n.subscribe, i18n.getSnapshot, i18n.getSnapshot);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

function useI18nContext(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('i18n hooks were used outside <I18nProvider>; wrap the tree in it.');
  return i18n;
}

function useSnapshot(i18n: I18n): I18nSnapshot {
  return useSyncExternalStore(i18n.subscribe, i18n.getSnapshot, i18n.getSnapshot);
}

/** The translator; the calling component re-renders when the language changes. */
export function useI18n(): I18n {
  const i18n = useI18nContext();
  useSnapshot(i18n);
  return i18n;
}

export type Translate = (key: string, params?: TranslateParams) => string;

/** `t(key, params)`; a new function after each language change, so it can be an effect or memo dependency. */
export function useT(): Translate {
  const i18n = useI18nContext();
  const snapshot = useSnapshot(i18n);
  return useMemo<Translate>(() => (key, params) => i18n.t(key, params), [i18n, snapshot]);
}

export function useLanguage(): [InterfaceLanguage, (code: string) => Promise<void>] {
  const i18n = useI18nContext();
  return [useSnapshot(i18n).language, i18n.setLanguage];
}

/** `<T k="global.menu.home" />` renders the translated text. */
export function T({ k, params }: { k: string; params?: TranslateParams }): ReactNode {
  return useT()(k, params);
}
