import '../../../setup/dom';
import '../../../../src/widgets/index';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReactElement } from 'react';
import { act, cleanup, fireEvent, type RenderResult } from '@testing-library/react';
import { LISTED_AUTHORITIES } from '../../../../src/common/authorities';
import type { UserDTO } from '../../../../src/common/dto';
import type { RoleEditor } from '../../../../src/widgets/index';
import { UserDialog, UserNewAdminDialog } from '../../../../src/client/features/user-management';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { json, type Responder } from '../../lib/fake-fetch';
import { $, choose, click } from '../../../widgets/helpers';

const ORGANIZATIONS = [{ id: 1, name: 'main', description: 'Main', location: 'London', projects: [] }];
const PROJECTS = [
  { id: 3, projectName: 'radar', description: 'Radar', location: 'London' },
  { id: 4, projectName: 'demo', description: 'Demo', location: 'Utrecht' },
];
const JO: UserDTO = {
  id: 2,
  login: 'jo',
  firstName: 'Jo',
  lastName: 'Doe',
  email: 'jo@example.org',
  activated: true,
  langKey: 'nl',
  identity: null,
  roles: [{ id: 7, authorityName: 'ROLE_PROJECT_ADMIN', projectId: 3, projectName: 'radar' }],
};

const t = suite('user-management: UserDialog');
t.after.each(() => cleanup());

async function open(ui: (close: () => void) => ReactElement, answers: Record<string, Responder> = {}, account = SYS_ADMIN) {
  let closed = 0;
  const h = await harness({
    url: '/user-management',
    account,
    answers: {
      'GET api/authorities': json(LISTED_AUTHORITIES),
      'GET api/organizations': json(ORGANIZATIONS),
      'GET api/projects': json(PROJECTS),
      ...answers,
    },
  });
  const changes: unknown[] = [];
  h.events.subscribe('userListModification', (detail) => changes.push(detail));
  await act(() => tick());
  const view = h.render(ui(() => closed++));
  await act(() => tick());
  return { h, view, changes, closed: () => closed };
}

const field = (view: RenderResult, label: RegExp) => view.getByLabelText(label) as HTMLInputElement;
const saveButton = (view: RenderResult) => view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const roleEditor = () => document.querySelector('mp-role-editor') as RoleEditor;

t('create: the role editor gets the authorities, organizations and projects; save waits for a valid login and e-mail', async () => {
  const { h, view } = await open((close) => <UserDialog params={{}} close={close} />);
  assert.is(view.getByRole('heading', { level: 2 }).textContent, 'Create a new user');
  assert.is(view.queryByLabelText('ID'), null);
  const editor = roleEditor();
  assert.equal(editor.authorities.map((a) => a.name), LISTED_AUTHORITIES.map((a) => a.name));
  assert.equal(editor.organizations, [{ id: 1, name: 'main' }]);
  assert.equal(editor.projects, [{ id: 3, projectName: 'radar' }, { id: 4, projectName: 'demo' }]);
  assert.is(editor.addLabel, 'Add role');
  assert.is(editor.errorAlreadyExistLabel, 'This role has already been assigned.');
  assert.ok(saveButton(view).disabled);
  fireEvent.change(field(view, /Login/), { target: { value: 'jo/doe' } });
  assert.ok(view.getByText(/This field can only contain/));
  fireEvent.change(field(view, /Login/), { target: { value: 'x'.repeat(51) } });
  assert.ok(view.getByText('This field cannot be longer than 50 characters.'));
  fireEvent.change(field(view, /Login/), { target: { value: "Jo.O'Doe-1@x y_z" } });
  fireEvent.change(field(view, /Identity provider id/), { target: { value: 'short' } });
  assert.ok(view.getByText('This field is required to be at least 36 characters.'));
  fireEvent.change(field(view, /Identity provider id/), { target: { value: '' } });
  fireEvent.change(field(view, /First name/), { target: { value: 'x'.repeat(51) } });
  assert.ok(saveButton(view).disabled);
  fireEvent.change(field(view, /First name/), { target: { value: 'Jo' } });
  assert.ok(saveButton(view).disabled, 'e-mail is required');
  fireEvent.change(field(view, /Email/), { target: { value: 'jo@@example' } });
  assert.ok(view.getByText('Your email is invalid.'));
  fireEvent.change(field(view, /Email/), { target: { value: 'jo@example.org' } });
  assert.not.ok(saveButton(view).disabled);
  assert.equal(h.missing, []);
});

t('create: roles picked in the editor are posted; success announces the change and closes', async () => {
  const created = { ...JO, id: 9, activated: false };
  const { h, view, changes, closed } = await open((close) => <UserDialog params={{}} close={close} />, {
    'POST api/users': json(created, 201),
  });
  fireEvent.change(field(view, /Login/), { target: { value: 'jo' } });
  fireEvent.change(field(view, /Email/), { target: { value: 'jo@example.org' } });
  fireEvent.change(view.getByLabelText('Language'), { target: { value: 'nl' } });
  const editor = roleEditor();
  await choose(editor, 'select[name=authority]', 'ROLE_PROJECT_ADMIN');
  await choose(editor, 'select[name=target]', '3');
  await act(() => click(editor, $(editor, '[part=add-button]')));
  fireEvent.click(saveButton(view));
  await act(() => tick());
  const body = JSON.parse(h.calls.find((c) => c.method === 'POST')!.body!);
  assert.equal(
    { login: body.login, email: body.email, langKey: body.langKey, activated: body.activated, id: body.id, roles: body.roles },
    { login: 'jo', email: 'jo@example.org', langKey: 'nl', activated: false, id: null, roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 3, projectName: 'radar' }] },
  );
  assert.equal(changes, [{ op: 'CREATE', user: created }]);
  assert.is(closed(), 1);
});

t('new admin: starts with the system admin role', async () => {
  const { view } = await open((close) => <UserNewAdminDialog params={{}} close={close} />);
  assert.is(view.getByRole('heading', { level: 2 }).textContent, 'Create a new system administrator');
  assert.equal(roleEditor().roles, [{ authorityName: 'ROLE_SYS_ADMIN' }]);
});

t('edit: loads the user, shows the id read-only and the login fixed, and puts the whole user back', async () => {
  const { h, view, changes, closed } = await open((close) => <UserDialog params={{ login: 'jo' }} close={close} />, {
    'GET api/users/jo': json(JO),
    'PUT api/users': json({ ...JO, firstName: 'Joanna' }),
  });
  assert.is(view.getByRole('heading', { level: 2 }).textContent, 'Edit user');
  assert.is(field(view, /ID/).value, '2');
  assert.ok(field(view, /ID/).readOnly);
  assert.ok(field(view, /Login/).readOnly);
  assert.is(field(view, /First name/).value, 'Jo');
  assert.is((view.getByLabelText('Language') as HTMLSelectElement).value, 'nl');
  assert.equal(roleEditor().roles, JO.roles);
  fireEvent.change(field(view, /First name/), { target: { value: 'Joanna' } });
  fireEvent.click(saveButton(view));
  await act(() => tick());
  const body = JSON.parse(h.calls.find((c) => c.method === 'PUT')!.body!);
  assert.equal(
    { id: body.id, login: body.login, firstName: body.firstName, activated: body.activated, roles: body.roles },
    { id: 2, login: 'jo', firstName: 'Joanna', activated: true, roles: JO.roles },
  );
  assert.is(changes.length, 1);
  assert.is(closed(), 1);
});

t('edit: a failed save only clears the saving state and the dialog stays (the http layer raises the alert)', async () => {
  const { view, changes, closed } = await open((close) => <UserDialog params={{ login: 'jo' }} close={close} />, {
    'GET api/users/jo': json(JO),
    'PUT api/users': json({ message: 'emailexists', entityName: 'userManagement' }, 400, {
      'X-managementPortalApp-error': 'error.emailexists',
      'X-managementPortalApp-params': 'userManagement',
    }),
  });
  fireEvent.click(saveButton(view));
  await act(() => tick());
  assert.is(closed(), 0);
  assert.equal(changes, []);
  assert.not.ok(saveButton(view).disabled);
});

t('edit: saving oneself re-reads the account', async () => {
  const me: UserDTO = { ...JO, login: 'admin', roles: [{ authorityName: 'ROLE_SYS_ADMIN' }] };
  const { h, view } = await open((close) => <UserDialog params={{ login: 'admin' }} close={close} />, {
    'GET api/users/admin': json(me),
    'PUT api/users': json(me),
    'GET api/account': json({ ...SYS_ADMIN, firstName: 'Jo' }),
  });
  fireEvent.click(saveButton(view));
  await act(() => tick(10));
  assert.ok(h.calls.some((c) => c.url === 'api/account'));
});

t('edit: a user that cannot be loaded leaves only Cancel', async () => {
  const { view, closed } = await open((close) => <UserDialog params={{ login: 'ghost' }} close={close} />, {
    'GET api/users/ghost': json({ status: 404 }, 404),
  });
  assert.ok(view.getByText('The user could not be loaded.'));
  fireEvent.click(view.getByRole('button', { name: 'Cancel' }));
  assert.is(closed(), 1);
});

t.run();
