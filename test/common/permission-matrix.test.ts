// The whole permission matrix, cell by cell, against radar-auth's table pasted verbatim below, plus the
// spec's derivation rules as an independent second reading of the same table.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROLE_AUTHORITIES } from '../../src/common/authorities';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  grantableScopes,
  isPermission,
  mayBeGranted,
  permissionEntity,
  permissionOperation,
  type Permission,
} from '../../src/common/permissions';

const SPEC_TABLE = `
| Permission (scope) | SYS_ADMIN | ORG_ADMIN | PROJ_ADMIN | PROJ_OWNER | PROJ_AFFILIATE | PROJ_ANALYST | PARTICIPANT | INACTIVE_PART. |
|---|---|---|---|---|---|---|---|---|
| SOURCETYPE.CREATE | Y | - | Y | Y | Y | - | - | - |
| SOURCETYPE.READ | Y | Y | Y | Y | Y | Y | - | - |
| SOURCETYPE.UPDATE | Y | Y | Y | Y | Y | - | - | - |
| SOURCETYPE.DELETE | Y | Y | Y | Y | Y | - | - | - |
| SOURCEDATA.CREATE | Y | - | Y | Y | Y | - | - | - |
| SOURCEDATA.READ | Y | Y | Y | Y | Y | Y | - | - |
| SOURCEDATA.UPDATE | Y | Y | Y | Y | Y | - | - | - |
| SOURCEDATA.DELETE | Y | Y | Y | Y | Y | - | - | - |
| SOURCE.CREATE | Y | Y | Y | Y | Y | - | - | - |
| SOURCE.READ | Y | Y | Y | Y | Y | Y | - | - |
| SOURCE.UPDATE | Y | Y | Y | Y | Y | - | - | - |
| SOURCE.DELETE | Y | Y | Y | Y | Y | - | - | - |
| SUBJECT.CREATE | Y | Y | Y | Y | Y | - | - | - |
| SUBJECT.READ | Y | Y | Y | Y | Y | Y | Y | - |
| SUBJECT.UPDATE | Y | Y | Y | Y | Y | Y | Y | - |
| SUBJECT.DELETE | Y | Y | Y | Y | - | - | - | - |
| USER.CREATE | Y | Y | Y | - | - | - | - | - |
| USER.READ | Y | Y | Y | - | - | - | - | - |
| USER.UPDATE | Y | Y | Y | - | - | - | - | - |
| USER.DELETE | Y | Y | Y | - | - | - | - | - |
| ROLE.CREATE | Y | Y | Y | Y | Y | - | - | - |
| ROLE.READ | Y | Y | Y | Y | Y | Y | - | - |
| ROLE.UPDATE | Y | Y | Y | Y | Y | - | - | - |
| ROLE.DELETE | Y | Y | Y | Y | Y | - | - | - |
| PROJECT.CREATE | Y | Y | - | - | - | - | - | - |
| PROJECT.READ | Y | Y | Y | Y | Y | Y | - | - |
| PROJECT.UPDATE | Y | Y | Y | Y | - | - | - | - |
| PROJECT.DELETE | Y | Y | Y | Y | - | - | - | - |
| ORGANIZATION.CREATE | Y | - | - | - | - | - | - | - |
| ORGANIZATION.READ | Y | Y | Y | Y | Y | Y | - | - |
| ORGANIZATION.UPDATE | Y | Y | - | - | - | - | - | - |
| ORGANIZATION.DELETE | Y | Y | - | - | - | - | - | - |
| OAUTHCLIENTS.CREATE | Y | Y | Y | Y | Y | - | - | - |
| OAUTHCLIENTS.READ | Y | Y | Y | Y | Y | Y | - | - |
| OAUTHCLIENTS.UPDATE | Y | Y | Y | Y | Y | - | - | - |
| OAUTHCLIENTS.DELETE | Y | Y | Y | Y | Y | - | - | - |
| AUDIT.READ | Y | - | - | - | - | - | - | - |
| AUTHORITY.READ | Y | - | - | - | - | - | - | - |
| MEASUREMENT.READ | Y | - | Y | Y | Y | Y | Y | - |
| MEASUREMENT.CREATE | Y | - | Y | Y | Y | - | Y | - |
`;

// Column headers of the spec table, mapped to authority names.
const COLUMN_AUTHORITY: Record<string, string> = {
  SYS_ADMIN: 'ROLE_SYS_ADMIN',
  ORG_ADMIN: 'ROLE_ORGANIZATION_ADMIN',
  PROJ_ADMIN: 'ROLE_PROJECT_ADMIN',
  PROJ_OWNER: 'ROLE_PROJECT_OWNER',
  PROJ_AFFILIATE: 'ROLE_PROJECT_AFFILIATE',
  PROJ_ANALYST: 'ROLE_PROJECT_ANALYST',
  PARTICIPANT: 'ROLE_PARTICIPANT',
  'INACTIVE_PART.': 'ROLE_INACTIVE_PARTICIPANT',
};

const cells = (line: string) => line.split('|').slice(1, -1).map((c) => c.trim());
const [header, , ...rows] = SPEC_TABLE.trim().split('\n').map(cells);
const columns = header.slice(1).map((h) => COLUMN_AUTHORITY[h]);

// Some descriptions say "42 permissions"; radar-auth's table and Permission enum have 40.
test('the spec table has 40 permissions and 8 roles, the same as the code', () => {
  assert.is(rows.length, 40);
  assert.equal(rows.map((r) => r[0]), [...PERMISSIONS]);
  assert.equal(columns, ROLE_AUTHORITIES.map((r) => r.name));
});

for (const row of rows) {
  const permission = row[0] as Permission;
  test(`matrix row ${permission}`, () => {
    columns.forEach((authority, i) => {
      const expected = row[i + 1] === 'Y';
      assert.is(mayBeGranted(authority, permission), expected, `${authority} x ${permission}`);
      assert.is(ROLE_PERMISSIONS.get(authority as never)!.has(permission), expected, `${authority} x ${permission}`);
    });
  });
}

test('derivation rules give the same matrix', () => {
  const entity = permissionEntity;
  const op = permissionOperation;
  const adminOnly = (p: Permission) => ['AUDIT', 'AUTHORITY'].includes(entity(p));
  const projectAdmin = (p: Permission) =>
    p !== 'PROJECT.CREATE' && !adminOnly(p) && (entity(p) !== 'ORGANIZATION' || op(p) === 'READ');
  const rules: Record<string, (p: Permission) => boolean> = {
    ROLE_SYS_ADMIN: () => true,
    ROLE_ORGANIZATION_ADMIN: (p) =>
      !['ORGANIZATION.CREATE', 'SOURCEDATA.CREATE', 'SOURCETYPE.CREATE'].includes(p) &&
      !adminOnly(p) &&
      entity(p) !== 'MEASUREMENT',
    ROLE_PROJECT_ADMIN: projectAdmin,
    ROLE_PROJECT_OWNER: (p) => projectAdmin(p) && entity(p) !== 'USER',
    ROLE_PROJECT_AFFILIATE: (p) =>
      p !== 'SUBJECT.DELETE' &&
      !adminOnly(p) &&
      entity(p) !== 'USER' &&
      (!['ORGANIZATION', 'PROJECT'].includes(entity(p)) || op(p) === 'READ'),
    ROLE_PROJECT_ANALYST: (p) =>
      (op(p) === 'READ' && !adminOnly(p) && entity(p) !== 'USER') || p === 'SUBJECT.UPDATE',
    ROLE_PARTICIPANT: (p) => ['SUBJECT.READ', 'SUBJECT.UPDATE', 'MEASUREMENT.READ', 'MEASUREMENT.CREATE'].includes(p),
    ROLE_INACTIVE_PARTICIPANT: () => false,
  };
  for (const [authority, rule] of Object.entries(rules)) {
    for (const p of PERMISSIONS) assert.is(mayBeGranted(authority, p), rule(p), `${authority} x ${p}`);
  }
});

test('mayBeGranted accepts any spelling of the authority and refuses unknown ones', () => {
  assert.ok(mayBeGranted('sys_admin', 'AUDIT.READ'));
  assert.ok(mayBeGranted('role_project_analyst', 'SUBJECT.UPDATE'));
  assert.not.ok(mayBeGranted('ROLE_USER', 'SUBJECT.READ'));
  assert.not.ok(mayBeGranted('', 'SUBJECT.READ'));
});

test('permission names split into entity and operation', () => {
  assert.is(permissionEntity('OAUTHCLIENTS.DELETE'), 'OAUTHCLIENTS');
  assert.is(permissionOperation('OAUTHCLIENTS.DELETE'), 'DELETE');
  assert.is(permissionEntity('MEASUREMENT.CREATE'), 'MEASUREMENT');
  assert.ok(isPermission('SUBJECT.READ'));
  assert.not.ok(isPermission('AUDIT.CREATE'));
  assert.not.ok(isPermission('subject.read'));
  assert.is(new Set(PERMISSIONS).size, 40);
});

test('grantableScopes: the union of the roles, in matrix order', () => {
  assert.equal(grantableScopes(['ROLE_PARTICIPANT']), ['SUBJECT.READ', 'SUBJECT.UPDATE', 'MEASUREMENT.READ', 'MEASUREMENT.CREATE']);
  assert.equal(grantableScopes(['ROLE_SYS_ADMIN']), [...PERMISSIONS]);
  assert.equal(grantableScopes([]), []);
  assert.equal(grantableScopes(['ROLE_INACTIVE_PARTICIPANT', 'ROLE_UNKNOWN']), []);
  const orgAndParticipant = grantableScopes(['ROLE_ORGANIZATION_ADMIN', 'ROLE_PARTICIPANT']);
  assert.ok(orgAndParticipant.includes('MEASUREMENT.CREATE'));
  assert.ok(orgAndParticipant.includes('USER.DELETE'));
  assert.not.ok(orgAndParticipant.includes('SOURCETYPE.CREATE'));
  assert.is(orgAndParticipant.indexOf('SOURCETYPE.READ'), 0);
});

test.run();
