import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { canDeleteFromList, roleText } from '../../../../src/client/features/user-management/user-roles';

const t = suite('user-management: roles text and delete rule');

t('the system admin role by name; organization and project admins with their organization or project', () => {
  assert.is(roleText({ authorityName: 'ROLE_SYS_ADMIN' }), 'ROLE_SYS_ADMIN');
  assert.is(roleText({ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 1, organizationName: 'main' }), 'ROLE_ORGANIZATION_ADMIN: main');
  assert.is(roleText({ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 3, projectName: 'radar' }), 'ROLE_PROJECT_ADMIN: radar');
});

t('nobody deletes themself, nor a user whose first role is a participant role', () => {
  const user = (login: string, ...authorityNames: string[]) => ({
    login,
    activated: true,
    roles: authorityNames.map((authorityName) => ({ authorityName, projectName: 'radar' })),
  });
  assert.ok(canDeleteFromList(user('jo', 'ROLE_PROJECT_ADMIN'), 'admin'));
  assert.ok(canDeleteFromList(user('jo'), 'admin'), 'no roles');
  assert.ok(canDeleteFromList(user('jo', 'ROLE_PROJECT_ADMIN', 'ROLE_PARTICIPANT'), 'admin'), 'only the first role counts');
  assert.not.ok(canDeleteFromList(user('admin', 'ROLE_SYS_ADMIN'), 'admin'));
  assert.not.ok(canDeleteFromList(user('sub-1', 'ROLE_PARTICIPANT'), 'admin'));
  assert.not.ok(canDeleteFromList(user('sub-2', 'ROLE_INACTIVE_PARTICIPANT', 'ROLE_PROJECT_ADMIN'), 'admin'));
});

t.run();
