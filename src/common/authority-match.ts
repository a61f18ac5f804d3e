// The client-side authority check (route guards, menus, show-if-authority; docs/client.md). Wanted authorities are
// plain (`ROLE_SYS_ADMIN`) or scoped to a project or organization (`ROLE_PROJECT_ADMIN:radar`,
// `ROLE_ORGANIZATION_ADMIN:main`).
import type { RoleDTO } from './dto';

/** The account shape this check reads: only the roles. */
export interface AccountWithRoles {
  roles?: readonly RoleDTO[] | null;
}

/** The authority strings a role answers to: bare, `name:project` and `name:organization` (when set). */
export function roleAuthorityStrings(role: RoleDTO): string[] {
  const names = [role.authorityName];
  if (role.projectName) names.push(`${role.authorityName}:${role.projectName}`);
  if (role.organizationName) names.push(`${role.authorityName}:${role.organizationName}`);
  return names;
}

/**
 * Granted when nothing is wanted (no list or an empty one); denied without an account or without roles;
 * otherwise granted when any role answers to any wanted authority.
 */
export function hasAnyAuthority(
  account: AccountWithRoles | null | undefined,
  wanted: readonly string[] | null | undefined,
): boolean {
  if (!wanted || wanted.length === 0) return true;
  if (!account?.roles || account.roles.length === 0) return false;
  const wantedSet = new Set(wanted);
  return account.roles.some((role) => roleAuthorityStrings(role).some((name) => wantedSet.has(name)));
}

/** Builds a scoped authority string, e.g. `scopedAuthority('ROLE_PROJECT_ADMIN', 'radar')`. */
export function scopedAuthority(authorityName: string, referent: string): string {
  return `${authorityName}:${referent}`;
}
