import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { baseStyles } from '../shared/base-styles';
import { emit } from '../shared/emit';
import labelKeys from '../shared/label-keys.json';
import { LocalizedElement } from '../shared/localized-element';
import { dictionaryEditorStyles } from './dictionary-editor.styles';

export interface DictionaryChangeDetail {
  value: Record<string, string>;
}

export type DictionaryChangeEvent = CustomEvent<DictionaryChangeDetail>;

/**
 * Edits a string-to-string map such as project, organization or subject attributes: lists `key => value` entries
 * with remove buttons, and adds one from a key chosen among the allowed keys not yet used plus a typed value.
 * Both are required: the add button stays disabled until both are filled, and a field that was touched and is empty
 * shows the `requiredLabel` message. The value is stored trimmed.
 *
 * The element keeps its own `value` up to date and announces every change, so it works controlled or uncontrolled.
 *
 * @element mp-dictionary-editor
 *
 * @attr {boolean} disabled - Disables every control (reflected).
 * @attr {string} key-label - Overrides the key selector's label.
 * @attr {string} value-label - Overrides the value input's label.
 * @attr {string} placeholder-label - Overrides the empty option of the key selector.
 * @attr {string} add-label - Overrides the add button's text.
 * @attr {string} remove-label - Overrides the remove buttons' text.
 * @attr {string} required-label - Overrides the message under a touched, empty field.
 * @attr {string} empty-label - Overrides the text shown when there are no entries.
 *
 * @prop {Record<string, string>} [value={}] - The current map. Never mutated; a change produces a new object.
 * @prop {string[]} [allowedKeys=[]] - The keys that may be added (keys already in `value` are not offered again).
 * @prop {boolean} [disabled=false] - Disables every control.
 * @prop {string | undefined} keyLabel - The key selector's label.
 * @prop {string | undefined} valueLabel - The value input's label.
 * @prop {string | undefined} placeholderLabel - The empty option of the key selector.
 * @prop {string | undefined} addLabel - The add button's text.
 * @prop {string | undefined} removeLabel - The remove buttons' text (their accessible name adds the key).
 * @prop {string | undefined} requiredLabel - Shown under a touched, empty field.
 * @prop {string | undefined} emptyLabel - Shown when there are no entries.
 *
 * @fires {CustomEvent<DictionaryChangeDetail>} mp-dictionary-change - An entry was added or removed;
 *   `detail: { value: Record<string, string> }` is the new map (a new object, also set as `value`).
 *
 * @csspart list - The list of entries.
 * @csspart entry - One `key => value` entry.
 * @csspart remove-button - Each entry's remove button.
 * @csspart form - The add row.
 * @csspart key-select - The key selector.
 * @csspart value-input - The value input.
 * @csspart add-button - The add button.
 * @csspart error - A "required" message.
 */
export class DictionaryEditor extends LocalizedElement {
  static override labelKeys = labelKeys['mp-dictionary-editor'];
  static override styles = [baseStyles, dictionaryEditorStyles];

  static override properties = {
    value: { attribute: false },
    allowedKeys: { attribute: false },
    disabled: { type: Boolean, reflect: true },
    keyLabel: { attribute: 'key-label' },
    valueLabel: { attribute: 'value-label' },
    placeholderLabel: { attribute: 'placeholder-label' },
    addLabel: { attribute: 'add-label' },
    removeLabel: { attribute: 'remove-label' },
    requiredLabel: { attribute: 'required-label' },
    emptyLabel: { attribute: 'empty-label' },
    draftKey: { state: true },
    draftValue: { state: true },
    keyTouched: { state: true },
    valueTouched: { state: true },
  };

  declare value: Record<string, string>;
  declare allowedKeys: string[];
  declare disabled: boolean;
  declare keyLabel: string | undefined;
  declare valueLabel: string | undefined;
  declare placeholderLabel: string | undefined;
  declare addLabel: string | undefined;
  declare removeLabel: string | undefined;
  declare requiredLabel: string | undefined;
  declare emptyLabel: string | undefined;
  declare protected draftKey: string;
  declare protected draftValue: string;
  declare protected keyTouched: boolean;
  declare protected valueTouched: boolean;

  constructor() {
    super();
    this.value = {};
    this.allowedKeys = [];
    this.disabled = false;
    this.draftKey = '';
    this.draftValue = '';
    this.keyTouched = false;
    this.valueTouched = false;
  }

  // null/undefined while a dialog loads is treated as empty rather than crashing the render.
  private get entries(): Record<string, string> {
    return this.value ?? {};
  }

  private get availableKeys(): string[] {
    const used = this.entries;
    return (this.allowedKeys ?? []).filter((key) => !Object.hasOwn(used, key));
  }

  // A key chosen earlier may have been used since (the value was replaced from outside): it no longer counts.
  private get chosenKey(): string {
    return this.availableKeys.includes(this.draftKey) ? this.draftKey : '';
  }

  private get canAdd(): boolean {
    return !this.disabled && this.chosenKey !== '' && this.draftValue.trim() !== '';
  }

  private onKeyChange(event: Event) {
    this.draftKey = (event.target as HTMLSelectElement).value;
    this.keyTouched = true;
  }

  private onValueInput(event: Event) {
    this.draftValue = (event.target as HTMLInputElement).value;
    this.valueTouched = true;
  }

  private onValueKeydown(event: KeyboardEvent) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    this.addEntry();
  }

  private addEntry() {
    if (!this.canAdd) {
      // Pressing Enter or clicking with a missing field should say which field is missing.
      this.keyTouched = true;
      this.valueTouched = true;
      return;
    }
    const next = { ...this.entries, [this.chosenKey]: this.draftValue.trim() };
    this.draftKey = '';
    this.draftValue = '';
    this.keyTouched = false;
    this.valueTouched = false;
    this.changeValue(next);
  }

  private removeEntry(key: string) {
    if (this.disabled) return;
    const next = { ...this.entries };
    delete next[key];
    this.changeValue(next);
  }

  private changeValue(value: Record<string, string>) {
    this.value = value;
    emit<DictionaryChangeDetail>(this, 'mp-dictionary-change', { value });
  }

  private renderError(id: string, show: boolean) {
    return show
      ? html`<p id=${id} class="message message--error" part="error">${this.label('requiredLabel')}</p>`
      : nothing;
  }

  private renderEntries() {
    const keys = Object.keys(this.entries);
    if (!keys.length) return html`<p class="message message--muted">${this.label('emptyLabel')}</p>`;
    return html`<ul class="dictionary-editor__list" part="list">
      ${keys.map((key) => html`<li class="dictionary-editor__entry" part="entry">
        <span class="dictionary-editor__key">${key}</span>
        <span class="dictionary-editor__arrow" aria-hidden="true">=&gt;</span>
        <span class="dictionary-editor__value">${this.entries[key]}</span>
        <button type="button" class="button button--danger" part="remove-button" aria-label=${`${this.label('removeLabel')}: ${key}`}
          ?disabled=${this.disabled} @click=${() => this.removeEntry(key)}>${this.label('removeLabel')}</button>
      </li>`)}
    </ul>`;
  }

  override render() {
    const keys = this.availableKeys;
    const chosenKey = this.chosenKey;
    const keyMissing = this.keyTouched && chosenKey === '';
    const valueMissing = this.valueTouched && this.draftValue.trim() === '';
    return html`
      ${this.renderEntries()}
      <div class="dictionary-editor__form" part="form">
        <div class="dictionary-editor__field">
          <label class="dictionary-editor__label" for="key">${this.label('keyLabel')}</label>
          <select id="key" class="control ${keyMissing ? 'control--invalid' : ''}" name="key" part="key-select" required
            aria-invalid=${keyMissing ? 'true' : 'false'} aria-describedby=${keyMissing ? 'key-error' : nothing}
            ?disabled=${this.disabled || !keys.length} @change=${this.onKeyChange}
            @blur=${() => { this.keyTouched = true; }}>
            <option value="" .selected=${live(chosenKey === '')}>${this.label('placeholderLabel')}</option>
            ${keys.map((key) => html`<option value=${key} .selected=${live(key === chosenKey)}>${key}</option>`)}
          </select>
          ${this.renderError('key-error', keyMissing)}
        </div>
        <div class="dictionary-editor__field">
          <label class="dictionary-editor__label" for="value">${this.label('valueLabel')}</label>
          <input id="value" class="control ${valueMissing ? 'control--invalid' : ''}" name="value" part="value-input" required
            autocomplete="off" aria-invalid=${valueMissing ? 'true' : 'false'}
            aria-describedby=${valueMissing ? 'value-error' : nothing} .value=${live(this.draftValue)}
            ?disabled=${this.disabled} @input=${this.onValueInput} @keydown=${this.onValueKeydown}
            @blur=${() => { this.valueTouched = true; }} />
          ${this.renderError('value-error', valueMissing)}
        </div>
        <button type="button" class="button button--primary dictionary-editor__add" part="add-button"
          ?disabled=${!this.canAdd} @click=${this.addEntry}>${this.label('addLabel')}</button>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-dictionary-editor': DictionaryEditor;
  }
  interface HTMLElementEventMap {
    'mp-dictionary-change': CustomEvent<DictionaryChangeDetail>;
  }
}
