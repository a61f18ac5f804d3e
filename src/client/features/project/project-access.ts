// Who may see a project's tabs (spec 001 §6 "Project detail tabs"): a system admin, the organization admin of the
// project's organization, or the project admin of that project.
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
