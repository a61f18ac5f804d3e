import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, within } from '@testing-library/react';
import { SessionsSection, type SessionDTO } from '../../../../src/client/features/account/sessions-section';
import { harness, tick } from '../../components/harness';
import { json } from '../../lib/fake-fetch';

const HERE: SessionDTO = {
  id: 'aaaa-1', createdAt: '2026-03-01T09:00:00Z', lastUsedAt: '2026-03-02T10:00:00Z', remoteAddress: '10.0.0.1',
  userAgent: 'Mozilla/5.0 Firefox/128.0', browser: 'Firefox 128 on Windows', current: true,
};
const PHONE: SessionDTO = { ...HERE, id: 'bbbb-2', remoteAddress: '10.0.0.2', browser: 'Safari 17 on iOS', current: false };
const TABLET: SessionDTO = { ...HERE, id: 'cccc-3', remoteAddress: '10.0.0.3', browser: null, userAgent: null, current: false };

const t = suite('account: SessionsSection');
t.after.each(() => cleanup());

async function open(language: 'en' | 'nl', lists: SessionDTO[][], extra = {}) {
  const h = await harness({ language, answers: { 'GET api/account/sessions': lists.map((l) => json(l)), ...extra } });
  const view = h.render(<SessionsSection />);
  await act(() => tick());
  return { h, view };
}

t('lists the sessions with browser, address and times, and marks the current one', async () => {
  const { h, view } = await open('en', [[HERE, PHONE, TABLET]]);
  assert.ok(view.getByRole('heading', { name: 'Active sessions' }));
  const rows = view.getAllByRole('row').slice(1);
  assert.is(rows.length, 3);
  assert.ok(within(rows[0]).getByText('Firefox 128 on Windows'));
  assert.ok(within(rows[0]).getByText('This session'));
  assert.is(within(rows[0]).queryByRole('button'), null, 'the current session has no End button');
  assert.ok(within(rows[1]).getByText('10.0.0.2'));
  assert.ok(within(rows[2]).getByText('Unknown browser'));
  assert.equal(h.missing, []);
});

t('End ends that session and reloads; "End all other sessions" asks first, then deletes the others', async () => {
  const { h, view } = await open('en', [[HERE, PHONE, TABLET], [HERE, TABLET], [HERE]], {
    'DELETE api/account/sessions/bbbb-2': { status: 204 },
    'DELETE api/account/sessions': { status: 204 },
  });
  const phoneRow = view.getAllByRole('row')[2];
  await act(async () => {
    fireEvent.click(within(phoneRow).getByRole('button', { name: 'End' }));
    await tick();
  });
  assert.ok(h.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('api/account/sessions/bbbb-2')));
  assert.is(view.getAllByRole('row').length, 3);
  fireEvent.click(view.getByRole('button', { name: 'End all other sessions' }));
  assert.ok(view.getByText('End 1 other session? It will have to sign in again.'));
  assert.not.ok(h.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('api/account/sessions')));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'End sessions' }));
    await tick();
  });
  assert.ok(h.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('api/account/sessions')));
  assert.is(view.getAllByRole('row').length, 2);
  assert.ok((view.getByRole('button', { name: 'End all other sessions' }) as HTMLButtonElement).disabled);
});

t('in Dutch', async () => {
  const { h, view } = await open('nl', [[HERE, PHONE]]);
  assert.ok(view.getByRole('heading', { name: 'Actieve sessies' }));
  assert.ok(view.getByText('Deze sessie'));
  assert.ok(view.getByRole('button', { name: 'Alle andere sessies beëindigen' }));
  assert.equal(h.missing, []);
});

t('a failed load says so', async () => {
  const { view } = await open('en', [], { 'GET api/account/sessions': { status: 500 } });
  assert.ok(view.getByText('The sessions could not be loaded or ended.'));
});

t.run();
