// The interface language a visitor picked in the navbar, kept in localStorage so a reload keeps it. It is only the
// starting point: a signed-in account's language still wins once the account is known (app-services.ts).
import { toInterfaceLanguage, type InterfaceLanguage } from './languages';

export const LANGUAGE_CHOICE_KEY = 'mp-language';

export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): LanguageStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled: the choice lasts until the page is left
  }
}

export function readLanguageChoice(storage: LanguageStorage | null = defaultStorage()): InterfaceLanguage | undefined {
  try {
    return toInterfaceLanguage(storage?.getItem(LANGUAGE_CHOICE_KEY));
  } catch {
    return undefined;
  }
}

export function rememberLanguageChoice(code: string, storage: LanguageStorage | null = defaultStorage()): void {
  const language = toInterfaceLanguage(code);
  if (!language) return;
  try {
    storage?.setItem(LANGUAGE_CHOICE_KEY, language);
  } catch {
    // A full or disabled storage only means the choice is not kept.
  }
}
