import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { AuditsPage } from '../../../../src/client/features/audits';
import { defaultAuditRange } from '../../../../src/client/features/audits/audit-range';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const t = suite('audits page');
t.after.each(() => cleanup());

t('default range: one month back to tomorrow as yyyy-MM-dd', () => {
  assert.equal(defaultAuditRange(new Date(2024, 2, 31, 15)), { fromDate: '2024-03-02', toDate: '2024-04-01' });
  assert.equal(defaultAuditRange(new Date(2024, 0, 15)), { fromDate: '2023-12-15', toDate: '2024-01-16' });
});

t('asks 20 a page with the range and sort; shows date, principal, type and data; pages and re-sorts', async () => {
  const h = await harness({
    url: '/audits',
    account: SYS_ADMIN,
    answers: {
      'GET management/audits': json(
        [
          { timestamp: '2024-05-06T07:08:09.000Z', principal: 'admin', type: 'AUTHENTICATION_SUCCESS', data: { remoteAddress: '10.0.0.1' } },
          { timestamp: '2024-05-06T07:09:09.000Z', principal: 'jo', type: 'AUTHENTICATION_FAILURE', data: { message: 'Bad credentials' } },
        ],
        200,
        { 'X-Total-Count': '45' },
      ),
    },
  });
  const view = h.render(<AuditsPage params={{}} close={() => {}} />);
  // The type reads as words, with the code the server filters and exports by as the cell's title.
  await waitFor(() => assert.is(view.getByText('Sign-in succeeded', { selector: 'td span' }).getAttribute('title'), 'AUTHENTICATION_SUCCESS'));
  assert.is(view.getByText('Sign-in failed', { selector: 'td span' }).getAttribute('title'), 'AUTHENTICATION_FAILURE');
  const { fromDate, toDate } = defaultAuditRange();
  const first = h.calls.find((c) => c.url.startsWith('management/audits'))!;
  assert.is(first.url, `management/audits?page=0&size=20&sort=auditEventDate,desc&sort=id&fromDate=${fromDate}&toDate=${toDate}`);
  assert.ok(view.getByText('jo'));
  assert.ok(view.getByText('Bad credentials'));
  assert.ok(view.getByText('remoteAddress:'));
  assert.ok(view.getByText('Showing 1 - 20 of 45 items'));

  fireEvent.click(view.getByRole('button', { name: 'Page 2' }));
  await act(() => tick(5));
  assert.ok(h.calls.some((c) => c.url.startsWith('management/audits?page=1&size=20')));
  fireEvent.click(view.getByRole('button', { name: /User/ }));
  await act(() => tick(5));
  assert.ok(h.calls.some((c) => c.url.includes('sort=principal,asc&sort=id')));

  fireEvent.change(view.getByLabelText('from'), { target: { value: '2024-01-01' } });
  await act(() => tick(5));
  assert.ok(h.calls.some((c) => c.url.includes('fromDate=2024-01-01') && c.url.includes('page=0')));
  assert.equal(h.missing, []);
});

t('filters by type and principal, and the export links download exactly the filtered range (en and nl)', async () => {
  const h = await harness({ url: '/audits', account: SYS_ADMIN, answers: { 'GET management/audits': json([], 200, { 'X-Total-Count': '0' }) } });
  const view = h.render(<AuditsPage params={{}} close={() => {}} />);
  await act(() => tick(5));
  const { fromDate, toDate } = defaultAuditRange();
  const csv = () => view.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  assert.is(csv(), `management/audits/export?format=csv&fromDate=${fromDate}&toDate=${toDate}`);
  fireEvent.change(view.getByLabelText('Type'), { target: { value: 'ROLE_GRANTED' } });
  fireEvent.change(view.getByRole('textbox', { name: 'User' }), { target: { value: 'root' } });
  await act(() => tick(350));
  assert.ok(h.calls.some((c) => c.url.includes('type=ROLE_GRANTED') && c.url.includes('principal=root') && c.url.includes('page=0')));
  assert.is(csv(), `management/audits/export?format=csv&fromDate=${fromDate}&toDate=${toDate}&type=ROLE_GRANTED&principal=root`);
  assert.match(view.getByRole('link', { name: 'Download JSON' }).getAttribute('href')!, /^management\/audits\/export\?format=json&/);
  assert.ok(view.getByRole('link', { name: 'Download CSV' }).hasAttribute('download'));
  assert.equal(h.missing, []);
  cleanup();
  const nl = await harness({ url: '/audits', account: SYS_ADMIN, language: 'nl', answers: { 'GET management/audits': json([], 200, { 'X-Total-Count': '0' }) } });
  const dutch = nl.render(<AuditsPage params={{}} close={() => {}} />);
  await act(() => tick(5));
  assert.ok(dutch.getByRole('link', { name: 'CSV downloaden' }));
  assert.ok(dutch.getByLabelText('Type'));
  assert.ok(dutch.getByRole('option', { name: 'Alle typen' }));
  assert.equal(nl.missing, []);
});

t.run();
