import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, waitFor } from '@testing-library/react';
import { RoleDetailPage } from '../../../../src/client/features/role';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN } from '../../components/harness';

const t = suite('role detail');
t.after.each(() => cleanup());

t('shows the authority and links to its project', async () => {
  const h = await harness({
    account: SYS_ADMIN,
    answers: { 'GET api/roles/radar/ROLE_PROJECT_ADMIN': json({ id: 3, projectId: 1, projectName: 'radar', authorityName: 'ROLE_PROJECT_ADMIN' }) },
  });
  const view = h.render(<RoleDetailPage params={{ projectOrOrganizationName: 'radar', authorityName: 'ROLE_PROJECT_ADMIN' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByRole('link', { name: 'radar' })));
  // The authority reads as words, its wire name as the title.
  const heading = view.getByRole('heading', { name: 'Role: Project admin' });
  assert.is(heading.querySelector('span')!.getAttribute('title'), 'ROLE_PROJECT_ADMIN');
  assert.is(view.getByText('Project admin', { selector: 'dd' }).getAttribute('title'), 'ROLE_PROJECT_ADMIN');
  assert.ok(view.getByRole('link', { name: 'radar' }).getAttribute('href')!.endsWith('/project/radar'));
  assert.equal(h.missing, []);
});

t('an organization role links to its organization; a missing role says so', async () => {
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'GET api/roles/main/ROLE_ORGANIZATION_ADMIN': json({ organizationId: 2, organizationName: 'main', authorityName: 'ROLE_ORGANIZATION_ADMIN' }),
      'GET api/roles/main/ROLE_PROJECT_ADMIN': json({ message: 'error.http.404' }, 404),
    },
  });
  let view = h.render(<RoleDetailPage params={{ projectOrOrganizationName: 'main', authorityName: 'ROLE_ORGANIZATION_ADMIN' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByRole('link', { name: 'main' }).getAttribute('href')!.endsWith('/organization/main')));
  cleanup();
  view = h.render(<RoleDetailPage params={{ projectOrOrganizationName: 'main', authorityName: 'ROLE_PROJECT_ADMIN' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByText('This role could not be found.')));
});

t.run();
