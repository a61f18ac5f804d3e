// The role editor's rules as pure functions, so they are tested without rendering anything.
import type { AuthorityOption, OrganizationOption, ProjectOption, RoleDTO, RoleSelection } from './role-types';

/** Only these can be handed out in the user dialog; every other authority is never offered. */
export const ASSIGNABLE_AUTHORITIES: readonly string[] = ['ROLE_SYS_ADMIN', 'ROLE_ORGANIZATION_ADMIN', 'ROLE_PROJECT_ADMIN'];

// Roles from the server carry both id and name; roles built elsewhere may carry only one. Ids win when both have one.
function sameTarget(aId: number | undefined, aName: string | undefined, bId: number | undefined, bName: string | undefined) {
  if (aId != null && bId != null) return aId === bId;
  return (aName ?? '') === (bName ?? '');
}

/** Two roles are the same when authority and project or organization agree. */
export function sameRole(a: RoleDTO, b: RoleDTO): boolean {
  return a.authorityName === b.authorityName
    && sameTarget(a.projectId, a.projectName, b.projectId, b.projectName)
    && sameTarget(a.organizationId, a.organizationName, b.organizationId, b.organizationName);
}

/** Assignable authorities, minus global ones the user already holds (holding one twice means nothing). */
export function offerableAuthorities(authorities: readonly AuthorityOption[], roles: readonly RoleDTO[]): AuthorityOption[] {
  return authorities.filter((a) => ASSIGNABLE_AUTHORITIES.includes(a.name)
    && (a.scope !== 'GLOBAL' || !roles.some((r) => r.authorityName === a.name)));
}

/** Organizations not yet held with this authority. */
export function offerableOrganizations(
  organizations: readonly OrganizationOption[], roles: readonly RoleDTO[], authorityName: string,
): OrganizationOption[] {
  const held = roles.filter((r) => r.authorityName === authorityName);
  return organizations.filter((o) => !held.some((r) => sameTarget(r.organizationId, r.organizationName, o.id, o.name)));
}

/** Projects not yet held with this authority. */
export function offerableProjects(
  projects: readonly ProjectOption[], roles: readonly RoleDTO[], authorityName: string,
): ProjectOption[] {
  const held = roles.filter((r) => r.authorityName === authorityName);
  return projects.filter((p) => !held.some((r) => sameTarget(r.projectId, r.projectName, p.id, p.projectName)));
}

/**
 * The role the selection describes, or null while it is incomplete: an authority is required, plus an organization
 * for an organization-scope authority or a project for a project-scope one.
 */
export function roleFromSelection(
  selection: RoleSelection,
  authorities: readonly AuthorityOption[],
  organizations: readonly OrganizationOption[],
  projects: readonly ProjectOption[],
): RoleDTO | null {
  const authority = authorities.find((a) => a.name === selection.authorityName);
  if (!authority || !ASSIGNABLE_AUTHORITIES.includes(authority.name)) return null;
  if (authority.scope === 'ORGANIZATION') {
    const organization = organizations.find((o) => String(o.id) === selection.organizationId);
    if (!organization) return null;
    return { authorityName: authority.name, organizationId: organization.id, organizationName: organization.name };
  }
  if (authority.scope === 'PROJECT') {
    const project = projects.find((p) => String(p.id) === selection.projectId);
    if (!project) return null;
    return { authorityName: authority.name, projectId: project.id, projectName: project.projectName };
  }
  return { authorityName: authority.name };
}

/** A new list without the first role matching `role` (by authority plus project or organization). */
export function withoutRole(roles: readonly RoleDTO[], role: RoleDTO): RoleDTO[] {
  const index = roles.findIndex((r) => sameRole(r, role));
  return index < 0 ? [...roles] : [...roles.slice(0, index), ...roles.slice(index + 1)];
}
