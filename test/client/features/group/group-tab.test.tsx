import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { GroupDeleteDialog, GroupDialog } from '../../../../src/client/features/group';
import { GroupList } from '../../../../src/client/features/group/group-list';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const GROUPS = [{ id: 4, projectId: 1, name: 'control' }, { id: 5, projectId: 1, name: 'treatment' }];

const t = suite('groups');
t.after.each(() => cleanup());

t('lists the groups, opens the create popup, deletes an empty group', async () => {
  const h = await harness({
    url: '/project/radar?tab=groups',
    account: SYS_ADMIN,
    answers: { 'GET api/projects/radar/groups': json(GROUPS), 'DELETE api/projects/radar/groups/control': { status: 204 } },
  });
  const view = h.render(<GroupList projectName="radar" />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'control' })));
  fireEvent.click(view.getByRole('link', { name: 'Create a group' }));
  assert.is(h.router.getState().location.popup, 'project-group-new/radar');
  act(() => h.router.closePopup());
  fireEvent.click(view.getByRole('button', { name: 'Delete group control' }));
  // Nothing is deleted before the user confirms, in a dialog that names the group.
  assert.not.ok(h.calls.some((c) => c.method === 'DELETE'));
  const dialog = view.getByRole('dialog');
  assert.ok(dialog.textContent?.includes('Are you sure you want to delete group control?'));
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await tick(10);
  });
  assert.is(view.queryByRole('dialog'), null);
  const call = h.calls.find((c) => c.method === 'DELETE')!;
  assert.is(call.url, 'api/projects/radar/groups/control?unlinkSubjects=false');
  assert.equal(h.alerts.getAlerts().map((a) => [a.type, a.key]), [['success', 'managementPortalApp.group.deleted']]);
  assert.is(h.router.getState().location.popup, null);
  assert.equal(h.missing, []);
});

t('a 409 (the group has subjects) opens the confirmation popup instead of an error alert', async () => {
  const h = await harness({
    url: '/project/radar?tab=groups',
    account: SYS_ADMIN,
    answers: {
      'GET api/projects/radar/groups': json(GROUPS),
      'DELETE api/projects/radar/groups/treatment': json({ message: 'error.validation' }, 409),
    },
  });
  const view = h.render(<GroupList projectName="radar" />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'treatment' })));
  fireEvent.click(view.getByRole('button', { name: 'Delete group treatment' }));
  await act(async () => {
    fireEvent.click(within(view.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await tick(10);
  });
  assert.is(h.router.getState().location.popup, 'project-group/radar/5/delete');
  assert.equal(h.alerts.getAlerts(), []);
});

t('the confirmation warns and deletes with unlinkSubjects=true', async () => {
  let closed = 0;
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'GET api/projects/radar/groups': json(GROUPS),
      'DELETE api/projects/radar/groups/treatment': { status: 204 },
    },
  });
  const reloads: unknown[] = [];
  h.events.subscribe('groupListModification', (detail) => reloads.push(detail));
  const view = h.render(<GroupDeleteDialog params={{ projectName: 'radar', id: '5' }} close={() => closed++} />);
  await waitFor(() => assert.ok(view.getByText(/Group treatment still has subjects/)));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Delete' }));
    await tick(10);
  });
  assert.ok(h.calls.some((c) => c.method === 'DELETE' && c.url === 'api/projects/radar/groups/treatment?unlinkSubjects=true'));
  assert.is(closed, 1);
  assert.is(reloads.length, 1);
  assert.equal(h.missing, []);
});

t('create dialog: validates the name, posts it, announces the change and closes', async () => {
  let closed = 0;
  const h = await harness({
    account: SYS_ADMIN,
    answers: { 'POST api/projects/radar/groups': (call) => json({ id: 6, projectId: 1, ...JSON.parse(call.body!) }, 201) },
  });
  const view = h.render(<GroupDialog params={{ projectName: 'radar' }} close={() => closed++} />);
  const save = view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled);
  fireEvent.change(view.getByLabelText(/^Name/), { target: { value: 'bad/name' } });
  assert.ok(save.disabled, 'the shared name pattern');
  fireEvent.change(view.getByLabelText(/^Name/), { target: { value: 'wave 2' } });
  await act(async () => {
    fireEvent.click(save);
    await tick(10);
  });
  assert.equal(JSON.parse(h.calls.find((c) => c.method === 'POST')!.body!), { name: 'wave 2' });
  assert.is(closed, 1);
  assert.equal(h.alerts.getAlerts().map((a) => a.key), ['managementPortalApp.group.created']);
});

t.run();
