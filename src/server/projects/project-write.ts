// Writing a project inside the caller's transaction: the row, its attributes (replaced as a whole) and its source
// types (replaced as a whole, by id). Unknown source type ids are a field error, so nothing is written.
import type { Queryable } from '../db/database';
import { validationFailed } from '../http/errors';
import type { ProjectInput } from './project-input';

async function checkSourceTypes(tx: Queryable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await tx.query<{ id: number }>('SELECT id FROM source_type WHERE id = ANY($1::bigint[])', [ids]);
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) {
    throw validationFailed('projectDTO', [
      { objectName: 'projectDTO', field: 'sourceTypes', message: `NotFound: no source type with id ${missing.join(', ')}` },
    ]);
  }
}

async function replaceDetails(tx: Queryable, projectId: number, input: ProjectInput): Promise<void> {
  await tx.query('DELETE FROM project_metadata WHERE project_id = $1', [projectId]);
  const keys = Object.keys(input.attributes);
  if (keys.length) {
    await tx.query(
      `INSERT INTO project_metadata (project_id, attribute_key, attribute_value)
       SELECT $1, k, v FROM unnest($2::text[], $3::text[]) AS a(k, v)`,
      [projectId, keys, keys.map((k) => input.attributes[k])],
    );
  }
  await tx.query('DELETE FROM project_source_type WHERE project_id = $1', [projectId]);
  if (input.sourceTypeIds.length) {
    await tx.query(
      'INSERT INTO project_source_type (project_id, source_type_id) SELECT $1, unnest($2::bigint[])',
      [projectId, input.sourceTypeIds],
    );
  }
}

export async function insertProject(tx: Queryable, input: ProjectInput, organizationId: number): Promise<number> {
  await checkSourceTypes(tx, input.sourceTypeIds);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO project (project_name, description, location, start_date, end_date, project_status, organization_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [input.projectName, input.description, input.location, input.startDate, input.endDate, input.projectStatus, organizationId],
  );
  await replaceDetails(tx, row.id, input);
  return row.id;
}

/** Updates everything but the name (immutable; the caller has checked it). False when the project is gone. */
export async function updateProject(tx: Queryable, projectId: number, input: ProjectInput, organizationId: number): Promise<boolean> {
  await checkSourceTypes(tx, input.sourceTypeIds);
  const updated = await tx.query(
    `UPDATE project SET description = $2, location = $3, start_date = $4, end_date = $5, project_status = $6,
            organization_id = $7
      WHERE id = $1 RETURNING id`,
    [projectId, input.description, input.location, input.startDate, input.endDate, input.projectStatus, organizationId],
  );
  if (!updated.length) return false;
  await replaceDetails(tx, projectId, input);
  return true;
}
