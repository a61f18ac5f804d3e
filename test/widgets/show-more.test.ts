import '../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import '../../src/widgets/show-more/define';
import { SHOW_MORE_DEFAULT_LIMIT, type ShowMore, type ShowMoreToggleDetail } from '../../src/widgets/show-more/show-more';
import { $, $$, cleanup, click, maybe$, mount, record, text } from './helpers';

const scopes = (n: number) => Array.from({ length: n }, (_, i) => `SCOPE_${i + 1}.READ`);
const shown = (el: ShowMore) => $$(el, '[part=item]').map(text);
const toggle = (el: ShowMore) => maybe$<HTMLButtonElement>(el, '[part=toggle]');

const ShowMoreSuite = suite('mp-show-more');
ShowMoreSuite.after.each(cleanup);

ShowMoreSuite('collapses above 10 items by default', async () => {
  assert.is(SHOW_MORE_DEFAULT_LIMIT, 10);
  const el = await mount<ShowMore>('mp-show-more', { items: scopes(11) });
  assert.instance(el, customElements.get('mp-show-more')!);
  assert.is(el.limit, 10);
  assert.equal(shown(el), scopes(10));
});

ShowMoreSuite('shows every item and no toggle when there are at most `limit`', async () => {
  const el = await mount<ShowMore>('mp-show-more', { items: scopes(10) });
  assert.equal(shown(el), scopes(10));
  assert.is(toggle(el), null);
  el.items = [];
  await el.updateComplete;
  assert.equal(shown(el), []);
  assert.is(toggle(el), null);
});

ShowMoreSuite('toggles between the first `limit` items and all of them', async () => {
  const el = await mount<ShowMore>('mp-show-more', { items: scopes(13) });
  const seen = record<ShowMoreToggleDetail>('mp-show-more-toggle');
  assert.is(text(toggle(el)), 'Show more (3)', 'N is the number of hidden items');
  assert.is(toggle(el)!.getAttribute('aria-expanded'), 'false');
  assert.is(toggle(el)!.getAttribute('aria-controls'), $(el, '[part=list]').id);

  await click(el, toggle(el)!);
  assert.equal(shown(el), scopes(13));
  assert.is(text(toggle(el)), 'Show less');
  assert.is(toggle(el)!.getAttribute('aria-expanded'), 'true');
  assert.ok(el.hasAttribute('expanded'));

  await click(el, toggle(el)!);
  seen.stop();
  assert.equal(shown(el), scopes(10));
  assert.is(text(toggle(el)), 'Show more (3)');
  assert.equal(seen.events.map((e) => e.detail.expanded), [true, false]);
  assert.ok(seen.events.every((e) => e.bubbles && e.composed));
});

ShowMoreSuite('takes the limit as a property or an attribute, and ignores a nonsensical one', async () => {
  const el = await mount<ShowMore>('mp-show-more', { items: scopes(5), limit: 3 });
  assert.equal(shown(el), scopes(3));
  assert.is(text(toggle(el)), 'Show more (2)');
  el.setAttribute('limit', '4');
  await el.updateComplete;
  assert.is(el.limit, 4);
  assert.equal(shown(el), scopes(4));
  el.setAttribute('limit', 'abc');
  await el.updateComplete;
  assert.equal(shown(el), scopes(5));
  assert.is(toggle(el), null);
});

ShowMoreSuite('uses the labels given as properties, with {{count}} in the show-more label', async () => {
  const el = await mount<ShowMore>('mp-show-more', {
    items: scopes(12), showMoreLabel: 'Toon meer ({{count}})', showLessLabel: 'Toon minder',
  });
  assert.is(text(toggle(el)), 'Toon meer (2)');
  await click(el, toggle(el)!);
  assert.is(text(toggle(el)), 'Toon minder');
});

ShowMoreSuite('can start expanded', async () => {
  const el = await mount<ShowMore>('mp-show-more', { items: scopes(12), expanded: true });
  assert.equal(shown(el), scopes(12));
  assert.is(text(toggle(el)), 'Show less');
});

ShowMoreSuite.run();
