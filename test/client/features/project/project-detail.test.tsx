import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import type { ProjectDTO, UserDTO } from '../../../../src/common/dto';
import { ProjectDetailPage } from '../../../../src/client/features/project';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const RADAR: ProjectDTO = {
  id: 1,
  projectName: 'radar',
  humanReadableProjectName: 'RADAR study',
  description: 'The study',
  location: 'London',
  organization: { id: 2, name: 'main', description: '', location: '', projects: [] },
  organizationName: 'main',
  projectStatus: 'ONGOING',
  startDate: '2024-01-02T00:00:00.000Z',
  endDate: '2024-12-31T23:59:00.000Z',
  attributes: { 'Human-readable-project-name': 'RADAR study', Phase: '2', 'Work-package': 'WP1' },
};
const user = (login: string, roles: UserDTO['roles']): UserDTO => ({ login, activated: true, roles });

async function open(account: UserDTO, url = '/project/radar', answers = {}) {
  const h = await harness({ url, account, answers: { 'GET api/projects/radar': json(RADAR), ...answers } });
  const view = h.render(<ProjectDetailPage params={{ projectName: 'radar' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByText('The study')));
  return { h, view };
}

const t = suite('project detail');
t.after.each(() => cleanup());

t('shows the human-readable name, the facts and attributes as key => value', async () => {
  const { h, view } = await open(SYS_ADMIN);
  assert.ok(view.getByRole('heading', { name: 'Project: RADAR study' }));
  const text = document.body.textContent!;
  for (const fact of ['main', 'London', 'Ongoing', '2024-01-02', '2024-12-31', 'Phase => 2', 'Work-package => WP1']) {
    assert.ok(text.includes(fact), fact);
  }
  assert.not.ok(text.includes('Human-readable-project-name'), 'the name attribute is the heading, not an attribute line');
  assert.ok(view.getByRole('link', { name: 'main' }).getAttribute('href')!.endsWith('/organization/main'));
  fireEvent.click(view.getByRole('link', { name: 'Edit' }));
  assert.is(h.router.getState().location.popup, 'organization/main/project/radar/edit');
  assert.equal(h.missing, []);
});

t('tabs in the `tab` query parameter for system, organization and project admins', async () => {
  const accounts = [
    SYS_ADMIN,
    user('oa', [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' }]),
    user('pa', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }]),
  ];
  for (const account of accounts) {
    const { view } = await open(account);
    assert.equal(view.getAllByRole('tab').map((tab) => tab.textContent), ['Subjects', 'Overview', 'Sources', 'Groups', 'Invitations', 'Permissions', 'Admins', 'Analysts', 'Privacy'], account.login);
    cleanup();
  }
});

t('no tabs but a notice for an admin of something else', async () => {
  const { view } = await open(user('other', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'other' }, { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'elsewhere' }]));
  assert.is(view.queryAllByRole('tab').length, 0);
  assert.ok(view.getByText('No project sections are available to you.'));
  assert.is(view.queryByRole('link', { name: 'Edit' }), null);
});

t('a project outside one\'s scope (403, or 404 for a scoped admin): the none-available notice, no fault, no Retry', async () => {
  const outsider = user('pa', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'other' }]);
  for (const [status, account, expected] of [
    [403, outsider, 'No project sections are available to you.'],
    [404, outsider, 'No project sections are available to you.'],
    [404, SYS_ADMIN, 'There is no project with this name.'],
  ] as const) {
    const h = await harness({ url: '/project/radar', account, answers: { 'GET api/projects/radar': json({ message: 'error.notFound' }, status) } });
    const view = h.render(<ProjectDetailPage params={{ projectName: 'radar' }} close={() => {}} />);
    await waitFor(() => assert.ok(view.getByText(expected), `${status} ${account.login}`));
    assert.is(view.queryAllByRole('tab').length, 0);
    assert.is(view.queryByRole('button', { name: 'Try again' }), null);
    assert.is(view.queryByText(/could not be loaded/), null);
    assert.equal(h.missing, []);
    cleanup();
  }
});

t('selecting a tab writes it to the URL; the sources tab lists the project\'s sources', async () => {
  const { h, view } = await open(SYS_ADMIN, '/project/radar', { 'GET api/projects/radar/sources': json([]) });
  assert.is(view.getByRole('tab', { name: 'Subjects' }).getAttribute('aria-selected'), 'true');
  fireEvent.click(view.getByRole('tab', { name: 'Sources' }));
  assert.is(h.history.location.search, '?tab=sources');
  await waitFor(() => assert.ok(h.calls.some((c) => c.url.startsWith('api/projects/radar/sources?'))));
  assert.ok(view.getByRole('link', { name: 'Create a source' }).getAttribute('href')!.includes('(popup:project-source-new/radar)'));
});

t('switching tabs drops the previous tab\'s page and sort; the sources list asks for its own first page', async () => {
  const { h, view } = await open(SYS_ADMIN, '/project/radar;externalId=x?tab=subjects&page=3&sort=externalId,asc', {
    'GET api/projects/radar/subjects': json([], 200, { 'X-Total-Count': '60' }),
    'GET api/projects/radar/sources': json([]),
  });
  await waitFor(() => assert.ok(h.calls.some((c) => c.url.startsWith('api/projects/radar/subjects?'))));
  fireEvent.click(view.getByRole('tab', { name: 'Subjects' }));
  assert.is(h.history.location.search, '?tab=subjects&page=3&sort=externalId,asc', 'the active tab keeps its state');
  fireEvent.click(view.getByRole('tab', { name: 'Sources' }));
  assert.is(h.history.location.search, '?tab=sources');
  await waitFor(() => assert.ok(h.calls.some((c) => c.url === 'api/projects/radar/sources?page=0&size=20&sort=id,asc')));
  assert.not.ok(h.calls.some((c) => c.url.startsWith('api/projects/radar/sources?page=2')));
  h.history.back();
  await waitFor(() => assert.is(h.history.location.search, '?tab=subjects&page=3&sort=externalId,asc'));
});

t('the groups tab is hidden when site settings hide the group field; an unknown tab falls back to subjects', async () => {
  const { h, view } = await open(SYS_ADMIN, '/project/radar?tab=groups');
  act(() => h.session.store.setState({ hiddenSubjectFields: new Set(['group']) }));
  assert.equal(view.getAllByRole('tab').map((tab) => tab.textContent), ['Subjects', 'Overview', 'Sources', 'Invitations', 'Permissions', 'Admins', 'Analysts', 'Privacy']);
  assert.is(view.getByRole('tab', { name: 'Subjects' }).getAttribute('aria-selected'), 'true');
});

t('admins and analysts tabs list users holding exactly that role on this project', async () => {
  const admins = [
    user('pa', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }]),
    user('pa-other', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar-2' }]),
  ];
  const { h, view } = await open(SYS_ADMIN, '/project/radar?tab=admins', { 'GET api/users': json(admins) });
  await act(() => tick(5));
  const call = h.calls.find((c) => c.url.startsWith('api/users'))!;
  const query = new URLSearchParams(call.url.split('?')[1]);
  assert.is(query.get('projectName'), 'radar');
  assert.is(query.get('authority'), 'ROLE_PROJECT_ADMIN');
  assert.ok(view.getByRole('cell', { name: 'pa' }));
  assert.is(view.queryByRole('cell', { name: 'pa-other' }), null);
  fireEvent.click(view.getByRole('tab', { name: 'Analysts' }));
  await act(() => tick(5));
  assert.ok(h.calls.some((c) => c.url.includes('authority=ROLE_PROJECT_ANALYST')));
});

t('the privacy tab: each field as set, the default as its placeholder; Save sends every field, empty as null', async () => {
  const defaults = { controller: 'C', purposes: 'P', legalBasis: 'L', recipients: 'R', retention: 'T', dataSource: 'D', rights: 'G' };
  const settings = { controller: null, purposes: 'Depression relapse', legalBasis: null, recipients: null, retention: null, dataSource: null, rights: null };
  const { h, view } = await open(SYS_ADMIN, '/project/radar?tab=privacy', {
    'GET api/projects/radar/privacy': json({ projectName: 'radar', settings, effective: { ...defaults, purposes: 'Depression relapse' }, defaults }),
    'PUT api/projects/radar/privacy': json({ projectName: 'radar', settings, effective: defaults, defaults }),
  });
  const purposes = await waitFor(() => view.getByLabelText('Purposes of the processing') as HTMLTextAreaElement);
  assert.is(purposes.value, 'Depression relapse');
  assert.is((view.getByLabelText('Recipients') as HTMLTextAreaElement).placeholder, 'R');
  const save = view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled, 'nothing changed yet');
  fireEvent.change(view.getByLabelText('Recipients'), { target: { value: 'KCL' } });
  fireEvent.click(save);
  await waitFor(() => assert.ok(h.calls.some((c) => c.method === 'PUT')));
  const body = JSON.parse(h.calls.find((c) => c.method === 'PUT')!.body!);
  assert.equal(body, { ...settings, recipients: 'KCL' });
});

t.run();
