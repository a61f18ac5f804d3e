// Groups of a project: the DTO, lookups with their 404s, and the project revision a group change records (groups are
// part of the ProjectDTO; the group itself is not an audited entity).
import type { GroupDTO } from '../../common/dto';
import type { Principal } from '../auth/principal';
import { first, type Queryable } from '../db/database';
import { apiError } from '../http/errors';
import { loadProject, projectIdByName } from '../projects/project-dto';
import { authorOf, recordRevision } from '../revisions/record';

interface GroupRow {
  id: number;
  project_id: number;
  name: string;
}

export const toGroupDTO = (row: GroupRow): GroupDTO => ({ id: row.id, projectId: row.project_id, name: row.name });

export const groupNotFound = (projectName: string, groupName: string) =>
  apiError(404, 'error.groupNotFound', 'group', `Group ${groupName} not found in project ${projectName}`, { projectName, groupName });

export async function listGroups(db: Queryable, projectId: number): Promise<GroupDTO[]> {
  const rows = await db.query<GroupRow>('SELECT id, project_id, name FROM radar_group WHERE project_id = $1 ORDER BY name, id', [projectId]);
  return rows.map(toGroupDTO);
}

export async function findGroup(db: Queryable, projectName: string, groupName: string): Promise<GroupDTO> {
  const projectId = await projectIdByName(db, projectName);
  const row = await first<GroupRow>(db, 'SELECT id, project_id, name FROM radar_group WHERE project_id = $1 AND name = $2', [projectId, groupName]);
  if (!row) throw groupNotFound(projectName, groupName);
  return toGroupDTO(row);
}

/** Records the project (whose `groups` changed) as modified, in the caller's transaction. */
export async function recordProjectGroupsChanged(tx: Queryable, principal: Principal, projectName: string, timeoutMs?: number): Promise<void> {
  const snapshot = await loadProject(tx, projectName, timeoutMs);
  if (!snapshot) return;
  await recordRevision(tx, authorOf(principal), [{ kind: 'project', id: snapshot.id!, key: projectName, type: 'MOD', snapshot }]);
}
