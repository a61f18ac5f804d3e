import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import type { OrganizationDTO, UserDTO } from '../../../../src/common/dto';
import { OrganizationDetailPage, OrganizationDialog, OrganizationListPage } from '../../../../src/client/features/organization';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const org = (id: number, name: string): OrganizationDTO => ({ id, name, description: `${name} desc`, location: 'Here', projects: [] });
const ORG_ADMIN: UserDTO = { login: 'oa', activated: true, roles: [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 2, organizationName: 'beta' }] };

const t = suite('organization pages');
t.after.each(() => cleanup());

t('the list is sorted by name in the browser and offers create to system admins only', async () => {
  const h = await harness({ url: '/organization', account: SYS_ADMIN, answers: { 'GET api/organizations': json([org(1, 'zeta'), org(2, 'alpha'), org(3, 'Mid')]) } });
  await act(() => tick(5));
  const view = h.render(<OrganizationListPage params={{}} close={() => {}} />);
  const names = view.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent);
  assert.equal(names, ['alpha', 'Mid', 'zeta']);
  assert.ok(view.getByRole('link', { name: 'Create an organization' }));
  cleanup();

  const other = await harness({ url: '/organization', account: ORG_ADMIN });
  const otherView = other.render(<OrganizationListPage params={{}} close={() => {}} />);
  assert.is(otherView.queryByRole('link', { name: 'Create an organization' }), null);
  assert.equal(h.missing, []);
});

t('detail: Permissions tab and Edit only for system admins and that organization admin', async () => {
  const asOrgAdmin = await harness({ url: '/organization/beta', account: ORG_ADMIN, answers: { 'GET api/organizations': json([org(2, 'beta'), org(3, 'gamma')]) } });
  await act(() => tick(5));
  let view = asOrgAdmin.render(<OrganizationDetailPage params={{ organizationName: 'beta' }} close={() => {}} />);
  assert.equal(view.getAllByRole('tab').map((tab) => tab.textContent), ['Projects', 'Permissions']);
  assert.ok(view.getByRole('link', { name: 'Edit' }));
  cleanup();

  view = asOrgAdmin.render(<OrganizationDetailPage params={{ organizationName: 'gamma' }} close={() => {}} />);
  assert.equal(view.getAllByRole('tab').map((tab) => tab.textContent), ['Projects']);
  assert.is(view.queryByRole('link', { name: 'Edit' }), null);
  assert.equal(asOrgAdmin.missing, []);
});

t('detail: the Projects tab lists the organization projects from the cache with a create button', async () => {
  const h = await harness({
    url: '/organization/beta',
    account: ORG_ADMIN,
    answers: {
      'GET api/organizations': json([org(2, 'beta')]),
      'GET api/projects': json([
        { projectName: 'in-beta', description: 'd', location: 'l', organizationName: 'beta' },
        { projectName: 'elsewhere', description: 'd', location: 'l', organizationName: 'gamma' },
      ]),
    },
  });
  await act(() => tick(5));
  const view = h.render(<OrganizationDetailPage params={{ organizationName: 'beta' }} close={() => {}} />);
  assert.ok(view.getByRole('link', { name: 'in-beta' }));
  assert.is(view.queryByRole('link', { name: 'elsewhere' }), null);
  const create = view.getByRole('link', { name: 'Create a project' });
  fireEvent.click(create);
  assert.is(h.router.getState().location.popup, 'organization/beta/project-new');
});

t('create dialog: posts, patches the session cache and closes', async () => {
  let closed = 0;
  const h = await harness({
    url: '/organization(popup:organization-new)',
    account: SYS_ADMIN,
    answers: { 'POST api/organizations': (call) => json({ id: 9, projects: [], ...JSON.parse(call.body!) }, 201) },
  });
  const view = h.render(<OrganizationDialog params={{}} close={() => closed++} />);
  const save = view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled, 'invalid while empty');
  assert.ok(view.getByText('The name of an organization cannot be changed after it is created.'));
  fireEvent.change(view.getByLabelText(/^Name/), { target: { value: 'new-org' } });
  fireEvent.change(view.getByLabelText(/^Description/), { target: { value: 'About' } });
  fireEvent.change(view.getByLabelText(/^Location/), { target: { value: 'There' } });
  assert.not.ok(save.disabled);
  await act(async () => {
    fireEvent.click(save);
    await tick(10);
  });
  const post = h.calls.find((call) => call.method === 'POST')!;
  assert.equal(JSON.parse(post.body!), { name: 'new-org', description: 'About', location: 'There' });
  assert.equal(h.session.store.getState().organizations.map((o) => o.name), ['new-org']);
  assert.is(closed, 1);
});

t('edit dialog from the detail page: name read-only, PUT, then navigates to the organization', async () => {
  const h = await harness({
    url: '/organization/beta(popup:organization/beta/edit)?tab=permissions',
    account: SYS_ADMIN,
    answers: { 'GET api/organizations': json([org(2, 'beta')]), 'PUT api/organizations': (call) => json(JSON.parse(call.body!)) },
  });
  await act(() => tick(5));
  const view = h.render(<OrganizationDialog params={{ organizationName: 'beta' }} close={() => assert.unreachable('navigates instead')} />);
  await waitFor(() => assert.is((view.getByLabelText(/^Name/) as HTMLInputElement).value, 'beta'));
  assert.ok((view.getByLabelText(/^Name/) as HTMLInputElement).readOnly);
  fireEvent.change(view.getByLabelText(/^Location/), { target: { value: 'Elsewhere' } });
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    await tick(10);
  });
  const put = JSON.parse(h.calls.find((call) => call.method === 'PUT')!.body!);
  assert.is(put.id, 2);
  assert.is(put.location, 'Elsewhere');
  assert.is(h.session.store.getState().organizations[0].location, 'Elsewhere');
  assert.is(h.history.location.pathname + h.history.location.search, '/organization/beta?tab=permissions');
  assert.equal(h.missing, []);
});

t.run();
