import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fireEvent } from '@testing-library/react';
import { LoadMore } from '../../../src/client/components/load-more';
import { harness } from './harness';

const t = suite('LoadMore');
t.after.each(() => cleanup());

t('a button with the counts while more exist; a note once all are loaded', async () => {
  const h = await harness();
  let clicks = 0;
  const view = h.render(<LoadMore shown={20} total={28} onLoadMore={() => clicks++} />);
  const button = view.getByRole('button', { name: 'Load more (20/28 shown)' });
  fireEvent.click(button);
  assert.is(clicks, 1);
  view.rerender(h.wrap(<LoadMore shown={20} total={28} loading onLoadMore={() => clicks++} />));
  assert.ok((view.getByRole('button') as HTMLButtonElement).disabled);
  view.rerender(h.wrap(<LoadMore shown={28} total={28} onLoadMore={() => clicks++} />));
  assert.is(view.queryByRole('button'), null);
  assert.ok(view.getByText('All 28 results loaded'));
  assert.equal(h.missing, []);
});

t('while a load is on its way with nothing more known, no "All 0 results loaded"', async () => {
  const h = await harness();
  const view = h.render(<LoadMore shown={0} total={0} loading onLoadMore={() => undefined} />);
  assert.is(view.container.textContent, '');
  view.rerender(h.wrap(<LoadMore shown={0} total={0} onLoadMore={() => undefined} />));
  assert.ok(view.getByText('All 0 results loaded'), 'once answered, an empty list is empty');
});

t.run();
