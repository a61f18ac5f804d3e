import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { DataTable, useSortParam, type Column } from '../../../../src/client/components/data-table';
import { harness } from '../harness';

interface Row {
  id: number;
  login: string;
}
const rows: Row[] = [
  { id: 1, login: 'ann' },
  { id: 2, login: 'bob' },
];
const columns: Column<Row>[] = [
  { key: 'id', header: 'ID', sortField: 'id' },
  { key: 'login', header: 'Login', sortField: 'login', render: (row) => <strong>{row.login}</strong> },
  { key: 'actions', header: 'Actions', render: () => 'edit' },
];

const t = suite('DataTable');
t.after.each(() => cleanup());

t('renders headers and cells; the sort comes from the URL and is shown with aria-sort', async () => {
  const h = await harness({ url: '/users?sort=login,desc' });
  const view = h.render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />);
  const headers = view.getAllByRole('columnheader');
  assert.equal(headers.map((th) => th.getAttribute('aria-sort')), ['none', 'descending', null]);
  assert.equal(view.getAllByRole('row').slice(1).map((tr) => tr.textContent), ['1annedit', '2bobedit']);
  assert.is(view.getByText('ann').tagName, 'STRONG');
  assert.equal(h.missing, []);
});

t('clicking a header writes sort=field,asc to the URL, again flips it; Back undoes it', async () => {
  const h = await harness({ url: '/users' });
  function Probe() {
    const [sort] = useSortParam({ field: 'id', ascending: true });
    return <output data-testid="sort">{sort ? `${sort.field}:${sort.ascending}` : '-'}</output>;
  }
  const view = h.render(
    <>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} defaultSort={{ field: 'id', ascending: true }} />
      <Probe />
    </>,
  );
  assert.is(view.getByTestId('sort').textContent, 'id:true');
  assert.is(view.getAllByRole('columnheader')[0].getAttribute('aria-sort'), 'ascending');
  fireEvent.click(view.getByRole('button', { name: /Login/ }));
  assert.is(h.history.location.search, '?sort=login,asc');
  assert.is(view.getByTestId('sort').textContent, 'login:true');
  fireEvent.click(view.getByRole('button', { name: /Login/ }));
  assert.is(view.getByTestId('sort').textContent, 'login:false');
  act(() => h.history.back());
  assert.is(view.getByTestId('sort').textContent, 'login:true');
  assert.is(view.getAllByRole('columnheader')[1].getAttribute('aria-sort'), 'ascending');
});

t('a controlled sort stays out of the URL', async () => {
  const h = await harness({ url: '/users' });
  const seen: string[] = [];
  const view = h.render(
    <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} sort={{ field: 'id', ascending: true }} onSortChange={(s) => seen.push(`${s.field},${s.ascending}`)} />,
  );
  fireEvent.click(view.getByRole('button', { name: /ID/ }));
  assert.equal(seen, ['id,false']);
  assert.is(h.history.location.search, '');
});

t('an empty table says so (or shows loading)', async () => {
  const h = await harness();
  const view = h.render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} />);
  assert.ok(view.getByText('No results found.'));
  view.rerender(h.wrap(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} loading />));
  assert.ok(view.getByText('Loading…'));
});

t('a table wider than its box is a named group that takes focus, so the keyboard can scroll it', async () => {
  // jsdom lays nothing out: the box's widths and a ResizeObserver are stood in for.
  const widths = { scroll: 900, client: 375 };
  const observers: (() => void)[] = [];
  const saved = { scroll: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'), client: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth') };
  const win = globalThis as unknown as { ResizeObserver?: unknown };
  const savedObserver = win.ResizeObserver;
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => widths.scroll });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => widths.client });
  win.ResizeObserver = class {
    constructor(private readonly callback: () => void) { observers.push(callback); }
    observe() {}
    disconnect() {}
  };
  try {
    const h = await harness();
    const view = h.render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} />);
    const region = view.getByRole('group', { name: 'Table, scrolls sideways' });
    assert.is(region.tabIndex, 0);
    widths.scroll = 375;
    act(() => observers.forEach((measure) => measure()));
    assert.is(view.queryByRole('group'), null, 'fitting, it is no tab stop');
    assert.is(view.container.querySelector('.data-table')!.hasAttribute('tabindex'), false);
  } finally {
    for (const [key, descriptor] of [['scrollWidth', saved.scroll], ['clientWidth', saved.client]] as const) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
    win.ResizeObserver = savedObserver;
  }
});

t.run();
