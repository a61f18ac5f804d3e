import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ASSIGNABLE_ADMIN_AUTHORITIES,
  LISTED_AUTHORITIES,
  ROLE_AUTHORITIES,
  isAuthorityName,
  parseAuthority,
} from '../../src/common/authorities';

test('the eight roles with scope and personal flag', () => {
  assert.equal(
    ROLE_AUTHORITIES.map((r) => [r.name, r.scope, r.personal]),
    [
      ['ROLE_SYS_ADMIN', 'GLOBAL', false],
      ['ROLE_ORGANIZATION_ADMIN', 'ORGANIZATION', false],
      ['ROLE_PROJECT_ADMIN', 'PROJECT', false],
      ['ROLE_PROJECT_OWNER', 'PROJECT', false],
      ['ROLE_PROJECT_AFFILIATE', 'PROJECT', false],
      ['ROLE_PROJECT_ANALYST', 'PROJECT', false],
      ['ROLE_PARTICIPANT', 'PROJECT', true],
      ['ROLE_INACTIVE_PARTICIPANT', 'PROJECT', true],
    ],
  );
});

test('parseAuthority: case-insensitive, ROLE_ prefix optional', () => {
  for (const spelling of ['ROLE_PROJECT_ADMIN', 'PROJECT_ADMIN', 'project_admin', 'role_Project_Admin', 'Role_project_admin']) {
    assert.is(parseAuthority(spelling)?.name, 'ROLE_PROJECT_ADMIN', spelling);
  }
  assert.is(parseAuthority('sys_admin')?.scope, 'GLOBAL');
  assert.is(parseAuthority('ROLE_PARTICIPANT')?.personal, true);
});

test('parseAuthority: unknown names give undefined', () => {
  for (const bad of ['ROLE_USER', 'USER', '', 'ROLE_', 'ROLE_ROLE_SYS_ADMIN', ' ROLE_SYS_ADMIN', null, undefined]) {
    assert.is(parseAuthority(bad), undefined, String(bad));
  }
});

test('isAuthorityName only accepts the exact wire names', () => {
  assert.ok(isAuthorityName('ROLE_PROJECT_ANALYST'));
  assert.not.ok(isAuthorityName('role_project_analyst'));
  assert.not.ok(isAuthorityName('ROLE_USER'));
});

test('GET api/authorities lists six non-personal roles in contract order', () => {
  assert.equal(LISTED_AUTHORITIES, [
    { name: 'ROLE_SYS_ADMIN', scope: 'GLOBAL' },
    { name: 'ROLE_ORGANIZATION_ADMIN', scope: 'ORGANIZATION' },
    { name: 'ROLE_PROJECT_ADMIN', scope: 'PROJECT' },
    { name: 'ROLE_PROJECT_OWNER', scope: 'PROJECT' },
    { name: 'ROLE_PROJECT_AFFILIATE', scope: 'PROJECT' },
    { name: 'ROLE_PROJECT_ANALYST', scope: 'PROJECT' },
  ]);
  for (const a of LISTED_AUTHORITIES) assert.is(parseAuthority(a.name)?.scope, a.scope);
});

test('the user dialog assigns only the three admin roles', () => {
  assert.equal(ASSIGNABLE_ADMIN_AUTHORITIES, ['ROLE_SYS_ADMIN', 'ROLE_ORGANIZATION_ADMIN', 'ROLE_PROJECT_ADMIN']);
});

test.run();
