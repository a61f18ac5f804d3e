// Which users and roles a caller reaches (docs/users.md). A user lives where its roles live: a caller holding
// permission P through a global role reaches every user; through an organization role, the roles of that
// organization and of its projects; through a (non-personal) project role, the roles of that project. Global roles
// are reached only from a global role, and an organization role only from that organization, never from one of its
// projects: a project admin cannot grant or see organization-admin roles.
import { parseAuthority } from '../../common/authorities';
import type { AuthToken } from '../../common/permission-check';
import { mayBeGranted, referentsByScope, type Permission } from '../../common/permissions';
import type { UserRole } from './user-roles';

/** The parts of a role the scope check reads (a stored UserRole or a requested role). */
export type ScopedRole = Pick<UserRole, 'authorityName' | 'projectName' | 'projectOrganization' | 'organizationName'>;

/** The caller holds `permission` everywhere (system admin, or a client-credentials token with the scope). */
export function coversEverything(token: AuthToken, permission: Permission): boolean {
  if (!token.scopes.includes(permission)) return false;
  if (token.clientCredentials) return true;
  return token.roles.some((r) => parseAuthority(r.authority)?.scope === 'GLOBAL' && mayBeGranted(r.authority, permission));
}

/** The caller holds `permission` over the organization or project this role belongs to. */
export function coversRole(token: AuthToken, permission: Permission, role: ScopedRole): boolean {
  if (coversEverything(token, permission)) return true;
  if (!token.scopes.includes(permission) || token.clientCredentials) return false;
  const target = parseAuthority(role.authorityName);
  if (!target || target.scope === 'GLOBAL') return false;
  return token.roles.some((mine) => {
    const held = parseAuthority(mine.authority);
    if (!held || held.personal || !mine.referent || !mayBeGranted(mine.authority, permission)) return false;
    if (held.scope === 'ORGANIZATION') {
      return target.scope === 'ORGANIZATION' ? role.organizationName === mine.referent : role.projectOrganization === mine.referent;
    }
    return held.scope === 'PROJECT' && target.scope === 'PROJECT' && role.projectName === mine.referent;
  });
}

/** The user (with these roles) lies in the caller's scope for `permission`: any of its roles is covered. */
export function coversUser(token: AuthToken, permission: Permission, roles: readonly ScopedRole[]): boolean {
  return coversEverything(token, permission) || roles.some((role) => coversRole(token, permission, role));
}

/**
 * Every role of the user lies in the caller's scope for `permission` (a user without roles only for a global caller).
 * Changing a user's e-mail or deleting it needs this: otherwise an organization admin could take over the account
 * of a system admin that also holds a role in its organization.
 */
export function coversWholeUser(token: AuthToken, permission: Permission, roles: readonly ScopedRole[]): boolean {
  if (coversEverything(token, permission)) return true;
  return roles.length > 0 && roles.every((role) => coversRole(token, permission, role));
}

/**
 * The same rule as SQL over a role `r` joined with its project `p`, the project's organization `po` and the role's
 * organization `o`, for filtering lists in the database. Appends its parameters to `params`.
 */
export function visibleRoleSql(token: AuthToken, permission: Permission, params: unknown[]): string {
  if (coversEverything(token, permission)) return 'true';
  if (!token.scopes.includes(permission) || token.clientCredentials) return 'false';
  const { organizations, projects } = referentsByScope(token, permission);
  if (!organizations.length && !projects.length) return 'false';
  params.push(organizations, projects);
  const orgs = `$${params.length - 1}::text[]`;
  const projs = `$${params.length}::text[]`;
  return `(o.name = ANY(${orgs}) OR po.name = ANY(${orgs}) OR p.project_name = ANY(${projs}))`;
}
