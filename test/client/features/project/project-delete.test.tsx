// Deleting a project: the dialog names it, DELETEs it, drops it from the session cache and announces the change; the
// server's 409 (subjects, sources or users with a role remain) shows inside the dialog; deleted over its own page the
// app goes to the project's organization without asking for the project again; its admins see the button.
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import type { ProjectDTO, UserDTO } from '../../../../src/common/dto';
import { ProjectDeleteDialog, ProjectDetailPage } from '../../../../src/client/features/project';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { startApp, url } from '../../layout/app-harness';

const project = (projectName: string, organizationName: string): ProjectDTO => ({
  id: projectName.length,
  projectName,
  description: `${projectName} study`,
  location: 'London',
  organization: { id: 2, name: organizationName, description: '', location: '', projects: [] },
  organizationName,
});
const RADAR = project('radar', 'main');
const OTHER = project('other', 'main');
const user = (login: string, roles: UserDTO['roles']): UserDTO => ({ login, activated: true, roles });
const DELETED = json(null, 200, { 'X-managementPortalApp-alert': 'managementPortalApp.project.deleted', 'X-managementPortalApp-params': 'radar' });
const NOT_EMPTY = json(
  { entityName: 'project', errorCode: 'error.projectNotEmpty', message: 'Project radar still has 2 subjects', params: { projectName: 'radar', subjects: '2', sources: '0', users: '0' } },
  409,
  { 'X-managementPortalApp-error': 'error.projectNotEmpty', 'X-managementPortalApp-params': 'project' },
);
const confirmButton = () => within(document.querySelector('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Delete' });

const t = suite('project delete');
t.after.each(() => cleanup());

t('from elsewhere: names the project, deletes it, updates the cache, announces it and closes', async () => {
  let closed = 0;
  const h = await harness({ url: '/project', account: SYS_ADMIN, answers: { 'GET api/projects': json([RADAR, OTHER]), 'DELETE api/projects/radar': DELETED } });
  await act(() => tick(5));
  const announced: unknown[] = [];
  h.events.subscribe('projectListModification', (detail) => announced.push(detail));
  const view = h.render(<ProjectDeleteDialog params={{ projectName: 'radar' }} close={() => closed++} />);
  assert.ok(view.getByText('Are you sure you want to delete project radar?'));
  assert.ok(view.getByText(/Only an empty project can be deleted/));
  await act(async () => fireEvent.click(confirmButton()));
  await waitFor(() => assert.is(closed, 1));
  assert.equal(h.calls.filter((c) => c.method === 'DELETE').map((c) => c.url), ['api/projects/radar']);
  assert.equal(h.session.store.getState().projects.map((p) => p.projectName), ['other']);
  assert.equal(announced, [{ deleted: 'radar' }]);
  assert.is(h.router.getState().location.path, 'project');
  assert.equal(h.missing, []);
});

t('a 409 (the project is not empty) shows the translated reason inside the dialog, which stays open', async () => {
  let closed = 0;
  const h = await harness({ url: '/project/radar', account: SYS_ADMIN, answers: { 'GET api/projects': json([RADAR]), 'DELETE api/projects/radar': NOT_EMPTY } });
  await act(() => tick(5));
  const view = h.render(<ProjectDeleteDialog params={{ projectName: 'radar' }} close={() => closed++} />);
  await act(async () => fireEvent.click(confirmButton()));
  await waitFor(() => assert.is(view.getByRole('alert').textContent, 'The project still has subjects, sources or users with a role in it; remove them first.'));
  assert.is(closed, 0);
  assert.equal(h.alerts.getAlerts(), [], 'no global alert for a 409 on DELETE');
  assert.equal(h.session.store.getState().projects.map((p) => p.projectName), ['radar']);
  assert.is(h.router.getState().location.path, 'project/radar');
});

t('the organization comes from the server when the cache does not hold the project', async () => {
  const h = await harness({ url: '/project/radar', account: SYS_ADMIN, answers: { 'GET api/projects/radar': json(project('radar', 'elsewhere')), 'DELETE api/projects/radar': DELETED } });
  const view = h.render(<ProjectDeleteDialog params={{ projectName: 'radar' }} close={() => assert.unreachable('leaves instead')} />);
  await act(async () => fireEvent.click(confirmButton()));
  await waitFor(() => assert.is(h.router.getState().location.path, 'organization/elsewhere'));
  assert.equal(h.calls.filter((c) => c.url === 'api/projects/radar').map((c) => c.method), ['GET', 'DELETE']);
  assert.ok(view);
});

t('over its own page: lands on its organization page, the project gone from it and not asked for again', async () => {
  const app = await startApp({
    url: '/project/radar?tab=groups',
    account: SYS_ADMIN,
    organizations: [{ name: 'main', description: 'Main', location: 'London' }],
    answers: {
      'GET api/projects': json([RADAR, OTHER]),
      'GET api/projects/radar': json(RADAR),
      'GET api/projects/radar/groups': json([]),
      'DELETE api/projects/radar': DELETED,
    },
  });
  await app.settle(50);
  fireEvent.click(await waitFor(() => app.view.getByRole('link', { name: 'Delete' })));
  await app.settle(50);
  assert.ok(app.view.getByText('Are you sure you want to delete project radar?'));
  await act(async () => fireEvent.click(confirmButton()));
  await app.settle(50);
  assert.is(url(app.history), '/organization/main');
  assert.is(app.history.action, 'REPLACE');
  assert.is(document.querySelector('[role="dialog"]'), null);
  // The organization's chunk loads first.
  await waitFor(() => assert.equal([...document.querySelectorAll('main tbody a')].map((a) => a.textContent), ['other']), { timeout: 3000 });
  const afterDelete = app.calls.slice(app.calls.findIndex((c) => c.method === 'DELETE') + 1);
  assert.equal(afterDelete.filter((c) => c.url.startsWith('api/projects/radar')), []);
  assert.equal(app.services.alerts.getAlerts().map((a) => [a.type, a.key]), [['success', 'managementPortalApp.project.deleted']]);
  assert.equal(app.missing, []);
});

t('the Delete button: system and organization admins of the project (a project admin\'s own role always keeps it); disabled while it loads', async () => {
  const pending = new Promise<never>(() => {});
  const loading = await harness({ url: '/project/radar', account: SYS_ADMIN, answers: { 'GET api/projects': json([RADAR]), 'GET api/projects/radar': () => pending } });
  await act(() => tick(5));
  let view = loading.render(<ProjectDetailPage params={{ projectName: 'radar' }} close={() => {}} />);
  assert.ok((view.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled);
  cleanup();

  const accounts = [
    [SYS_ADMIN, true, true],
    [user('oa', [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' }]), true, true],
    [user('pa', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }]), false, true],
    [user('ob', [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'beta' }]), false, false],
    [user('pb', [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'other' }]), false, false],
  ] as const;
  for (const [account, shown, edits] of accounts) {
    const h = await harness({ url: '/project/radar', account, answers: { 'GET api/projects/radar': json(RADAR) } });
    view = h.render(<ProjectDetailPage params={{ projectName: 'radar' }} close={() => {}} />);
    await waitFor(() => view.getByText('radar study'));
    const link = view.queryByRole('link', { name: 'Delete' });
    assert.is(link !== null, shown, account.login);
    assert.is(view.queryByRole('link', { name: 'Edit' }) !== null, edits, `${account.login} edits`);
    if (link) assert.ok(link.getAttribute('href')!.endsWith('(popup:project/radar/delete)'));
    cleanup();
  }
});

t.run();
