// The interface language a visitor picked in the navbar, kept in localStorage so a reload keeps it. It is only the
// starting point: a signed-in account's language still wins once the account is known (app-services.ts). A full or
// disabled storage only means the choice is not kept.
import { toInterfaceLanguage, type InterfaceLanguage } from './languages';

export const LANGUAGE_CHOICE_KEY = 'mp-language';

export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** `undefined` means localStorage; null means none. */
const storeOf = (storage: LanguageStorage | null | undefined): LanguageStorage | null =>
  storage === undefined ? (globalThis.localStorage ?? null) : storage;

export function readLanguageChoice(storage?: LanguageStorage | null): InterfaceLanguage | undefined {
  try {
    return toInterfaceLanguage(storeOf(storage)?.getItem(LANGUAGE_CHOICE_KEY));
  } catch {
    return undefined;
  }
}

export function rememberLanguageChoice(code: string, storage?: LanguageStorage | null): void {
  const language = toInterfaceLanguage(code);
  try {
    if (language) storeOf(storage)?.setItem(LANGUAGE_CHOICE_KEY, language);
  } catch {
    // not kept
  }
}
