// PATCH api/projects/{p}/groups/{g}/subjects (api.md §5.8): `[{op: "add"|"remove", value: [{id}|{login}]}]`.
// Adds put the subjects in this group, removes clear their group (whatever it was); unknown ids and logins are
// ignored; a subject of another project (or of none) is a 400 and nothing changes.
import type { Queryable } from '../db/database';
import { apiError } from '../http/errors';
import { isPlainObject } from '../http/body-fields';

export interface SubjectRefs {
  ids: number[];
  logins: string[];
}

export interface GroupPatch {
  add: SubjectRefs;
  remove: SubjectRefs;
}

const invalid = (message: string) => apiError(400, 'error.validation', 'group', message);

/** Checks the body's shape; every problem is a 400 EX `error.validation` (entity `group`). */
export function readGroupPatch(raw: unknown): GroupPatch {
  if (!Array.isArray(raw)) throw invalid('The body must be a JSON array of patch operations.');
  const patch: GroupPatch = { add: { ids: [], logins: [] }, remove: { ids: [], logins: [] } };
  for (const operation of raw) {
    if (!isPlainObject(operation) || (operation.op !== 'add' && operation.op !== 'remove')) {
      throw invalid('Each operation needs op "add" or "remove".');
    }
    if (!Array.isArray(operation.value)) throw invalid('Each operation needs a value list of subject references.');
    const target = patch[operation.op];
    for (const item of operation.value) {
      const hasId = isPlainObject(item) && item.id !== undefined && item.id !== null;
      const hasLogin = isPlainObject(item) && item.login !== undefined && item.login !== null;
      if (hasId === hasLogin) throw invalid('Each subject reference needs exactly one of id and login.');
      if (hasId && Number.isSafeInteger(item.id)) target.ids.push(item.id as number);
      else if (hasLogin && typeof item.login === 'string') target.logins.push(item.login.toLowerCase());
      else throw invalid('A subject id must be a number and a login a string.');
    }
  }
  return patch;
}

async function resolve(tx: Queryable, refs: SubjectRefs, projectId: number): Promise<number[]> {
  if (!refs.ids.length && !refs.logins.length) return [];
  const rows = await tx.query<{ id: number; login: string; project_id: number | null }>(
    'SELECT id, login, project_id FROM subject WHERE id = ANY($1::bigint[]) OR login = ANY($2::text[])',
    [refs.ids, refs.logins],
  );
  const foreign = rows.filter((r) => r.project_id !== projectId);
  if (foreign.length) {
    throw apiError(400, 'error.validation', 'subject', `Subjects not in this project: ${foreign.map((r) => r.login).join(', ')}`, {
      logins: foreign.map((r) => r.login).join(','),
    });
  }
  return rows.map((r) => r.id);
}

/** Applies the patch in the caller's transaction: adds first, then removes (as the original). */
export async function applyGroupPatch(tx: Queryable, patch: GroupPatch, projectId: number, groupId: number): Promise<void> {
  const addIds = await resolve(tx, patch.add, projectId);
  const removeIds = await resolve(tx, patch.remove, projectId);
  if (addIds.length) await tx.query('UPDATE subject SET group_id = $1 WHERE id = ANY($2::bigint[])', [groupId, addIds]);
  if (removeIds.length) await tx.query('UPDATE subject SET group_id = NULL WHERE id = ANY($1::bigint[])', [removeIds]);
}
