// Who may see a project's tabs: a system admin, the organization admin of the
// project's organization, or the project admin of that project. The same roles may edit and delete it: the server
// checks PROJECT.DELETE on the project (routes/projects.ts), which the matrix grants to those three (and to a project
// owner, who has no admin screens). Only an empty project goes, and a project admin's own role there always keeps
// it, so Delete is offered to system and organization admins only (projectDeleteAuthorities).
import { ROLE_ORGANIZATION_ADMIN, ROLE_PROJECT_ADMIN, ROLE_SYS_ADMIN } from '../../../common/authorities';
import { scopedAuthority } from '../../../common/authority-match';
import type { ProjectDTO } from '../../../common/dto';

/** The project's organization name, whichever form the DTO came in (full or reduced). */
export const organizationOf = (project: Pick<ProjectDTO, 'organization' | 'organizationName'>): string | undefined =>
  project.organization?.name ?? project.organizationName;

export function projectAdminAuthorities(project: Pick<ProjectDTO, 'projectName' | 'organization' | 'organizationName'>): string[] {
  const organization = organizationOf(project);
  return [
    ROLE_SYS_ADMIN,
    ...(organization ? [scopedAuthority(ROLE_ORGANIZATION_ADMIN, organization)] : []),
    scopedAuthority(ROLE_PROJECT_ADMIN, project.projectName),
  ];
}

/** Who is offered Delete: the server would allow a project admin too, but never while that admin holds a role there. */
export function projectDeleteAuthorities(project: Pick<ProjectDTO, 'projectName' | 'organization' | 'organizationName'>): string[] {
  return projectAdminAuthorities(project).filter((authority) => !authority.startsWith(ROLE_PROJECT_ADMIN));
}
