import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { SessionNotice } from '../../../src/client/components/session-notice';
import { json } from '../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from './harness';

const t = suite('SessionNotice');
t.after.each(() => cleanup());

t('signed in with a long way to go: nothing; two minutes before the end: the warning with Stay signed in', async () => {
  const h = await harness({
    account: SYS_ADMIN,
    language: 'nl',
    answers: { 'GET api/account': json(SYS_ADMIN, 200, { 'X-Session-Expires-In': '1800' }) },
  });
  act(() => h.session.expiresIn(1800));
  const view = h.render(<SessionNotice />);
  assert.is(view.queryByRole('alert'), null);
  act(() => h.session.expiresIn(90));
  view.rerender(h.wrap(<SessionNotice key="again" />));
  assert.is(view.getByRole('alert').textContent?.startsWith('Uw sessie eindigt over 2 minuten'), true);
  fireEvent.click(view.getByRole('button', { name: 'Aangemeld blijven' }));
  await act(() => tick(10));
  assert.ok(h.calls.some((call) => call.method === 'GET' && call.url === 'api/account'));
  // The app's http layer hands the answer's X-Session-Expires-In to the session (see app-services).
  act(() => h.session.expiresIn(1800));
  view.rerender(h.wrap(<SessionNotice key="after" />));
  assert.is(view.queryByRole('alert'), null);
  assert.equal(h.missing, []);
});

t('past the end: the session counts as ended (the account stays), with a sign-in link and Continue', async () => {
  const h = await harness({ account: SYS_ADMIN, answers: { 'GET api/account': [{ status: 401 }, json(SYS_ADMIN)] } });
  act(() => h.session.expiresIn(-1));
  const view = h.render(<SessionNotice />);
  await act(() => tick(0));
  assert.is(h.session.store.getState().sessionEnded, true);
  assert.equal(h.session.store.getState().account, SYS_ADMIN);
  assert.ok(view.getByRole('alert').textContent?.includes('Your session has ended'));
  fireEvent.click(view.getByRole('button', { name: 'I have signed in again' }));
  await act(() => tick(10));
  assert.is(h.session.store.getState().sessionEnded, true, 'not signed in yet: still ended, still signed in on screen');
  assert.equal(h.session.store.getState().account, SYS_ADMIN);
  fireEvent.click(view.getByRole('button', { name: 'I have signed in again' }));
  await act(() => tick(10));
  assert.is(h.session.store.getState().sessionEnded, false);
  assert.is(view.queryByRole('alert'), null);
});

t('signed out: nothing', async () => {
  const h = await harness({ account: null });
  act(() => h.session.expiresIn(-1));
  const view = h.render(<SessionNotice />);
  assert.is(view.queryByRole('alert'), null);
});

t.run();
