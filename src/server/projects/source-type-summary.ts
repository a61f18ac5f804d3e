// The reduced SourceTypeDTO: what a project lists as its source types (no source data; absent values left out).
import type { SourceTypeDTO } from '../../common/dto';
import type { Queryable } from '../db/database';

interface SourceTypeRow {
  project_id: number;
  id: number;
  producer: string;
  model: string;
  catalog_version: string;
  source_type_scope: string;
  dynamic_registration: boolean;
  name: string | null;
}

export function reducedSourceType(row: Omit<SourceTypeRow, 'project_id'>): SourceTypeDTO {
  const dto: SourceTypeDTO = {
    id: row.id,
    producer: row.producer,
    model: row.model,
    catalogVersion: row.catalog_version,
    sourceTypeScope: row.source_type_scope,
    canRegisterDynamically: row.dynamic_registration,
  };
  if (row.name !== null) dto.name = row.name;
  return dto;
}

/**
 * The reduced source types of each project, in one query: of the projects `projectIds`, or of those whose id is
 * `project.sql` (a subquery, with its parameters).
 */
export async function sourceTypesByProject(db: Queryable, projects: number[] | { sql: string; params: unknown[] }): Promise<Map<number, SourceTypeDTO[]>> {
  const result = new Map<number, SourceTypeDTO[]>();
  if (Array.isArray(projects) && !projects.length) return result;
  const filter = Array.isArray(projects) ? { sql: 'ANY($1::bigint[])', params: [projects] } : projects;
  const rows = await db.query<SourceTypeRow>(
    `SELECT pst.project_id, st.id, st.producer, st.model, st.catalog_version, st.source_type_scope,
            st.dynamic_registration, st.name
       FROM project_source_type pst JOIN source_type st ON st.id = pst.source_type_id
      WHERE pst.project_id = ${filter.sql}
      ORDER BY st.id`,
    filter.params,
  );
  for (const row of rows) {
    const list = result.get(row.project_id) ?? [];
    list.push(reducedSourceType(row));
    result.set(row.project_id, list);
  }
  return result;
}
