// The eight role authorities (docs/permissions.md). A role instance is (authority, referent) where the referent is an
// organization name for ORGANIZATION roles, a project name for PROJECT roles and absent for the GLOBAL role.
import type { AuthorityDTO, AuthorityScope } from './dto';

export const ROLE_PREFIX = 'ROLE_';

export const ROLE_SYS_ADMIN = 'ROLE_SYS_ADMIN';
export const ROLE_ORGANIZATION_ADMIN = 'ROLE_ORGANIZATION_ADMIN';
export const ROLE_PROJECT_ADMIN = 'ROLE_PROJECT_ADMIN';
export const ROLE_PROJECT_OWNER = 'ROLE_PROJECT_OWNER';
export const ROLE_PROJECT_AFFILIATE = 'ROLE_PROJECT_AFFILIATE';
export const ROLE_PROJECT_ANALYST = 'ROLE_PROJECT_ANALYST';
export const ROLE_PARTICIPANT = 'ROLE_PARTICIPANT';
export const ROLE_INACTIVE_PARTICIPANT = 'ROLE_INACTIVE_PARTICIPANT';

/** Authority string as stored and sent on the wire, e.g. `ROLE_PROJECT_ADMIN`. */
export type AuthorityName =
  | typeof ROLE_SYS_ADMIN
  | typeof ROLE_ORGANIZATION_ADMIN
  | typeof ROLE_PROJECT_ADMIN
  | typeof ROLE_PROJECT_OWNER
  | typeof ROLE_PROJECT_AFFILIATE
  | typeof ROLE_PROJECT_ANALYST
  | typeof ROLE_PARTICIPANT
  | typeof ROLE_INACTIVE_PARTICIPANT;

export interface RoleAuthority {
  /** Wire name, e.g. `ROLE_PROJECT_ADMIN`. */
  name: AuthorityName;
  scope: AuthorityScope;
  /** Personal roles (participants) only reach their own subject and sources. */
  personal: boolean;
}

/** In the order of docs/permissions.md (also the column order of the permission matrix). */
export const ROLE_AUTHORITIES: readonly RoleAuthority[] = [
  { name: ROLE_SYS_ADMIN, scope: 'GLOBAL', personal: false },
  { name: ROLE_ORGANIZATION_ADMIN, scope: 'ORGANIZATION', personal: false },
  { name: ROLE_PROJECT_ADMIN, scope: 'PROJECT', personal: false },
  { name: ROLE_PROJECT_OWNER, scope: 'PROJECT', personal: false },
  { name: ROLE_PROJECT_AFFILIATE, scope: 'PROJECT', personal: false },
  { name: ROLE_PROJECT_ANALYST, scope: 'PROJECT', personal: false },
  { name: ROLE_PARTICIPANT, scope: 'PROJECT', personal: true },
  { name: ROLE_INACTIVE_PARTICIPANT, scope: 'PROJECT', personal: true },
];

const byUpperName = new Map(ROLE_AUTHORITIES.map((a) => [a.name, a] as const));

/**
 * Parses an authority name as the original does: case-insensitive, `ROLE_` prefix optional
 * (`project_admin`, `ROLE_Project_Admin` and `ROLE_PROJECT_ADMIN` are the same). Unknown names give undefined.
 */
export function parseAuthority(name: string | null | undefined): RoleAuthority | undefined {
  if (!name) return undefined;
  const upper = name.toUpperCase();
  const full = upper.startsWith(ROLE_PREFIX) ? upper : ROLE_PREFIX + upper;
  return byUpperName.get(full as AuthorityName);
}

export function isAuthorityName(name: string): name is AuthorityName {
  return byUpperName.has(name as AuthorityName);
}

/** What `GET api/authorities` answers, in this order . Participant roles are never offered. */
export const LISTED_AUTHORITIES: readonly AuthorityDTO[] = [
  { name: ROLE_SYS_ADMIN, scope: 'GLOBAL' },
  { name: ROLE_ORGANIZATION_ADMIN, scope: 'ORGANIZATION' },
  { name: ROLE_PROJECT_ADMIN, scope: 'PROJECT' },
  { name: ROLE_PROJECT_OWNER, scope: 'PROJECT' },
  { name: ROLE_PROJECT_AFFILIATE, scope: 'PROJECT' },
  { name: ROLE_PROJECT_ANALYST, scope: 'PROJECT' },
];

/** The only roles the user dialog's role editor offers . */
export const ASSIGNABLE_ADMIN_AUTHORITIES: readonly AuthorityName[] = [
  ROLE_SYS_ADMIN,
  ROLE_ORGANIZATION_ADMIN,
  ROLE_PROJECT_ADMIN,
];
