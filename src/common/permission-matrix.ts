// The permissions and the permission matrix (docs/permissions.md), kept as a table so it reads like the summary there
// line by line. A permission's scope string (`ENTITY.OPERATION`) is also its name in tokens.
import { ROLE_AUTHORITIES, parseAuthority, type AuthorityName } from './authorities';

/**
 * In the row order of radar-auth's table: 40 permissions (some descriptions say 42, but the table and radar-auth's
 * Permission enum both list 9 entities x CRUD plus AUDIT.READ, AUTHORITY.READ, MEASUREMENT.READ/CREATE).
 */
export const PERMISSIONS = [
  'SOURCETYPE.CREATE', 'SOURCETYPE.READ', 'SOURCETYPE.UPDATE', 'SOURCETYPE.DELETE',
  'SOURCEDATA.CREATE', 'SOURCEDATA.READ', 'SOURCEDATA.UPDATE', 'SOURCEDATA.DELETE',
  'SOURCE.CREATE', 'SOURCE.READ', 'SOURCE.UPDATE', 'SOURCE.DELETE',
  'SUBJECT.CREATE', 'SUBJECT.READ', 'SUBJECT.UPDATE', 'SUBJECT.DELETE',
  'USER.CREATE', 'USER.READ', 'USER.UPDATE', 'USER.DELETE',
  'ROLE.CREATE', 'ROLE.READ', 'ROLE.UPDATE', 'ROLE.DELETE',
  'PROJECT.CREATE', 'PROJECT.READ', 'PROJECT.UPDATE', 'PROJECT.DELETE',
  'ORGANIZATION.CREATE', 'ORGANIZATION.READ', 'ORGANIZATION.UPDATE', 'ORGANIZATION.DELETE',
  'OAUTHCLIENTS.CREATE', 'OAUTHCLIENTS.READ', 'OAUTHCLIENTS.UPDATE', 'OAUTHCLIENTS.DELETE',
  'AUDIT.READ', 'AUTHORITY.READ', 'MEASUREMENT.READ', 'MEASUREMENT.CREATE',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_ENTITIES = [
  'SOURCETYPE', 'SOURCEDATA', 'SOURCE', 'SUBJECT', 'USER', 'ROLE', 'PROJECT', 'ORGANIZATION', 'OAUTHCLIENTS',
  'AUDIT', 'AUTHORITY', 'MEASUREMENT',
] as const;
export type PermissionEntity = (typeof PERMISSION_ENTITIES)[number];
export type PermissionOperation = 'CREATE' | 'READ' | 'UPDATE' | 'DELETE';

const permissionSet: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermission(scope: string): scope is Permission {
  return permissionSet.has(scope);
}

export function permissionEntity(permission: Permission): PermissionEntity {
  return permission.slice(0, permission.indexOf('.')) as PermissionEntity;
}

export function permissionOperation(permission: Permission): PermissionOperation {
  return permission.slice(permission.indexOf('.') + 1) as PermissionOperation;
}

// Columns in the order of ROLE_AUTHORITIES:
//   SYS_ADMIN, ORGANIZATION_ADMIN, PROJECT_ADMIN, PROJECT_OWNER, PROJECT_AFFILIATE, PROJECT_ANALYST,
//   PARTICIPANT, INACTIVE_PARTICIPANT
const MATRIX: Record<Permission, string> = {
  //                     SYS ORG PA  PO  PAF PAN PAR INA
  'SOURCETYPE.CREATE':   'Y   -   Y   Y   Y   -   -   -',
  'SOURCETYPE.READ':     'Y   Y   Y   Y   Y   Y   -   -',
  'SOURCETYPE.UPDATE':   'Y   Y   Y   Y   Y   -   -   -',
  'SOURCETYPE.DELETE':   'Y   Y   Y   Y   Y   -   -   -',
  'SOURCEDATA.CREATE':   'Y   -   Y   Y   Y   -   -   -',
  'SOURCEDATA.READ':     'Y   Y   Y   Y   Y   Y   -   -',
  'SOURCEDATA.UPDATE':   'Y   Y   Y   Y   Y   -   -   -',
  'SOURCEDATA.DELETE':   'Y   Y   Y   Y   Y   -   -   -',
  'SOURCE.CREATE':       'Y   Y   Y   Y   Y   -   -   -',
  'SOURCE.READ':         'Y   Y   Y   Y   Y   Y   -   -',
  'SOURCE.UPDATE':       'Y   Y   Y   Y   Y   -   -   -',
  'SOURCE.DELETE':       'Y   Y   Y   Y   Y   -   -   -',
  'SUBJECT.CREATE':      'Y   Y   Y   Y   Y   -   -   -',
  'SUBJECT.READ':        'Y   Y   Y   Y   Y   Y   Y   -',
  'SUBJECT.UPDATE':      'Y   Y   Y   Y   Y   Y   Y   -',
  'SUBJECT.DELETE':      'Y   Y   Y   Y   -   -   -   -',
  'USER.CREATE':         'Y   Y   Y   -   -   -   -   -',
  'USER.READ':           'Y   Y   Y   -   -   -   -   -',
  'USER.UPDATE':         'Y   Y   Y   -   -   -   -   -',
  'USER.DELETE':         'Y   Y   Y   -   -   -   -   -',
  'ROLE.CREATE':         'Y   Y   Y   Y   Y   -   -   -',
  'ROLE.READ':           'Y   Y   Y   Y   Y   Y   -   -',
  'ROLE.UPDATE':         'Y   Y   Y   Y   Y   -   -   -',
  'ROLE.DELETE':         'Y   Y   Y   Y   Y   -   -   -',
  'PROJECT.CREATE':      'Y   Y   -   -   -   -   -   -',
  'PROJECT.READ':        'Y   Y   Y   Y   Y   Y   -   -',
  'PROJECT.UPDATE':      'Y   Y   Y   Y   -   -   -   -',
  'PROJECT.DELETE':      'Y   Y   Y   Y   -   -   -   -',
  'ORGANIZATION.CREATE': 'Y   -   -   -   -   -   -   -',
  'ORGANIZATION.READ':   'Y   Y   Y   Y   Y   Y   -   -',
  'ORGANIZATION.UPDATE': 'Y   Y   -   -   -   -   -   -',
  'ORGANIZATION.DELETE': 'Y   Y   -   -   -   -   -   -',
  'OAUTHCLIENTS.CREATE': 'Y   Y   Y   Y   Y   -   -   -',
  'OAUTHCLIENTS.READ':   'Y   Y   Y   Y   Y   Y   -   -',
  'OAUTHCLIENTS.UPDATE': 'Y   Y   Y   Y   Y   -   -   -',
  'OAUTHCLIENTS.DELETE': 'Y   Y   Y   Y   Y   -   -   -',
  'AUDIT.READ':          'Y   -   -   -   -   -   -   -',
  'AUTHORITY.READ':      'Y   -   -   -   -   -   -   -',
  'MEASUREMENT.READ':    'Y   -   Y   Y   Y   Y   Y   -',
  'MEASUREMENT.CREATE':  'Y   -   Y   Y   Y   -   Y   -',
};

/** Role → the permissions it may be granted, built once from the table above. */
export const ROLE_PERMISSIONS: ReadonlyMap<AuthorityName, ReadonlySet<Permission>> = (() => {
  const grants = new Map<AuthorityName, Set<Permission>>(ROLE_AUTHORITIES.map((r) => [r.name, new Set()]));
  for (const permission of PERMISSIONS) {
    const cells = MATRIX[permission].split(/\s+/);
    if (cells.length !== ROLE_AUTHORITIES.length) throw new Error(`permission matrix row ${permission} is malformed`);
    cells.forEach((cell, column) => {
      if (cell === 'Y') grants.get(ROLE_AUTHORITIES[column].name)!.add(permission);
    });
  }
  return grants;
})();

/** Whether a role with this authority (any spelling `parseAuthority` accepts) may be granted the permission. */
export function mayBeGranted(authority: string, permission: Permission): boolean {
  const role = parseAuthority(authority);
  return role !== undefined && ROLE_PERMISSIONS.get(role.name)!.has(permission);
}

/**
 * Every scope at least one of these authorities may be granted, in PERMISSIONS order. Used when minting tokens:
 * requested scopes are reduced to this list (docs/oauth.md). Unknown authorities grant nothing.
 */
export function grantableScopes(authorities: Iterable<string>): Permission[] {
  const roles = [...authorities].map(parseAuthority).filter((r) => r !== undefined);
  return PERMISSIONS.filter((p) => roles.some((r) => ROLE_PERMISSIONS.get(r.name)!.has(p)));
}
