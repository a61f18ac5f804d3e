import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { ItemCount, Pagination, itemRange, pageWindow, usePageParam } from '../../../../src/client/components/pagination';
import { harness } from '../harness';

const t = suite('Pagination');
t.after.each(() => cleanup());

t('at most five page links, centred on the current page', () => {
  assert.equal(pageWindow(1, 3), [1, 2, 3]);
  assert.equal(pageWindow(1, 10), [1, 2, 3, 4, 5]);
  assert.equal(pageWindow(6, 10), [4, 5, 6, 7, 8]);
  assert.equal(pageWindow(10, 10), [6, 7, 8, 9, 10]);
  assert.equal(itemRange(3, 57), { first: 41, second: 57 });
  assert.equal(itemRange(1, 0), { first: 0, second: 0 });
});

t('boundary and step buttons, the current page marked, clicks report the page', async () => {
  const h = await harness();
  const chosen: number[] = [];
  const view = h.render(<Pagination page={1} total={57} onPageChange={(p) => chosen.push(p)} />);
  const buttons = view.getAllByRole('button');
  assert.equal(buttons.map((b) => b.textContent), ['«', '‹', '1', '2', '3', '›', '»']);
  assert.ok((view.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled);
  assert.ok((view.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled);
  assert.is(view.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'), 'page');
  fireEvent.click(view.getByRole('button', { name: 'Page 3' }));
  fireEvent.click(view.getByRole('button', { name: 'Next page' }));
  fireEvent.click(view.getByRole('button', { name: 'Last page' }));
  fireEvent.click(view.getByRole('button', { name: 'Page 1' }));
  assert.equal(chosen, [3, 2, 3]);
  assert.equal(h.missing, []);
});

t('hidden when everything fits on one page', async () => {
  const h = await harness();
  const view = h.render(<Pagination page={1} total={20} onPageChange={() => undefined} />);
  assert.is(view.container.innerHTML, '');
});

t('the item count line', async () => {
  const h = await harness();
  const view = h.render(<ItemCount page={1} total={57} />);
  assert.is(view.container.textContent, 'Showing 1 - 20 of 57 items');
  view.rerender(h.wrap(<ItemCount page={3} total={57} />));
  assert.is(view.container.textContent, 'Showing 41 - 57 of 57 items');
});

t('usePageParam reads ?page (1-based) and writes it', async () => {
  const h = await harness({ url: '/audits?page=2' });
  function Pager() {
    const [page, setPage] = usePageParam();
    return <Pagination page={page} total={100} onPageChange={setPage} />;
  }
  const view = h.render(<Pager />);
  assert.is(view.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'), 'page');
  fireEvent.click(view.getByRole('button', { name: 'Page 4' }));
  assert.is(h.history.location.search, '?page=4');
  act(() => h.router.navigate('audits?page=nonsense'));
  assert.is(view.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'), 'page');
});

t.run();
