import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup } from '@testing-library/react';
import type { UserDTO } from '../../../../src/common/dto';
import { UserDetailPage } from '../../../../src/client/features/user-management';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { json, type Responder } from '../../lib/fake-fetch';

const JO: UserDTO = {
  id: 2,
  login: 'jo',
  firstName: 'Jo',
  lastName: 'Doe',
  email: 'jo@example.org',
  activated: false,
  langKey: 'nl',
  createdBy: 'admin',
  createdDate: '2024-03-05T14:07:00Z',
  lastModifiedBy: 'admin',
  lastModifiedDate: '2024-03-05T14:07:00Z',
  roles: [
    { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 3, projectName: 'radar' },
    { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' },
  ],
};

const t = suite('user-management: UserDetailPage');
t.after.each(() => cleanup());

async function open(answer: Responder) {
  const h = await harness({ url: '/user-management/jo', account: SYS_ADMIN, answers: { 'GET api/users/jo': answer } });
  const view = h.render(<UserDetailPage params={{ login: 'jo' }} />);
  await act(() => tick());
  return { h, view };
}

t('shows the user, with project roles linking to their project, and a way back to the list', async () => {
  const { h, view } = await open(json(JO));
  assert.is(view.getByRole('heading', { level: 1 }).textContent, 'User [jo]');
  const pairs = [...document.querySelectorAll('.user-detail__row')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]);
  assert.equal(pairs.slice(0, 7), [
    ['Login', 'jo'],
    ['Activated', 'Deactivated'],
    ['First name', 'Jo'],
    ['Last name', 'Doe'],
    ['Email', 'jo@example.org'],
    ['Language', 'Nederlands (nl)'],
    ['Created by', 'admin'],
  ]);
  assert.is(view.getByRole('link', { name: 'radar' }).getAttribute('href'), '/project/radar');
  // Roles read as words, with the authority's wire name as the title.
  assert.is(view.getByText('Project admin').getAttribute('title'), 'ROLE_PROJECT_ADMIN');
  assert.is(view.getByText('Organization admin').getAttribute('title'), 'ROLE_ORGANIZATION_ADMIN');
  assert.is(view.getByRole('link', { name: 'main' }).getAttribute('href'), '/organization/main');
  assert.is(view.getByRole('link', { name: 'Back' }).getAttribute('href'), '/user-management');
  assert.equal(h.missing, []);
});

t('a user that cannot be loaded says so', async () => {
  const { view } = await open(json({}, 404));
  assert.ok(view.getByText('The user could not be loaded.'));
});

t.run();
