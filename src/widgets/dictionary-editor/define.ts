import { defineElement } from '../shared/define-element';
import { DictionaryEditor } from './dictionary-editor';

export const DICTIONARY_EDITOR_TAG = 'mp-dictionary-editor';

/** Registers <mp-dictionary-editor>; safe to call (or import) more than once. */
export function defineDictionaryEditor(): void {
  defineElement(DICTIONARY_EDITOR_TAG, DictionaryEditor);
}

defineDictionaryEditor();

export { DictionaryEditor };
