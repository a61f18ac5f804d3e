import { defineElement } from '../shared/define-element';
import { ShowMore } from './show-more';

export const SHOW_MORE_TAG = 'mp-show-more';

/** Registers <mp-show-more>; safe to call (or import) more than once. */
export function defineShowMore(): void {
  defineElement(SHOW_MORE_TAG, ShowMore);
}

defineShowMore();

export { ShowMore };
