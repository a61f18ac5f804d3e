// A user's role instances as the user endpoints need them: ids and names for the RoleDTO, plus the organization a
// project role's project lives in (for scope checks). Loaded for any number of users with one query.
import type { RoleDTO } from '../../common/dto';
import { jsonColumn, type Queryable } from '../db/database';
import { USER_ROLES_FROM } from '../auth/role-scope-join';

export interface UserRole {
  /** radar_role.id */
  id: number;
  userId: number;
  authorityName: string;
  projectId: number | null;
  projectName: string | null;
  /** The organization of `projectName`'s project. */
  projectOrganization: string | null;
  organizationId: number | null;
  organizationName: string | null;
}

interface RoleRow {
  id: number;
  user_id: number;
  authority_name: string;
  project_id: number | null;
  project_name: string | null;
  project_org: string | null;
  organization_id: number | null;
  organization_name: string | null;
}

/** Roles per user id (every id of `userIds` is a key, with an empty list when the user has none). */
export async function rolesOfUsers(db: Queryable, userIds: readonly number[]): Promise<Map<number, UserRole[]>> {
  const byUser = new Map<number, UserRole[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const rows = await db.query<RoleRow>(
    `SELECT r.id, ru.user_id, r.authority_name, r.project_id, p.project_name, po.name AS project_org,
            r.organization_id, o.name AS organization_name
       ${USER_ROLES_FROM}
      WHERE ru.user_id = ANY($1::bigint[])
      ORDER BY ru.user_id, r.id`,
    [[...userIds]],
  );
  for (const row of rows) byUser.get(row.user_id)?.push(toUserRole(row));
  return byUser;
}

function toUserRole(row: RoleRow): UserRole {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    authorityName: row.authority_name,
    projectId: row.project_id === null ? null : Number(row.project_id),
    projectName: row.project_name,
    projectOrganization: row.project_org,
    organizationId: row.organization_id === null ? null : Number(row.organization_id),
    organizationName: row.organization_name,
  };
}

/** The roles of the user aliased `u` in the caller's statement as one JSON array (read back with userRolesFromJson),
 * so a user and its roles cost one statement. Same rows and order as rolesOfUsers. */
export const USER_ROLES_JSON = `(SELECT coalesce(json_agg(json_build_object('id', r.id, 'user_id', ru.user_id,
        'authority_name', r.authority_name, 'project_id', r.project_id, 'project_name', p.project_name, 'project_org', po.name,
        'organization_id', r.organization_id, 'organization_name', o.name) ORDER BY r.id), '[]'::json)
     ${USER_ROLES_FROM}
    WHERE ru.user_id = u.id)`;

export function userRolesFromJson(json: unknown): UserRole[] {
  const rows = jsonColumn(json as RoleRow[] | string);
  return rows.map(toUserRole);
}

export async function rolesOfUser(db: Queryable, userId: number): Promise<UserRole[]> {
  return (await rolesOfUsers(db, [userId])).get(userId) ?? [];
}

/** RoleDTO, null fields left out: organization fields for organization roles, project fields for project roles. */
export function toRoleDTO(role: UserRole): RoleDTO {
  const dto: RoleDTO = { id: role.id, authorityName: role.authorityName };
  if (role.organizationId !== null) dto.organizationId = role.organizationId;
  if (role.organizationName !== null) dto.organizationName = role.organizationName;
  if (role.projectId !== null) dto.projectId = role.projectId;
  if (role.projectName !== null) dto.projectName = role.projectName;
  // Key order as ManagementPortal answers: id, organization*, project*, authorityName.
  const { authorityName, ...rest } = dto;
  return { ...rest, authorityName };
}
