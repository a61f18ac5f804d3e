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

t.run();
