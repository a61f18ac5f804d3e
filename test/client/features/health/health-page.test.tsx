import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { HealthPage } from '../../../../src/client/features/health';
import { formatDiskSpace } from '../../../../src/client/features/health/health-format';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const t = suite('health page');
t.after.each(() => cleanup());

const DOWN = {
  status: 'DOWN',
  components: {
    db: { status: 'DOWN', details: { database: 'PostgreSQL', error: 'connection refused' } },
    diskSpace: { status: 'UP', details: { total: 2147483648, free: 524288000, threshold: 10485760 } },
  },
};

t('disk space: GB above 1073741824 bytes, else MB, 2 decimals', () => {
  assert.is(formatDiskSpace(2147483648), '2.00 GB');
  assert.is(formatDiskSpace(1073741824), '1024.00 MB');
  assert.is(formatDiskSpace(524288000), '500.00 MB');
});

t('a 503 body is shown as data: badges, details modal with sizes and the error, refresh asks again', async () => {
  const h = await harness({ url: '/jhi-health', account: SYS_ADMIN, answers: { 'GET management/health': json(DOWN, 503) } });
  const view = h.render(<HealthPage params={{}} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByText('Database')));
  const dbRow = view.getByText('Database').closest('tr')!;
  const dbBadge = within(dbRow).getByText('DOWN');
  assert.ok(dbBadge.classList.contains('badge--danger'));
  const diskBadge = within(view.getByText('Disk space').closest('tr')!).getByText('UP');
  assert.ok(diskBadge.classList.contains('badge--success'));
  assert.is(h.alerts.getAlerts().length, 0);

  fireEvent.click(view.getByRole('button', { name: 'Show details of Disk space' }));
  const dialog = await view.findByRole('dialog');
  assert.ok(within(dialog).getByText('2.00 GB'));
  assert.ok(within(dialog).getByText('500.00 MB'));
  fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
  await act(() => tick(5));

  fireEvent.click(view.getByRole('button', { name: 'Show details of Database' }));
  const dbDialog = await view.findByRole('dialog');
  assert.ok(within(dbDialog).getAllByText('connection refused').length >= 1);
  fireEvent.click(within(dbDialog).getAllByRole('button', { name: 'Close' })[0]);

  const before = h.calls.filter((c) => c.url === 'management/health').length;
  fireEvent.click(view.getByRole('button', { name: 'Refresh' }));
  await act(() => tick(5));
  assert.is(h.calls.filter((c) => c.url === 'management/health').length, before + 1);
  assert.equal(h.missing, []);
});

t('another failure is an error alert, not data', async () => {
  const h = await harness({ url: '/jhi-health', account: SYS_ADMIN, answers: { 'GET management/health': json({ message: 'boom' }, 500) } });
  const view = h.render(<HealthPage params={{}} close={() => {}} />);
  await waitFor(() => assert.is(h.alerts.getAlerts().length, 1));
  assert.is(h.alerts.getAlerts()[0].type, 'error');
  assert.is(view.queryByText('Database'), null);
});

t.run();
