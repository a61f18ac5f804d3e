// Deleting an organization: the dialog names it, DELETEs it, drops it from the session cache and announces the
// change; the server's 409 (projects remain) shows inside the dialog; deleted over its own page the app leaves that
// page without asking the server for the organization again; only its admins see the button.
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import type { OrganizationDTO, UserDTO } from '../../../../src/common/dto';
import { OrganizationDeleteDialog, OrganizationDetailPage } from '../../../../src/client/features/organization';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { startApp, url } from '../../layout/app-harness';

const org = (id: number, name: string): OrganizationDTO => ({ id, name, description: `${name} desc`, location: 'Here', projects: [] });
const ORG_ADMIN: UserDTO = { login: 'oa', activated: true, roles: [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 2, organizationName: 'beta' }] };
const PROJECT_ADMIN: UserDTO = { login: 'pa', activated: true, roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'beta-one' }] };
const DELETED = json(null, 200, { 'X-managementPortalApp-alert': 'managementPortalApp.organization.deleted', 'X-managementPortalApp-params': 'beta' });
const NOT_EMPTY = json(
  { entityName: 'organization', errorCode: 'error.organizationNotEmpty', message: 'Organization beta still has 1 project(s)', params: { name: 'beta', projects: '1' } },
  409,
  { 'X-managementPortalApp-error': 'error.organizationNotEmpty', 'X-managementPortalApp-params': 'organization' },
);
const confirmButton = () => within(document.querySelector('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Delete' });

const t = suite('organization delete');
t.after.each(() => cleanup());

t('from elsewhere: names the organization, deletes it, updates the cache, announces it and closes', async () => {
  let closed = 0;
  const h = await harness({ url: '/organization', account: SYS_ADMIN, answers: { 'GET api/organizations': json([org(2, 'beta'), org(3, 'gamma')]), 'DELETE api/organizations/beta': DELETED } });
  await act(() => tick(5));
  const announced: unknown[] = [];
  h.events.subscribe('organizationListModification', (detail) => announced.push(detail));
  const view = h.render(<OrganizationDeleteDialog params={{ organizationName: 'beta' }} close={() => closed++} />);
  assert.ok(view.getByText('Are you sure you want to delete organization beta?'));
  assert.ok(view.getByText(/Only an organization without projects can be deleted/));
  await act(async () => fireEvent.click(confirmButton()));
  await waitFor(() => assert.is(closed, 1));
  assert.equal(h.calls.filter((c) => c.method === 'DELETE').map((c) => c.url), ['api/organizations/beta']);
  assert.equal(h.session.store.getState().organizations.map((o) => o.name), ['gamma']);
  assert.equal(announced, [{ deleted: 'beta' }]);
  assert.is(h.router.getState().location.path, 'organization');
  assert.equal(h.missing, []);
});

t('a 409 (projects remain) shows the translated reason inside the dialog, which stays open', async () => {
  let closed = 0;
  const h = await harness({ url: '/organization/beta', account: SYS_ADMIN, answers: { 'GET api/organizations': json([org(2, 'beta')]), 'DELETE api/organizations/beta': NOT_EMPTY } });
  await act(() => tick(5));
  const view = h.render(<OrganizationDeleteDialog params={{ organizationName: 'beta' }} close={() => closed++} />);
  await act(async () => fireEvent.click(confirmButton()));
  await waitFor(() => assert.is(view.getByRole('alert').textContent, 'The organization still has projects; delete or move them first.'));
  assert.is(closed, 0);
  assert.equal(h.alerts.getAlerts(), [], 'no global alert for a 409 on DELETE');
  assert.equal(h.session.store.getState().organizations.map((o) => o.name), ['beta'], 'still cached');
  assert.is(h.router.getState().location.path, 'organization/beta');
  assert.not.ok((confirmButton() as HTMLButtonElement).disabled, 'the user may try again');
  fireEvent.click(view.getByRole('button', { name: 'Cancel' }));
  assert.is(closed, 1);
});

t('over its own page: the system admin lands on the list, and the organization is not asked for again', async () => {
  const app = await startApp({ url: '/organization/beta', account: SYS_ADMIN, organizations: [org(2, 'beta'), org(3, 'gamma')], answers: { 'DELETE api/organizations/beta': DELETED } });
  await app.settle(50);
  fireEvent.click(await waitFor(() => app.view.getByRole('link', { name: 'Delete' })));
  await app.settle(50);
  assert.ok(app.view.getByText('Are you sure you want to delete organization beta?'));
  await act(async () => fireEvent.click(confirmButton()));
  await app.settle(50);
  assert.is(url(app.history), '/organization');
  assert.is(document.querySelector('[role="dialog"]'), null);
  assert.equal([...document.querySelectorAll('main tbody tr')].map((row) => row.querySelectorAll('td')[1]?.textContent), ['gamma']);
  assert.equal(app.calls.filter((c) => c.url.startsWith('api/organizations/beta')).map((c) => c.method), ['DELETE']);
  assert.equal(app.services.alerts.getAlerts().map((a) => [a.type, a.key]), [['success', 'managementPortalApp.organization.deleted']]);
  assert.equal(app.missing, []);
});

t('over its own page: its organization admin goes home and reloads the account (the role went with it)', async () => {
  const app = await startApp({ url: '/organization/beta', account: ORG_ADMIN, organizations: [org(2, 'beta')], answers: { 'DELETE api/organizations/beta': DELETED } });
  await app.settle(50);
  const accountCalls = () => app.calls.filter((c) => c.url === 'api/account').length;
  const before = accountCalls();
  fireEvent.click(await waitFor(() => app.view.getByRole('link', { name: 'Delete' })));
  await app.settle(50);
  await act(async () => fireEvent.click(confirmButton()));
  await app.settle(50);
  assert.is(url(app.history), '/');
  assert.is(accountCalls(), before + 1);
  const afterDelete = app.calls.slice(app.calls.findIndex((c) => c.method === 'DELETE') + 1);
  assert.equal(afterDelete.filter((c) => c.url.startsWith('api/organizations/beta')), []);
});

t('the Delete button: system admins and that organization admin only; disabled while the organization loads', async () => {
  const pending = new Promise<never>(() => {});
  const loading = await harness({ url: '/organization/beta', account: ORG_ADMIN, answers: { 'GET api/organizations': json([]), 'GET api/organizations/beta': () => pending } });
  await act(() => tick(5));
  let view = loading.render(<OrganizationDetailPage params={{ organizationName: 'beta' }} close={() => {}} />);
  assert.ok((view.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled);
  assert.ok((view.getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled);
  cleanup();

  for (const [account, name, shown] of [[SYS_ADMIN, 'beta', true], [ORG_ADMIN, 'beta', true], [ORG_ADMIN, 'gamma', false], [PROJECT_ADMIN, 'beta', false]] as const) {
    const h = await harness({ url: `/organization/${name}`, account, answers: { 'GET api/organizations': json([org(2, 'beta'), org(3, 'gamma')]) } });
    await act(() => tick(5));
    view = h.render(<OrganizationDetailPage params={{ organizationName: name }} close={() => {}} />);
    await waitFor(() => view.getByText(`${name} desc`));
    const link = view.queryByRole('link', { name: 'Delete' });
    assert.is(link !== null, shown, `${account.login} on ${name}`);
    if (link) assert.ok(link.getAttribute('href')!.endsWith(`(popup:organization/${name}/delete)`));
    cleanup();
  }
});

t.run();
