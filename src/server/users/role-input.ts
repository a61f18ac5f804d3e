// Requested roles (RoleDTO[] in POST/PUT api/users and PUT api/users/{login}/roles) resolved against the database
// (docs/users.md, "Role assignment"): the authority must parse, an ORGANIZATION role names organizationId, a
// PROJECT role projectId (400 error.invalidAuthority otherwise), and the id must exist (404, same code).
import { parseAuthority, type RoleAuthority } from '../../common/authorities';
import type { Queryable } from '../db/database';
import { apiError } from '../http/errors';

export interface RequestedRole {
  authority: RoleAuthority;
  authorityName: string;
  projectId: number | null;
  projectName: string | null;
  projectOrganization: string | null;
  organizationId: number | null;
  organizationName: string | null;
}

const ENTITY = 'userManagement';

const invalid = (status: number, message: string, authorityName: string) =>
  apiError(status, 'error.invalidAuthority', ENTITY, message, { authorityName });

function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return null;
}

/** Identifies a role instance: authority plus project or organization. */
export const roleKey = (r: { authorityName: string; projectId: number | null; organizationId: number | null }) =>
  `${r.authorityName}|${r.projectId ?? ''}|${r.organizationId ?? ''}`;

/** Resolves every requested role (duplicates collapse); throws 400/404 `error.invalidAuthority`. */
export async function resolveRequestedRoles(db: Queryable, input: readonly unknown[]): Promise<RequestedRole[]> {
  const wanted: { authority: RoleAuthority; projectId: number | null; organizationId: number | null }[] = [];
  for (const item of input) {
    const raw = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const name = typeof raw.authorityName === 'string' ? raw.authorityName : '';
    const authority = parseAuthority(name);
    if (!authority) throw invalid(400, `Authority not found with authorityName ${name}`, name);
    const projectId = authority.scope === 'PROJECT' ? idOf(raw.projectId) : null;
    const organizationId = authority.scope === 'ORGANIZATION' ? idOf(raw.organizationId) : null;
    if (authority.scope === 'PROJECT' && projectId === null) throw invalid(400, `${authority.name} needs a projectId`, authority.name);
    if (authority.scope === 'ORGANIZATION' && organizationId === null) {
      throw invalid(400, `${authority.name} needs an organizationId`, authority.name);
    }
    wanted.push({ authority, projectId, organizationId });
  }
  const projectIds = [...new Set(wanted.map((w) => w.projectId).filter((id): id is number => id !== null))];
  const organizationIds = [...new Set(wanted.map((w) => w.organizationId).filter((id): id is number => id !== null))];
  const projects = new Map(
    (projectIds.length
      ? await db.query<{ id: number; project_name: string; org: string }>(
          `SELECT p.id, p.project_name, o.name AS org FROM project p JOIN radar_organization o ON o.id = p.organization_id
            WHERE p.id = ANY($1::bigint[])`,
          [projectIds],
        )
      : []
    ).map((p) => [p.id, p] as const),
  );
  const organizations = new Map(
    (organizationIds.length
      ? await db.query<{ id: number; name: string }>('SELECT id, name FROM radar_organization WHERE id = ANY($1::bigint[])', [organizationIds])
      : []
    ).map((o) => [o.id, o] as const),
  );
  const resolved = new Map<string, RequestedRole>();
  for (const w of wanted) {
    const project = w.projectId !== null ? projects.get(w.projectId) : undefined;
    const organization = w.organizationId !== null ? organizations.get(w.organizationId) : undefined;
    if (w.projectId !== null && !project) throw invalid(404, `Project not found with id ${w.projectId}`, w.authority.name);
    if (w.organizationId !== null && !organization) {
      throw invalid(404, `Organization not found with id ${w.organizationId}`, w.authority.name);
    }
    const role: RequestedRole = {
      authority: w.authority,
      authorityName: w.authority.name,
      projectId: w.projectId,
      projectName: project?.project_name ?? null,
      projectOrganization: project?.org ?? null,
      organizationId: w.organizationId,
      organizationName: organization?.name ?? null,
    };
    resolved.set(roleKey(role), role);
  }
  return [...resolved.values()];
}
