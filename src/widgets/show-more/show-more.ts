import { html, nothing } from 'lit';
import { baseStyles } from '../shared/base-styles';
import { emit } from '../shared/emit';
import labelKeys from '../shared/label-keys.json';
import { LocalizedElement } from '../shared/localized-element';
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
 * @element mp-show-more
 *
 * @attr {number} limit - How many items show while collapsed.
 * @attr {boolean} expanded - Present while the whole list shows; set by the toggle too (reflected).
 * @attr {string} show-more-label - Overrides the collapsed toggle's text.
 * @attr {string} show-less-label - Overrides the expanded toggle's text.
 *
 * @prop {string[]} [items=[]] - The texts to list (a property only: arrays do not fit in an attribute).
 * @prop {number} [limit=10] - How many items show while collapsed; a missing or negative one counts as 10.
 * @prop {boolean} [expanded=false] - Whether the whole list shows.
 * @prop {string | undefined} showMoreLabel - The collapsed toggle's text; `{{count}}` is replaced by the number of
 *   hidden items.
 * @prop {string | undefined} showLessLabel - The expanded toggle's text.
 *
 * @fires {CustomEvent<ShowMoreToggleDetail>} mp-show-more-toggle - The user expanded or collapsed the list;
 *   `detail: { expanded: boolean }` is the new state.
 *
 * @csspart list - The list (`ul`).
 * @csspart item - Each item (`li`).
 * @csspart toggle - The show more / show less button.
 */
export class ShowMore extends LocalizedElement {
  static override labelKeys = labelKeys['mp-show-more'];
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
  declare showMoreLabel: string | undefined;
  declare showLessLabel: string | undefined;

  constructor() {
    super();
    this.items = [];
    this.limit = SHOW_MORE_DEFAULT_LIMIT;
    this.expanded = false;
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
            ${this.expanded ? this.label('showLessLabel') : this.label('showMoreLabel').replaceAll('{{count}}', String(hidden))}
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
