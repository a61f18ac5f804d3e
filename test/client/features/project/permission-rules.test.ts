import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { UserDTO } from '../../../../src/common/dto';
import {
  isRemoveDisabled,
  scopedRole,
  splitUsers,
  withoutRole,
  withRole,
  type PermissionScope,
} from '../../../../src/client/features/project/permissions/permission-rules';

const user = (login: string, roles: UserDTO['roles']): UserDTO => ({ login, activated: true, email: `${login}@x.org`, roles });
const admin = user('admin', [{ authorityName: 'ROLE_SYS_ADMIN' }]);
const padmin = user('padmin', [
  { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 1, projectName: 'radar' },
  { authorityName: 'ROLE_PROJECT_ANALYST', projectId: 2, projectName: 'other' },
]);
const oadmin = user('oadmin', [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 7, organizationName: 'main' }]);
const nobody = user('nobody', []);
const project: PermissionScope = { kind: 'project', id: 1, name: 'radar' };
const organization: PermissionScope = { kind: 'organization', id: 7, name: 'main' };

test('a project scope lists system admins and holders of a role on that project; the rest can be added', () => {
  const { rows, others } = splitUsers([admin, padmin, oadmin, nobody], project);
  assert.equal(rows.map((r) => `${r.user.login}:${r.role.authorityName}`), ['admin:ROLE_SYS_ADMIN', 'padmin:ROLE_PROJECT_ADMIN']);
  assert.equal(others.map((u) => u.login), ['oadmin', 'nobody']);
});

test('an organization scope lists system admins and that organization admins', () => {
  const { rows, others } = splitUsers([admin, padmin, oadmin, nobody], organization);
  assert.equal(rows.map((r) => r.user.login), ['admin', 'oadmin']);
  assert.equal(others.map((u) => u.login), ['padmin', 'nobody']);
});

test('the role handed out is project admin in a project and organization admin in an organization, with ids', () => {
  assert.equal(scopedRole(project), { authorityName: 'ROLE_PROJECT_ADMIN', projectId: 1, projectName: 'radar' });
  assert.equal(scopedRole(organization), { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: 7, organizationName: 'main' });
});

test('remove is disabled for a system admin role, for oneself in a project, and for organization admins in an organization', () => {
  const rowsOf = (scope: PermissionScope) => splitUsers([admin, padmin, oadmin], scope).rows;
  const [sys, projectAdmin] = rowsOf(project);
  assert.ok(isRemoveDisabled(sys, project, 'someone'));
  assert.not.ok(isRemoveDisabled(projectAdmin, project, 'someone'));
  assert.ok(isRemoveDisabled(projectAdmin, project, 'padmin'), 'oneself');
  const [, orgAdmin] = rowsOf(organization);
  assert.ok(isRemoveDisabled(orgAdmin, organization, 'someone'));
});

test('roles are added to and removed from the whole role list (other roles stay)', () => {
  const added = withRole(nobody, scopedRole(project));
  assert.equal(added.roles, [{ authorityName: 'ROLE_PROJECT_ADMIN', projectId: 1, projectName: 'radar' }]);
  const removed = withoutRole(padmin, { authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' });
  assert.equal(removed.roles, [{ authorityName: 'ROLE_PROJECT_ANALYST', projectId: 2, projectName: 'other' }]);
  assert.is(removed.login, 'padmin');
});

test.run();
