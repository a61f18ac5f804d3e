import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import type { UserDTO } from '../../../../src/common/dto';
import { PermissionsEditor } from '../../../../src/client/features/project/permissions/permissions-editor';
import { json } from '../../lib/fake-fetch';
import { harness, tick } from '../../components/harness';

const user = (login: string, roles: UserDTO['roles']): UserDTO => ({ login, activated: true, email: `${login}@x.org`, roles });
const ME = user('me', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 1, projectName: 'radar' }]);
const USERS = [
  user('admin', [{ authorityName: 'ROLE_SYS_ADMIN' }]),
  ME,
  user('jo', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 1, projectName: 'radar' }]),
  user('kim', [{ authorityName: 'ROLE_PROJECT_ANALYST', projectId: 2, projectName: 'other' }]),
];

interface RolePut {
  login: string;
  roles: NonNullable<UserDTO['roles']>;
}

/** PUT api/users/{login}/roles for every user of USERS: records the login of the path and the body (204, no body). */
const rolePuts = (puts: RolePut[]) =>
  Object.fromEntries(
    USERS.map((u) => [
      `PUT api/users/${u.login}/roles`,
      (call: { body?: string }) => {
        puts.push({ login: u.login, roles: JSON.parse(call.body!) });
        return { status: 204 };
      },
    ]),
  );

async function render(account: UserDTO, puts: RolePut[]) {
  const h = await harness({
    account,
    answers: {
      'GET api/users': json(USERS),
      ...rolePuts(puts),
      'GET api/account': json(account),
    },
  });
  const view = h.render(<PermissionsEditor scope={{ kind: 'project', id: 1, name: 'radar' }} />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'jo' })));
  return { h, view };
}

/** The row's Remove button, named with the role (as it reads) and the user. */
const ROLE_NAMES: Record<string, string> = { ROLE_SYS_ADMIN: 'System admin', ROLE_PROJECT_ADMIN: 'Project admin', ROLE_ORGANIZATION_ADMIN: 'Organization admin' };
const removeButton = (view: Awaited<ReturnType<typeof render>>['view'], login: string, authority: string) =>
  view.getByRole('button', { name: `Remove ${ROLE_NAMES[authority]} of ${login}` }) as HTMLButtonElement;

const t = suite('permissions editor');
t.after.each(() => cleanup());

t('lists users with a role in the project (and system admins); asks for all users without provenance', async () => {
  const { h, view } = await render(ME, []);
  assert.ok(h.calls.some((c) => c.url === 'api/users?includeProvenance=false'));
  assert.equal(view.getAllByRole('row').slice(1).map((row) => row.firstElementChild!.textContent), ['admin', 'me', 'jo']);
  const select = view.getByLabelText(/^Give a user the role Project admin/) as HTMLSelectElement;
  assert.equal([...select.options].map((o) => o.value), ['', 'kim']);
  assert.ok(removeButton(view, 'admin', 'ROLE_SYS_ADMIN').disabled, 'system admin role');
  assert.ok(removeButton(view, 'me', 'ROLE_PROJECT_ADMIN').disabled, 'oneself in a project');
  assert.not.ok(removeButton(view, 'jo', 'ROLE_PROJECT_ADMIN').disabled);
  assert.equal(h.missing, []);
});

t('add is disabled until a user is chosen, then PUTs the user\'s roles with the project admin role added', async () => {
  const puts: RolePut[] = [];
  const { h, view } = await render(ME, puts);
  const add = view.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
  assert.ok(add.disabled);
  fireEvent.change(view.getByLabelText(/^Give a user the role/), { target: { value: 'kim' } });
  assert.not.ok(add.disabled);
  await act(async () => {
    fireEvent.click(add);
    await tick(10);
  });
  assert.is(puts.length, 1);
  assert.is(puts[0].login, 'kim');
  assert.equal(puts[0].roles, [
    { authorityName: 'ROLE_PROJECT_ANALYST', projectId: 2, projectName: 'other' },
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 1, projectName: 'radar' },
  ]);
  // Only the roles endpoint: the user's account (PUT api/users) is left alone.
  assert.equal(h.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`), ['PUT api/users/kim/roles']);
  assert.ok(h.alerts.getAlerts().some((a) => a.type === 'success' && a.key === 'userManagement.updated' && a.params?.param === 'kim'));
  assert.equal(h.missing, []);
});

t('remove PUTs the user\'s roles without that role; editing someone else leaves the session alone', async () => {
  const puts: RolePut[] = [];
  const { h, view } = await render(user('admin', [{ authorityName: 'ROLE_SYS_ADMIN' }]), puts);
  fireEvent.click(removeButton(view, 'jo', 'ROLE_PROJECT_ADMIN'));
  assert.is(puts.length, 0, 'nothing before the confirmation');
  const dialog = view.getByRole('dialog');
  assert.is(within(dialog).getByRole('heading').textContent, 'Remove a role');
  assert.ok(dialog.textContent?.includes('Remove the role Project admin from jo? They lose what it allows in project radar.'), dialog.textContent ?? '');
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await tick(10);
  });
  assert.is(view.queryByRole('dialog'), null);
  assert.is(puts[0].login, 'jo');
  assert.equal(puts[0].roles, []);
  assert.equal(h.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`), ['PUT api/users/jo/roles']);
  assert.not.ok(h.calls.some((c) => c.url === 'api/account'));
});

t('a failed save (403) keeps the selection, shows no success and reloads nothing', async () => {
  const h = await harness({
    account: ME,
    answers: {
      'GET api/users': json(USERS),
      'PUT api/users/kim/roles': json({ message: 'error.accessDenied' }, 403),
    },
  });
  const view = h.render(<PermissionsEditor scope={{ kind: 'project', id: 1, name: 'radar' }} />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'jo' })));
  fireEvent.change(view.getByLabelText(/^Give a user the role/), { target: { value: 'kim' } });
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Add' }));
    await tick(10);
  });
  assert.is(h.calls.filter((c) => c.url === 'api/users?includeProvenance=false').length, 1);
  assert.is((view.getByLabelText(/^Give a user the role/) as HTMLSelectElement).value, 'kim');
  assert.not.ok(h.alerts.getAlerts().some((a) => a.type === 'success'));
  assert.not.ok((view.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled, 'ready to try again');
});

t('a user editing their own roles gets their account fetched again', async () => {
  const puts: RolePut[] = [];
  const kim = USERS[3];
  const { h, view } = await render(kim, puts);
  fireEvent.change(view.getByLabelText(/^Give a user the role/), { target: { value: 'kim' } });
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Add' }));
    await tick(10);
  });
  assert.is(puts[0].login, 'kim');
  assert.ok(h.calls.some((c) => c.url === 'api/account'));
});

t('in an organization the role is organization admin, and organization admin roles cannot be removed there', async () => {
  const h = await harness({
    account: ME,
    answers: { 'GET api/users': json([user('oa', [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 3, organizationName: 'main' }]), ME]) },
  });
  const view = h.render(<PermissionsEditor scope={{ kind: 'organization', id: 3, name: 'main' }} />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'oa' })));
  assert.ok(view.getByLabelText(/^Give a user the role Organization admin/));
  assert.ok((removeButton(view, 'oa', 'ROLE_ORGANIZATION_ADMIN') as HTMLButtonElement).disabled);
});

t.run();
