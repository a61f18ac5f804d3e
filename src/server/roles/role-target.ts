// The role a POST or PUT api/roles body names (docs/projects.md, "Roles"): an authority, plus the project (PROJECT
// authorities) or organization (ORGANIZATION authorities) it is for, by id or, without an id, by name; the global
// authority has neither. Fields of the other scope are ignored, as in the users' role lists (users/role-input.ts).
//
// Resolving happens before the permission check, which needs the stored names, but a referent that does not exist is
// only reported after it: the check then runs on the name the body gave, or (an unknown id) as a global check, so
// only callers who may act there learn that it does not exist.
import type { RequestedRole } from '../users/role-input';
import { parseAuthority, type RoleAuthority } from '../../common/authorities';
import type { EntityDetails } from '../../common/permission-check';
import { first, type Queryable } from '../db/database';
import { apiError, validationFailed, type HttpError } from '../http/errors';
import { organizationIdNotFound, organizationNotFound, projectNotFound } from '../http/not-found';
import { projectIdNotFound } from '../projects/project-save';

/** The body as the schema `RoleDTO` lets it through. */
export interface RoleBody {
  id?: number | null;
  authorityName: string;
  projectId?: number | string | null;
  projectName?: string | null;
  organizationId?: number | string | null;
  organizationName?: string | null;
}

/** A role row: authority and referent, with the names the permission checks read (the shape users/role-input.ts resolves). */
export type RoleTarget = RequestedRole;

export interface ResolvedTarget {
  /** What the permission is checked on. */
  entity: EntityDetails;
  target?: RoleTarget;
  /** The 404 (or the 400 of a name that is not the id's) to answer once the permission check has passed. */
  problem?: HttpError;
}

export const ROLE_OBJECT = 'roleDTO';

export const invalidAuthority = (message: string, authorityName: string) =>
  apiError(400, 'error.invalidAuthority', 'role', message, { authorityName });

function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return null;
}

const given = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';

const nameMismatch = (field: string, idField: string) =>
  validationFailed(ROLE_OBJECT, [{ objectName: ROLE_OBJECT, field, message: `Invalid: does not name the ${field.replace('Name', '')} of ${idField}` }]);

/** The role's referent as shown to people: `p1: ROLE_PROJECT_ADMIN`, or the authority alone for the global role. */
export function displayName(role: { authorityName: string; projectName?: string | null; organizationName?: string | null }): string {
  const referent = role.projectName ?? role.organizationName;
  return referent ? `${referent}: ${role.authorityName}` : role.authorityName;
}

/** Where a role is checked: its project (with the project's organization), its organization, or globally. */
export function roleEntity(role: Pick<RoleTarget, 'projectName' | 'projectOrganization' | 'organizationName'>): EntityDetails {
  if (role.projectName !== null) return { project: role.projectName, projectOrganization: role.projectOrganization };
  if (role.organizationName !== null) return { organization: role.organizationName };
  return {};
}

export async function resolveTarget(db: Queryable, body: RoleBody): Promise<ResolvedTarget> {
  const authority = parseAuthority(body.authorityName);
  if (!authority) throw invalidAuthority(`Authority not found with authorityName ${body.authorityName}`, body.authorityName);
  const base: RoleTarget = {
    authority, authorityName: authority.name,
    projectId: null, projectName: null, projectOrganization: null, organizationId: null, organizationName: null,
  };
  if (authority.scope === 'GLOBAL') return { entity: {}, target: base };

  if (authority.scope === 'PROJECT') {
    const id = idOf(body.projectId);
    const name = given(body.projectName) ? body.projectName : undefined;
    if (id === null && name === undefined) throw invalidAuthority(`${authority.name} needs a projectId or projectName`, authority.name);
    const row = await first<{ id: number; project_name: string; org: string }>(
      db,
      `SELECT p.id, p.project_name, o.name AS org FROM project p JOIN radar_organization o ON o.id = p.organization_id
        WHERE ${id !== null ? 'p.id = $1' : 'p.project_name = $1'}`,
      [id ?? name],
    );
    if (!row) {
      return id !== null ? { entity: {}, problem: projectIdNotFound(id) } : { entity: { project: name }, problem: projectNotFound(name!) };
    }
    const target = { ...base, projectId: row.id, projectName: row.project_name, projectOrganization: row.org };
    const problem = name !== undefined && name !== row.project_name ? nameMismatch('projectName', 'projectId') : undefined;
    return { entity: roleEntity(target), target, problem };
  }

  const id = idOf(body.organizationId);
  const name = given(body.organizationName) ? body.organizationName : undefined;
  if (id === null && name === undefined) throw invalidAuthority(`${authority.name} needs an organizationId or organizationName`, authority.name);
  const row = await first<{ id: number; name: string }>(
    db,
    `SELECT id, name FROM radar_organization WHERE ${id !== null ? 'id = $1' : 'name = $1'}`,
    [id ?? name],
  );
  if (!row) {
    return id !== null ? { entity: {}, problem: organizationIdNotFound(id) } : { entity: { organization: name }, problem: organizationNotFound(name!) };
  }
  const target = { ...base, organizationId: row.id, organizationName: row.name };
  const problem = name !== undefined && name !== row.name ? nameMismatch('organizationName', 'organizationId') : undefined;
  return { entity: roleEntity(target), target, problem };
}
