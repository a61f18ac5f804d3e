// Permission checks for subjects (api.md §3.3) against the project the subject really lives in. The organization of
// that project matters only to organization-scoped roles, so it is looked up only for callers holding one; every
// other caller is decided from its token alone. Runs on any Queryable, so checks inside a write transaction see the
// rows that transaction locked (and never wait on a second connection, which PGlite does not have).
import { parseAuthority } from '../../common/authorities';
import { checkPermission, type EntityDetails } from '../../common/permission-check';
import type { Permission } from '../../common/permission-matrix';
import type { Principal } from '../auth/principal';
import { first, type Queryable } from '../db/database';
import { accessDenied } from '../http/errors';

function hasOrganizationRole(principal: Principal): boolean {
  return principal.token.roles.some((r) => parseAuthority(r.authority)?.scope === 'ORGANIZATION');
}

export async function allowed(q: Queryable, principal: Principal, permission: Permission, entity: EntityDetails): Promise<boolean> {
  if (checkPermission(principal.token, permission, entity)) return true;
  if (!entity.project || entity.projectOrganization !== undefined || !hasOrganizationRole(principal)) return false;
  const row = await first<{ name: string }>(
    q,
    'SELECT o.name FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE p.project_name = $1',
    [entity.project],
  );
  return checkPermission(principal.token, permission, { ...entity, projectOrganization: row?.name ?? null });
}

export async function requireAllowed(q: Queryable, principal: Principal, permission: Permission, entity: EntityDetails): Promise<void> {
  if (!(await allowed(q, principal, permission, entity))) throw accessDenied(`Missing permission ${permission}`);
}
