import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReactElement } from 'react';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { UserDeleteDialog, UserSendActivationDialog } from '../../../../src/client/features/user-management';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { json, type Responder } from '../../lib/fake-fetch';

const t = suite('user-management: delete and send-activation dialogs');
t.after.each(() => cleanup());

async function open(ui: (close: () => void) => ReactElement, answers: Record<string, Responder>) {
  let closed = 0;
  const h = await harness({ url: '/user-management', account: SYS_ADMIN, answers });
  const changes: unknown[] = [];
  h.events.subscribe('userListModification', (detail) => changes.push(detail));
  const view = h.render(ui(() => closed++));
  return { h, view, changes, closed: () => closed };
}

t('delete asks about the login, deletes it, announces the change and closes', async () => {
  const { h, view, changes, closed } = await open((close) => <UserDeleteDialog params={{ login: 'jo doe' }} close={close} />, {
    'DELETE api/users/jo%20doe': { status: 200 },
  });
  assert.is(view.getByRole('heading', { level: 2 }).textContent, 'Confirm delete operation');
  assert.ok(view.getByText('Are you sure you want to delete user jo doe?'));
  fireEvent.click(view.getByRole('button', { name: 'Delete' }));
  await act(() => tick());
  assert.ok(h.calls.some((c) => c.method === 'DELETE' && c.url === 'api/users/jo%20doe'));
  assert.equal(changes, [{ op: 'DELETE', login: 'jo doe' }]);
  assert.is(closed(), 1);
  assert.equal(h.missing, []);
});

t('a refused delete shows the reason in the dialog, which stays open', async () => {
  const { view, changes, closed } = await open((close) => <UserDeleteDialog params={{ login: 'jo' }} close={close} />, {
    'DELETE api/users/jo': json({ message: 'error.accessDenied' }, 403),
  });
  fireEvent.click(view.getByRole('button', { name: 'Delete' }));
  await act(() => tick());
  assert.is(view.getByRole('alert').textContent, 'Access denied.');
  assert.equal(changes, []);
  assert.is(closed(), 0);
});

t('send activation posts the login as text, confirms with a success alert and closes', async () => {
  const { h, view, closed } = await open((close) => <UserSendActivationDialog params={{ login: 'jo' }} close={close} />, {
    'POST api/account/reset-activation/init': { status: 204 },
  });
  assert.is(view.getByRole('heading', { level: 2 }).textContent, 'Send activation link');
  assert.ok(view.getByText('Send an email with an activation link to user jo?'));
  fireEvent.click(view.getByRole('button', { name: 'Send' }));
  await act(() => tick());
  const post = h.calls.find((c) => c.method === 'POST')!;
  assert.is(post.body, 'jo');
  assert.match(post.headers.get('Content-Type')!, /text\/plain/);
  assert.equal(h.alerts.getAlerts().map((a) => [a.type, a.key, a.params]), [['success', 'userManagement.sendActivation.success', { login: 'jo' }]]);
  assert.is(closed(), 1);
});

t.run();
