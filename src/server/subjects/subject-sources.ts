// Sources of a subject (docs/subjects.md): a create or update names the complete set by `sourceId`; the listed
// sources are assigned to the subject (and follow it into its project), the ones no longer listed are unassigned
// and kept for reuse. Discontinuing or deleting a subject unassigns its sources and flags them deleted.
import type { Queryable } from '../db/database';
import { allInOrder } from '../db/pipeline';
import { apiError } from '../http/errors';

interface SourceRow {
  id: number;
  source_id: string;
  subject_id: number | null;
  deleted: boolean;
}

/** The row ids of the named sources, locked; 404 for an unknown (or deleted) one, 400 for one another subject holds. */
export async function resolveSources(tx: Queryable, sourceIds: string[], subjectId?: number): Promise<number[]> {
  if (!sourceIds.length) return [];
  const rows = await tx.query<SourceRow>(
    'SELECT id, source_id::text AS source_id, subject_id, deleted FROM radar_source WHERE source_id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [sourceIds],
  );
  const byId = new Map(rows.map((r) => [r.source_id.toLowerCase(), r]));
  return sourceIds.map((sourceId) => {
    const row = byId.get(sourceId);
    if (!row || row.deleted) throw apiError(404, 'error.sourceNotFound', 'source', `Source not found: ${sourceId}`, { sourceId });
    if (row.subject_id !== null && row.subject_id !== subjectId) {
      throw apiError(400, 'error.sourceIsAssigned', 'source', `Source ${sourceId} is assigned to another subject`, { sourceId });
    }
    return row.id;
  });
}

/**
 * Assigns exactly the sources `sourceIds` (UUIDs, checked by resolveSources) to the subject in its project and
 * unassigns its other sources; both statements are sent at once.
 */
export async function assignSources(tx: Queryable, subjectId: number, projectId: number, sourceIds: string[]): Promise<void> {
  await allInOrder([
    tx.query('UPDATE radar_source SET assigned = false, subject_id = NULL WHERE subject_id = $1 AND NOT (source_id = ANY($2::uuid[]))', [subjectId, sourceIds]),
    sourceIds.length
      ? tx.query('UPDATE radar_source SET assigned = true, subject_id = $1, project_id = $2 WHERE source_id = ANY($3::uuid[])', [subjectId, projectId, sourceIds])
      : Promise.resolve([]),
  ] as const);
}

/** Moves the subject's current sources into its new project (a project move that leaves the set unchanged). */
export async function moveSubjectSources(tx: Queryable, subjectId: number, projectId: number): Promise<void> {
  await tx.query('UPDATE radar_source SET project_id = $2 WHERE subject_id = $1', [subjectId, projectId]);
}

/** Discontinue and delete: every source of the subject unassigned and flagged deleted. */
export async function releaseSources(tx: Queryable, subjectId: number): Promise<void> {
  await tx.query('UPDATE radar_source SET assigned = false, subject_id = NULL, deleted = true WHERE subject_id = $1', [subjectId]);
}
