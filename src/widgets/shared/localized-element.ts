import { LitElement, type PropertyValues } from 'lit';
import { DEFAULT_WIDGET_LANGUAGE, languageOf, translate } from './i18n';
import valueKeys from './value-keys.json';

/** An enumeration the widgets show (value-keys.json): `authority`. */
export type ValueKind = keyof typeof valueKeys;

/**
 * A widget with translated labels. Each label is a string property (`addLabel`, attribute `add-label`) that the page
 * may set; while it is unset the widget shows its built-in text (label-keys.json) for the nearest `lang`.
 */
export class LocalizedElement extends LitElement {
  /** Label property → i18n key; each widget sets its own from label-keys.json. */
  static labelKeys: Readonly<Record<string, string>> = {};

  // One observer for every connected widget: a page that switches language (sets `lang` anywhere) re-renders the
  // widgets whose language changed, and no others.
  private static readonly connected = new Set<LocalizedElement>();
  private static observer: MutationObserver | undefined;

  private static follow(element: LocalizedElement): void {
    LocalizedElement.connected.add(element);
    if (LocalizedElement.observer || typeof MutationObserver === 'undefined') return;
    LocalizedElement.observer = new MutationObserver(() => {
      for (const el of LocalizedElement.connected) if (languageOf(el) !== el.renderedLanguage) el.requestUpdate();
    });
    LocalizedElement.observer.observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }

  private static unfollow(element: LocalizedElement): void {
    LocalizedElement.connected.delete(element);
    if (LocalizedElement.connected.size) return;
    LocalizedElement.observer?.disconnect();
    LocalizedElement.observer = undefined;
  }

  private renderedLanguage = DEFAULT_WIDGET_LANGUAGE;

  override connectedCallback(): void {
    super.connectedCallback();
    LocalizedElement.follow(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    LocalizedElement.unfollow(this);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.renderedLanguage = languageOf(this);
  }

  /** The page's text for `property` when it set one (also ''), else the built-in one. */
  protected label(property: keyof this & string): string {
    const own: unknown = this[property];
    if (typeof own === 'string') return own;
    const key = (this.constructor as typeof LocalizedElement).labelKeys[property];
    return key === undefined ? property : translate(this.renderedLanguage, key);
  }

  /** An enumerated value as people read it ("Project admin" for ROLE_PROJECT_ADMIN); an unknown one as it is. */
  protected valueText(kind: ValueKind, value: string): string {
    const keys: Record<string, string> = valueKeys[kind];
    return Object.hasOwn(keys, value) ? translate(this.renderedLanguage, keys[value]) : value;
  }
}
