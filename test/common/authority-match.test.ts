import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hasAnyAuthority, roleAuthorityStrings, scopedAuthority } from '../../src/common/authority-match';
import type { RoleDTO } from '../../src/common/dto';

const sys: RoleDTO = { id: 1, authorityName: 'ROLE_SYS_ADMIN' };
const radarAdmin: RoleDTO = { id: 3, projectId: 1, projectName: 'radar', authorityName: 'ROLE_PROJECT_ADMIN' };
const mainAdmin: RoleDTO = { id: 6, organizationId: 1, organizationName: 'main', authorityName: 'ROLE_ORGANIZATION_ADMIN' };

test('granted when nothing is wanted, even without an account', () => {
  assert.ok(hasAnyAuthority(null, undefined));
  assert.ok(hasAnyAuthority(undefined, null));
  assert.ok(hasAnyAuthority(null, []));
  assert.ok(hasAnyAuthority({ roles: [] }, []));
});

test('denied without an account or without roles', () => {
  assert.not.ok(hasAnyAuthority(null, ['ROLE_SYS_ADMIN']));
  assert.not.ok(hasAnyAuthority(undefined, ['ROLE_SYS_ADMIN']));
  assert.not.ok(hasAnyAuthority({}, ['ROLE_SYS_ADMIN']));
  assert.not.ok(hasAnyAuthority({ roles: null }, ['ROLE_SYS_ADMIN']));
  assert.not.ok(hasAnyAuthority({ roles: [] }, ['ROLE_SYS_ADMIN']));
});

test('a bare authority name matches any role with that authority', () => {
  assert.ok(hasAnyAuthority({ roles: [sys] }, ['ROLE_SYS_ADMIN']));
  assert.ok(hasAnyAuthority({ roles: [radarAdmin] }, ['ROLE_PROJECT_ADMIN']));
  assert.ok(hasAnyAuthority({ roles: [radarAdmin] }, ['ROLE_SYS_ADMIN', 'ROLE_PROJECT_ADMIN']));
  assert.not.ok(hasAnyAuthority({ roles: [radarAdmin] }, ['ROLE_SYS_ADMIN']));
});

test('scoped authorities match the project or organization name', () => {
  assert.ok(hasAnyAuthority({ roles: [radarAdmin] }, ['ROLE_PROJECT_ADMIN:radar']));
  assert.not.ok(hasAnyAuthority({ roles: [radarAdmin] }, ['ROLE_PROJECT_ADMIN:pilot']));
  assert.ok(hasAnyAuthority({ roles: [mainAdmin] }, ['ROLE_ORGANIZATION_ADMIN:main']));
  assert.not.ok(hasAnyAuthority({ roles: [mainAdmin] }, ['ROLE_ORGANIZATION_ADMIN:other']));
  assert.not.ok(hasAnyAuthority({ roles: [radarAdmin] }, ['ROLE_ORGANIZATION_ADMIN:radar']), 'authority must match too');
  assert.ok(hasAnyAuthority({ roles: [sys, radarAdmin] }, ['ROLE_ORGANIZATION_ADMIN:main', 'ROLE_PROJECT_ADMIN:radar']));
});

test('matching is exact (no case folding, no prefix completion)', () => {
  assert.not.ok(hasAnyAuthority({ roles: [sys] }, ['role_sys_admin']));
  assert.not.ok(hasAnyAuthority({ roles: [sys] }, ['SYS_ADMIN']));
  assert.not.ok(hasAnyAuthority({ roles: [sys] }, ['ROLE_SYS_ADMIN:']));
});

test('roleAuthorityStrings and scopedAuthority', () => {
  assert.equal(roleAuthorityStrings(sys), ['ROLE_SYS_ADMIN']);
  assert.equal(roleAuthorityStrings(radarAdmin), ['ROLE_PROJECT_ADMIN', 'ROLE_PROJECT_ADMIN:radar']);
  assert.equal(roleAuthorityStrings(mainAdmin), ['ROLE_ORGANIZATION_ADMIN', 'ROLE_ORGANIZATION_ADMIN:main']);
  assert.is(scopedAuthority('ROLE_PROJECT_ADMIN', 'radar'), 'ROLE_PROJECT_ADMIN:radar');
});

test.run();
