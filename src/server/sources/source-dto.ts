// Sources as the wire wants them (MinimalSourceDetailsDTO and SourceDTO, docs/subjects.md): one SELECT joins the source
// type, project, subject login and attributes, so a page of any size is one statement on either database.
import type { Attributes, MinimalSourceDetailsDTO, SourceDTO } from '../../common/dto';
import type { EntityDetails } from '../../common/permission-check';
import { jsonColumn, type Queryable } from '../db/database';
import { reducedSourceType } from '../projects/source-type-summary';

export interface SourceRow {
  id: number;
  source_id: string;
  source_name: string;
  expected_source_name: string | null;
  assigned: boolean;
  project_id: number | null;
  project_name: string | null;
  subject_id: number | null;
  subject_login: string | null;
  type_id: number | null;
  producer: string | null;
  model: string | null;
  catalog_version: string | null;
  source_type_scope: string | null;
  dynamic_registration: boolean | null;
  type_name: string | null;
  attributes: Attributes | string | null;
}

/** `FROM radar_source rs` with everything a DTO needs; callers add WHERE / ORDER BY. Deleted rows are the callers' to exclude. */
export const SOURCE_SELECT = `SELECT rs.id, rs.source_id::text AS source_id, rs.source_name, rs.expected_source_name, rs.assigned,
    rs.project_id, p.project_name, rs.subject_id, s.login AS subject_login,
    st.id AS type_id, st.producer, st.model, st.catalog_version, st.source_type_scope, st.dynamic_registration, st.name AS type_name,
    (SELECT json_object_agg(sm.attribute_key, sm.attribute_value) FROM source_metadata sm WHERE sm.source_id = rs.id) AS attributes
  FROM radar_source rs
  LEFT JOIN source_type st ON st.id = rs.source_type_id
  LEFT JOIN project p ON p.id = rs.project_id
  LEFT JOIN subject s ON s.id = rs.subject_id`;

// One driver hands json back parsed, the other (depending on the column type) as text.
function attributesOf(row: SourceRow): Attributes {
  if (row.attributes === null) return {};
  return jsonColumn(row.attributes);
}

/** What a permission on the source is checked against: where it lives. */
export const sourceEntity = (row: SourceRow): EntityDetails => ({ project: row.project_name, subject: row.subject_login, source: row.source_id });

/** SourceDTO; `withProject` false for project-scoped lists, which leave the project out. */
export function toSourceDTO(row: SourceRow, withProject = true): SourceDTO {
  const dto: SourceDTO = {
    id: row.id,
    sourceId: row.source_id,
    sourceName: row.source_name,
    expectedSourceName: row.expected_source_name,
    assigned: row.assigned,
    sourceType:
      row.type_id === null
        ? (null as unknown as SourceDTO['sourceType'])
        : reducedSourceType({
            id: row.type_id,
            producer: row.producer!,
            model: row.model!,
            catalog_version: row.catalog_version!,
            source_type_scope: row.source_type_scope!,
            dynamic_registration: row.dynamic_registration!,
            name: row.type_name,
          }),
    subjectLogin: row.subject_login,
    attributes: attributesOf(row),
  };
  if (withProject && row.project_id !== null) dto.project = { id: row.project_id, projectName: row.project_name! };
  return dto;
}

export function toMinimalSource(row: SourceRow): MinimalSourceDetailsDTO {
  return {
    id: row.id,
    sourceTypeId: row.type_id,
    sourceTypeProducer: row.producer,
    sourceTypeModel: row.model,
    sourceTypeCatalogVersion: row.catalog_version,
    expectedSourceName: row.expected_source_name,
    sourceId: row.source_id,
    sourceName: row.source_name,
    assigned: row.assigned,
    attributes: attributesOf(row),
  };
}

/** The non-deleted source by name (`lock` takes a row lock first, inside a write transaction). */
export async function findSource(q: Queryable, where: { name: string } | { id: number }, lock = false): Promise<SourceRow | undefined> {
  const [cond, key] = 'name' in where ? ['rs.source_name = $1', where.name] : ['rs.id = $1', where.id];
  if (lock) await q.query(`SELECT rs.id FROM radar_source rs WHERE ${cond} AND NOT rs.deleted FOR UPDATE`, [key]);
  const [row] = await q.query<SourceRow>(`${SOURCE_SELECT} WHERE ${cond} AND NOT rs.deleted`, [key]);
  return row;
}

/** Replaces or merges the attributes of a source. */
export async function writeAttributes(q: Queryable, sourceRowId: number, attributes: Attributes, replace: boolean): Promise<void> {
  if (replace) await q.query('DELETE FROM source_metadata WHERE source_id = $1', [sourceRowId]);
  for (const [key, value] of Object.entries(attributes)) {
    await q.query(
      `INSERT INTO source_metadata (source_id, attribute_key, attribute_value) VALUES ($1, $2, $3)
       ON CONFLICT (source_id, attribute_key) DO UPDATE SET attribute_value = EXCLUDED.attribute_value`,
      [sourceRowId, key, value],
    );
  }
}
