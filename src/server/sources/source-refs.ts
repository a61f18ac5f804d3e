// Looking up what a source body names: its source type (by id or by producer/model/version) and its project (by name,
// else id). Unknown ones are 404s with ManagementPortal's error codes.
import { first, type Queryable } from '../db/database';
import type { SourceTypeRef } from './source-input';
import { projectNotFound, sourceTypeNotFound } from '../http/not-found';

export interface TypeRef {
  id: number;
  model: string;
  producer: string;
  catalogVersion: string;
  dynamic: boolean;
}

export async function resolveSourceType(q: Queryable, ref: SourceTypeRef): Promise<TypeRef> {
  const row =
    'id' in ref
      ? await first<TypeRef>(q, 'SELECT id, model, producer, catalog_version AS "catalogVersion", dynamic_registration AS dynamic FROM source_type WHERE id = $1', [ref.id])
      : await first<TypeRef>(
          q,
          'SELECT id, model, producer, catalog_version AS "catalogVersion", dynamic_registration AS dynamic FROM source_type WHERE producer = $1 AND model = $2 AND catalog_version = $3',
          [ref.producer, ref.model, ref.catalogVersion],
        );
  if (!row) throw sourceTypeNotFound('id' in ref ? String(ref.id) : `${ref.producer}-${ref.model}-${ref.catalogVersion}`);
  return row;
}

/** The project's name and id, or undefined when the body names none. */
export async function resolveProject(q: Queryable, ref: { id?: number; projectName?: string } | undefined): Promise<{ id: number; name: string } | undefined> {
  if (!ref) return undefined;
  const row = ref.projectName
    ? await first<{ id: number; name: string }>(q, 'SELECT id, project_name AS name FROM project WHERE project_name = $1', [ref.projectName])
    : await first<{ id: number; name: string }>(q, 'SELECT id, project_name AS name FROM project WHERE id = $1', [ref.id]);
  if (!row) throw projectNotFound(ref.projectName ?? String(ref.id));
  return row;
}

export async function projectHasType(q: Queryable, projectId: number, typeId: number): Promise<boolean> {
  return !!(await first(q, 'SELECT 1 FROM project_source_type WHERE project_id = $1 AND source_type_id = $2', [projectId, typeId]));
}

/** Whether another non-deleted source already uses the name. */
export async function nameTaken(q: Queryable, sourceName: string, exceptId?: number): Promise<boolean> {
  return !!(await first(q, 'SELECT 1 FROM radar_source WHERE source_name = $1 AND NOT deleted AND id <> $2', [sourceName, exceptId ?? -1]));
}
