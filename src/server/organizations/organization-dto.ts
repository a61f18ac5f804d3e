// OrganizationDTO with its reduced projects, filtered to what the caller may see (docs/permissions.md):
// global → every organization and project; an organization role → that organization with all its projects;
// a project role → the organization holding the project, listing only the caller's projects.
import type { OrganizationDTO } from '../../common/dto';
import type { ReferentsByScope } from '../../common/permission-check';
import type { Queryable } from '../db/database';
import { PROJECT_SELECT, toProjectDTOs, type ProjectForm, type ProjectRow } from '../projects/project-dto';

export type Scope = Pick<ReferentsByScope, 'global' | 'organizations' | 'projects'>;

export const GLOBAL_SCOPE: Scope = { global: true, organizations: [], projects: [] };

interface OrganizationRow {
  id: number;
  name: string;
  description: string;
  location: string;
}

/** SQL condition on `o` (organization) and `p` (project) keeping what the scope reaches; params $1..$3. */
const PROJECT_IN_SCOPE = '($1::boolean OR o.name = ANY($2::text[]) OR p.project_name = ANY($3::text[]))';

const scopeParams = (scope: Scope) => [scope.global, scope.organizations, scope.projects];

/** The projects of the given organizations that the scope reaches, in the requested form, by project name. */
export async function projectsInScope(db: Queryable, scope: Scope, organizationIds: number[], form: ProjectForm, timeoutMs?: number) {
  const rows = await db.query<ProjectRow>(
    `${PROJECT_SELECT} WHERE p.organization_id = ANY($4::bigint[]) AND ${PROJECT_IN_SCOPE} ORDER BY p.project_name`,
    [...scopeParams(scope), organizationIds],
  );
  return { rows, dtos: await toProjectDTOs(db, rows, form, timeoutMs) };
}

/** Organizations the scope reaches (optionally only the one named), ordered by name, with reduced projects. */
export async function organizationsInScope(db: Queryable, scope: Scope, onlyName?: string): Promise<OrganizationDTO[]> {
  const params: unknown[] = scopeParams(scope);
  let sql = `SELECT o.id, o.name, o.description, o.location FROM radar_organization o
              WHERE ($1::boolean OR o.name = ANY($2::text[])
                     OR EXISTS (SELECT 1 FROM project p WHERE p.organization_id = o.id AND p.project_name = ANY($3::text[])))`;
  if (onlyName !== undefined) {
    params.push(onlyName);
    sql += ' AND o.name = $4';
  }
  const organizations = await db.query<OrganizationRow>(`${sql} ORDER BY o.name`, params);
  const { rows, dtos } = await projectsInScope(db, scope, organizations.map((o) => o.id), 'reduced');
  const orgOf = new Map(rows.map((r, i) => [dtos[i], r.org_id]));
  return organizations.map((o) => ({
    id: o.id,
    name: o.name,
    description: o.description,
    location: o.location,
    projects: dtos.filter((d) => orgOf.get(d) === o.id),
  }));
}

/** One organization with all its projects (for snapshots and write answers), or undefined. */
export async function loadOrganization(db: Queryable, name: string): Promise<OrganizationDTO | undefined> {
  return (await organizationsInScope(db, GLOBAL_SCOPE, name))[0];
}
