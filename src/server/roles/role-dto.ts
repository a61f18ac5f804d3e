// RoleDTO: a role row with its project or organization named; absent values are left out (not null). Project roles
// carry no organization fields, as in ManagementPortal.
import type { RoleDTO } from '../../common/dto';
import type { Queryable } from '../db/database';

export const ROLE_SELECT = `SELECT r.id, r.authority_name, r.project_id, p.project_name, r.organization_id, o.name AS organization_name
    FROM radar_role r
    LEFT JOIN project p ON p.id = r.project_id
    LEFT JOIN radar_organization o ON o.id = r.organization_id`;

export interface RoleRow {
  id: number;
  authority_name: string;
  project_id: number | null;
  project_name: string | null;
  organization_id: number | null;
  organization_name: string | null;
}

export function toRoleDTO(row: RoleRow): RoleDTO {
  const dto: RoleDTO = { id: row.id, authorityName: row.authority_name };
  if (row.organization_id !== null) dto.organizationId = row.organization_id;
  if (row.organization_name !== null) dto.organizationName = row.organization_name;
  if (row.project_id !== null) dto.projectId = row.project_id;
  if (row.project_name !== null) dto.projectName = row.project_name;
  return dto;
}

/** Role rows matching `where` (on r, p, o), ordered by id. */
export async function loadRoles(db: Queryable, where: string, params: unknown[] = []): Promise<RoleDTO[]> {
  const rows = await db.query<RoleRow>(`${ROLE_SELECT} WHERE ${where} ORDER BY r.id`, params);
  return rows.map(toRoleDTO);
}
