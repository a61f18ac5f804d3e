// The checks a subject write makes before changing anything (docs/subjects.md): the body names a project
// (`project.id` and `project.projectName`, checked before the permission), and inside the transaction: that project
// exists, the group exists in it, and a non-empty external id is not used by another subject of the project. The
// external-id check holds a transaction lock on (project, external id), so two concurrent writers cannot both pass it.
import type { Queryable } from '../db/database';
import { allInOrder } from '../db/pipeline';
import { apiError } from '../http/errors';
import { projectNotFound } from '../http/not-found';
import type { SubjectInput } from './subject-input';

export function requireProjectRef(input: SubjectInput): string {
  if (input.projectId === undefined || input.projectName === undefined) {
    throw apiError(400, 'projectrequired', 'subject', 'A subject should be assigned to a project');
  }
  return input.projectName;
}

export async function projectIdByName(tx: Queryable, projectName: string): Promise<number> {
  const [row] = await tx.query<{ id: number }>('SELECT id FROM project WHERE project_name = $1', [projectName]);
  if (!row) throw projectNotFound(projectName);
  return row.id;
}

/** The group's id in the project; null for no group; 400 `error.groupNotFound` for an unknown name. */
export async function groupIdByName(tx: Queryable, projectId: number, name: string | null): Promise<number | null> {
  if (name === null || name.trim() === '') return null;
  const [row] = await tx.query<{ id: number }>('SELECT id FROM radar_group WHERE project_id = $1 AND name = $2', [projectId, name]);
  if (!row) throw groupNotFound(name);
  return row.id;
}

export const groupNotFound = (name: string) => apiError(400, 'error.groupNotFound', 'group', `Group not found: ${name}`, { groupName: name });

export const externalIdTaken = (externalId: string) =>
  apiError(400, 'subjectExists', 'subject', 'A subject with given project-id and external-id already exists', { externalId });

/** The transaction lock on (project, external id), given the SQL of the project id and of the external id. */
export const externalIdLockSql = (projectIdSql: string, externalIdSql: string): string =>
  `pg_advisory_xact_lock(hashtextextended('subject-external-id:' || ${projectIdSql}::text || ':' || ${externalIdSql}::text, 0))`;

/**
 * SQL: the subject `s` has the non-empty external id `externalIdSql` (a placeholder). Written as the sort key of
 * migration 040's indexes, `(project_id, coalesce(external_id, '') COLLATE "C", id)`, so that with the project it is one
 * index probe: `s.external_id = $2` matches no index and scanned every subject (of the project, or of all of them).
 * Equal in "C" is equal byte for byte, as in any deterministic collation, and a non-empty value is never ''.
 */
export const hasExternalIdSql = (externalIdSql: string): string => `coalesce(s.external_id, '') COLLATE "C" = ${externalIdSql}::text`;

/** 400 `subjectExists` when another subject of the project already has this non-empty external id. */
export async function requireFreeExternalId(tx: Queryable, projectId: number, externalId: string | null, self?: number): Promise<void> {
  if (externalId === null || externalId === '') return;
  await tx.query(`SELECT ${externalIdLockSql('$1', '$2')}`, [projectId, externalId]);
  const [taken] = await tx.query<{ id: number }>(
    `SELECT s.id FROM subject s WHERE s.project_id = $1 AND ${hasExternalIdSql('$2')} AND s.id IS DISTINCT FROM $3 LIMIT 1`,
    [projectId, externalId, self ?? null],
  );
  if (taken) throw externalIdTaken(externalId);
}

/** Replaces the subject's attributes (subject_metadata); both statements are sent at once. */
export async function replaceAttributes(tx: Queryable, subjectId: number, attributes: Record<string, string>): Promise<void> {
  const keys = Object.keys(attributes);
  await allInOrder([
    tx.query('DELETE FROM subject_metadata WHERE subject_id = $1', [subjectId]),
    keys.length
      ? tx.query(
        'INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value) SELECT $1, k, v FROM unnest($2::text[], $3::text[]) AS a(k, v)',
        [subjectId, keys, keys.map((k) => attributes[k])],
      )
      : Promise.resolve([]),
  ] as const);
}
