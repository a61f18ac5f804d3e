import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, within, type RenderResult } from '@testing-library/react';
import { LISTED_AUTHORITIES } from '../../../../src/common/authorities';
import type { UserDTO } from '../../../../src/common/dto';
import { UserListPage } from '../../../../src/client/features/user-management';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { json, type RecordedCall } from '../../lib/fake-fetch';

const ADMIN: UserDTO = {
  id: 1,
  login: 'admin',
  email: 'admin@example.org',
  activated: true,
  langKey: 'en',
  roles: [{ authorityName: 'ROLE_SYS_ADMIN' }],
  createdDate: '2024-03-05T14:07:00Z',
  lastModifiedBy: 'system',
  lastModifiedDate: '2024-03-06T09:30:00Z',
};
const JO: UserDTO = {
  id: 2,
  login: 'jo',
  email: 'jo@example.org',
  activated: false,
  langKey: 'nl',
  roles: [
    { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' },
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 3, projectName: 'radar' },
  ],
};
const SUB: UserDTO = { id: 3, login: 'sub-1', activated: true, roles: [{ authorityName: 'ROLE_PARTICIPANT', projectName: 'radar' }] };

const t = suite('user-management: UserListPage');
t.after.each(() => cleanup());

async function open(url = '/user-management', users: UserDTO[] = [ADMIN, JO, SUB], total = users.length) {
  const h = await harness({
    url,
    account: SYS_ADMIN,
    answers: {
      'GET api/users': json(users, 200, { 'X-Total-Count': String(total) }),
      'GET api/authorities': json(LISTED_AUTHORITIES),
    },
  });
  const view = h.render(<UserListPage params={{}} />);
  await act(() => tick());
  return { h, view };
}

const userRequests = (calls: RecordedCall[]) => calls.filter((c) => c.url.startsWith('api/users')).map((c) => c.url);
const row = (view: RenderResult, login: string) => view.getByRole('cell', { name: login }).closest('tr')!;

t('asks for page 0, 20 users sorted by id, and shows the user columns', async () => {
  const { h, view } = await open();
  assert.equal(userRequests(h.calls), ['api/users?page=0&size=20&sort=id,asc']);
  const headers = view.getAllByRole('columnheader').map((th) => th.textContent!.replace(/[▲▼↕]/g, ''));
  assert.equal(headers, ['ID', 'Login', 'Email', 'Activated', 'Language', 'Roles', 'Created date', 'Modified by', 'Modified date', 'Actions']);
  const cells = [...row(view, 'admin').querySelectorAll('td')].map((td) => td.textContent);
  const local = (iso: string) => {
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${p(d.getFullYear() % 100)} ${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  assert.equal(cells.slice(0, 9), ['1', 'admin', 'admin@example.org', 'Activated', 'en', 'System admin', local(ADMIN.createdDate!), 'system', local(ADMIN.lastModifiedDate!)]);
  // Roles read as words; the authority's own name is each one's title.
  const joRoles = [...row(view, 'jo').querySelectorAll('.user-roles li')].map((li) => [li.textContent, li.getAttribute('title')]);
  assert.equal(joRoles, [
    ['Organization admin, main', 'Organization admin, main (ROLE_ORGANIZATION_ADMIN: main)'],
    ['Project admin, radar', 'Project admin, radar (ROLE_PROJECT_ADMIN: radar)'],
  ]);
  assert.ok(within(row(view, 'jo')).getByText('Deactivated'));
  assert.ok(view.getByText('Showing 1 - 3 of 3 items'));
  assert.equal(h.missing, []);
});

t('row actions: send activation only for users not activated; delete never for oneself or a participant', async () => {
  const { h, view } = await open();
  // Edit is a link named with the user; View, Send activation and Delete are items of the row's More menu.
  const state = (login: string) => {
    const actions = within(row(view, login));
    const more = actions.getByRole('button', { name: `More user ${login}` });
    fireEvent.click(more);
    const enabled = (name: string) => {
      if (name === 'Edit') return actions.getByRole('link', { name: `Edit user ${login}` }).tagName === 'A';
      return actions.getByRole('menuitem', { name: new RegExp(`^${name}`) }).getAttribute('aria-disabled') !== 'true';
    };
    const states = ['View', 'Send activation', 'Edit', 'Delete'].map(enabled);
    fireEvent.click(more);
    return states;
  };
  assert.equal(state('admin'), [true, false, true, false]);
  assert.equal(state('jo'), [true, true, true, true]);
  assert.equal(state('sub-1'), [true, false, true, false]);
  const edit = within(row(view, 'jo')).getByText('Edit');
  // The memory history of the tests writes hrefs without the browser's `#`.
  assert.is(edit.getAttribute('href'), '/user-management(popup:user-management/jo/edit)');
  fireEvent.click(within(row(view, 'jo')).getByRole('button', { name: 'More user jo' }));
  fireEvent.click(within(row(view, 'jo')).getByRole('menuitem', { name: 'View' }));
  assert.is(h.router.getState().location.path, 'user-management/jo');
});

t('filters reach the URL and the request 300 ms after typing stops, back on page 1', async () => {
  const { h, view } = await open('/user-management?page=2');
  assert.equal(userRequests(h.calls), ['api/users?page=1&size=20&sort=id,asc']);
  fireEvent.change(view.getByLabelText('Login contains'), { target: { value: 'j' } });
  await act(() => tick(150));
  fireEvent.change(view.getByLabelText('Login contains'), { target: { value: 'jo' } });
  fireEvent.change(view.getByLabelText('Email contains'), { target: { value: 'example' } });
  await act(() => tick(200));
  assert.is(userRequests(h.calls).length, 1, 'nothing yet');
  await act(() => tick(150));
  assert.is(h.history.location.search, '?login=jo&email=example');
  assert.equal(userRequests(h.calls).slice(1), ['api/users?page=0&size=20&sort=id,asc&login=jo&email=example']);
  const authority = view.getByLabelText('Authority') as HTMLSelectElement;
  assert.equal([...authority.options].map((o) => o.value), ['', ...LISTED_AUTHORITIES.map((a) => a.name)]);
  // Each option reads as words; its value is the wire name the server filters by.
  assert.equal([...authority.options].find((o) => o.value === 'ROLE_PROJECT_ADMIN')?.textContent, 'Project admin');
  assert.ok([...authority.options].slice(1).every((o) => !o.textContent!.startsWith('ROLE_')));
  fireEvent.change(authority, { target: { value: 'ROLE_PROJECT_ADMIN' } });
  await act(() => tick(350));
  assert.match(userRequests(h.calls).at(-1)!, /&authority=ROLE_PROJECT_ADMIN$/);
});

t('sorting asks the server with the id tie-breaker; paging shows the total', async () => {
  const { h, view } = await open('/user-management', [ADMIN, JO], 57);
  assert.ok(view.getByText('Showing 1 - 20 of 57 items'));
  fireEvent.click(view.getByRole('button', { name: /Login/ }));
  await act(() => tick(20)); // past the 5 ms sort-change debounce
  assert.is(userRequests(h.calls).at(-1), 'api/users?page=0&size=20&sort=login,asc&sort=id');
  fireEvent.click(view.getByRole('button', { name: 'Page 3' }));
  await act(() => tick());
  assert.is(userRequests(h.calls).at(-1), 'api/users?page=2&size=20&sort=login,asc&sort=id');
  assert.ok(view.getByText('Showing 41 - 57 of 57 items'));
});

t('a sort change reaches the server after a 5 ms debounce: quick successive clicks send one request', async () => {
  const { h, view } = await open('/user-management', [ADMIN, JO], 57);
  assert.is(userRequests(h.calls).length, 1);
  fireEvent.click(view.getByRole('button', { name: /Login/ }));
  fireEvent.click(view.getByRole('button', { name: /Login/ }));
  assert.is(h.history.location.search, '?sort=login,desc', 'the URL follows at once');
  assert.is(userRequests(h.calls).length, 1, 'nothing sent within the debounce');
  await act(() => tick(20));
  assert.equal(userRequests(h.calls).slice(1), ['api/users?page=0&size=20&sort=login,desc&sort=id']);
});

t('a saved dialog (userListModification) reloads the list', async () => {
  const { h } = await open();
  act(() => h.events.emit('userListModification', { op: 'UPDATE', user: JO }));
  await act(() => tick());
  assert.is(userRequests(h.calls).length, 2);
});

t.run();
