import { LitElement, html, nothing } from 'lit';
import { baseStyles } from '../shared/base-styles';
import { emit } from '../shared/emit';
import { showMoreStyles } from './show-more.styles';

/** Lists longer than this collapse (e.g. the OAuth client scopes). */
export const SHOW_MORE_DEFAULT_LIMIT = 10;

export interface ShowMoreToggleDetail {
  expanded: boolean;
}

export type ShowMoreToggleEvent = CustomEvent<ShowMoreToggleDetail>;

/**
 * Shows a list of strings; when it has more than `limit` items only the first `limit` are shown, followed by a
 * "Show more (N)" toggle (N = the number of hidden items) that becomes "Show less" once expanded.
 *
 * @tag mp-show-more
 *
 * @attr limit - How many items show while collapsed. Default 10.
 * @attr expanded - Whether the whole list shows.
 * @attr show-more-label, show-less-label - Toggle texts.
 *
 * @prop {string[]} items - The texts to list.
 * @prop {number} limit - Default 10 (SHOW_MORE_DEFAULT_LIMIT).
 * @prop {boolean} expanded - Default false.
 * @prop {string} showMoreLabel - `{{count}}` is replaced by the number of hidden items. Default "Show more ({{count}})".
 * @prop {string} showLessLabel - Default "Show less".
 *
 * @event {CustomEvent<ShowMoreToggleDetail>} mp-show-more-toggle - When the user expands or collapses the list.
 *
 * @csspart list - The list.
 * @csspart item - Each item.
 * @csspart toggle - The show more / show less button.
 *
 * @cssproperty --mp-color-primary, --mp-color-text, --mp-color-focus, --mp-space, --mp-font-size-small
 */
export class ShowMore extends LitElement {
  static override styles = [baseStyles, showMoreStyles];

  static override properties = {
    items: { attribute: false },
    limit: { type: Number },
    expanded: { type: Boolean, reflect: true },
    showMoreLabel: { attribute: 'show-more-label' },
    showLessLabel: { attribute: 'show-less-label' },
  };

  declare items: string[];
  declare limit: number;
  declare expanded: boolean;
  declare showMoreLabel: string;
  declare showLessLabel: string;

  constructor() {
    super();
    this.items = [];
    this.limit = SHOW_MORE_DEFAULT_LIMIT;
    this.expanded = false;
    this.showMoreLabel = 'Show more ({{count}})';
    this.showLessLabel = 'Show less';
  }

  // A missing or nonsensical limit (an attribute like limit="abc") falls back to the spec's 10 instead of hiding all.
  private get effectiveLimit(): number {
    const limit = Number(this.limit);
    return Number.isFinite(limit) && limit >= 0 ? Math.floor(limit) : SHOW_MORE_DEFAULT_LIMIT;
  }

  private toggle() {
    this.expanded = !this.expanded;
    emit<ShowMoreToggleDetail>(this, 'mp-show-more-toggle', { expanded: this.expanded });
  }

  override render() {
    const items = this.items ?? [];
    const limit = this.effectiveLimit;
    const collapsible = items.length > limit;
    const shown = collapsible && !this.expanded ? items.slice(0, limit) : items;
    const hidden = items.length - limit;
    return html`
      <ul id="list" class="show-more__list" part="list">
        ${shown.map((item) => html`<li class="show-more__item" part="item">${item}</li>`)}
      </ul>
      ${collapsible
        ? html`<button type="button" class="button button--link show-more__toggle" part="toggle"
            aria-expanded=${this.expanded ? 'true' : 'false'} aria-controls="list" @click=${this.toggle}>
            ${this.expanded ? this.showLessLabel : this.showMoreLabel.replaceAll('{{count}}', String(hidden))}
          </button>`
        : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-show-more': ShowMore;
  }
  interface HTMLElementEventMap {
    'mp-show-more-toggle': CustomEvent<ShowMoreToggleDetail>;
  }
}
