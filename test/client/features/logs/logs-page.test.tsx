import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { LogsPage } from '../../../../src/client/features/logs';
import { matchesFilter, shortName } from '../../../../src/client/features/logs/logger-filter';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const t = suite('logs page');
t.after.each(() => cleanup());

const LOGGERS = [
  { name: 'root', level: 'INFO' },
  { name: 'http', level: 'WARN' },
  { name: 'errors', level: 'ERROR' },
  ...Array.from({ length: 25 }, (_, i) => ({ name: `org.radarbase.module${String(i).padStart(2, '0')}`, level: 'DEBUG' })),
  { name: 'x'.repeat(200), level: 'TRACE' },
];

t('filter: split on spaces, every term contained, case-insensitive; names cut to 140', () => {
  assert.ok(matchesFilter('org.radarbase.Module01', 'RADAR mod'));
  assert.not.ok(matchesFilter('org.radarbase.module01', 'radar http'));
  assert.ok(matchesFilter('anything', '  '));
  assert.is(shortName('x'.repeat(200)).length, 141);
});

t('20 rows then load more; filter after 200 ms; sort by level; a level button PUTs then reloads', async () => {
  const h = await harness({
    url: '/logs',
    account: SYS_ADMIN,
    answers: {
      'GET management/logs': [json(LOGGERS), json(LOGGERS.map((l) => (l.name === 'http' ? { ...l, level: 'DEBUG' } : l)))],
      'PUT management/logs': { status: 204 },
    },
  });
  const view = h.render(<LogsPage params={{}} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByText('errors')));
  assert.is(view.getAllByRole('group').length, 20);
  fireEvent.click(view.getByRole('button', { name: /Load more/ }));
  assert.is(view.getAllByRole('group').length, 29);
  assert.ok(view.getByTitle('x'.repeat(200)));

  fireEvent.change(view.getByLabelText('Filter'), { target: { value: 'RADAR 1' } });
  assert.is(view.getAllByRole('group').length, 29); // not yet: debounced
  await act(() => tick(250));
  assert.equal(view.getAllByRole('group').map((g) => g.getAttribute('aria-label')), ['org.radarbase.module01', 'org.radarbase.module10', 'org.radarbase.module11', 'org.radarbase.module12', 'org.radarbase.module13', 'org.radarbase.module14', 'org.radarbase.module15', 'org.radarbase.module16', 'org.radarbase.module17', 'org.radarbase.module18', 'org.radarbase.module19', 'org.radarbase.module21']);

  fireEvent.change(view.getByLabelText('Filter'), { target: { value: '' } });
  await act(() => tick(250));
  fireEvent.click(view.getByRole('button', { name: /Level/ }));
  assert.is(view.getAllByRole('group')[0].getAttribute('aria-label'), 'x'.repeat(200));
  fireEvent.click(view.getByRole('button', { name: /Level/ }));
  assert.is(view.getAllByRole('group')[0].getAttribute('aria-label'), 'errors');

  const http = view.getByRole('group', { name: 'http' });
  assert.is(within(http).getByRole('button', { name: 'WARN' }).getAttribute('aria-pressed'), 'true');
  fireEvent.click(within(http).getByRole('button', { name: 'DEBUG' }));
  await act(() => tick(10));
  const put = h.calls.find((c) => c.method === 'PUT')!;
  assert.equal(JSON.parse(put.body!), { name: 'http', level: 'DEBUG' });
  assert.is(h.calls.filter((c) => c.url === 'management/logs' && c.method === 'GET').length, 2);
  await waitFor(() => assert.is(within(view.getByRole('group', { name: 'http' })).getByRole('button', { name: 'DEBUG' }).getAttribute('aria-pressed'), 'true'));
  assert.equal(h.missing, []);
});

t.run();
