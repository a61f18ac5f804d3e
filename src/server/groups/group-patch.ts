// PATCH api/projects/{p}/groups/{g}/subjects: `[{op: "add"|"remove", value: [{id}|{login}]}]`. The router checks the
// JSON types (GroupPatchOperation); here each subject reference must name exactly one of id and login. Adds put the
// subjects in this group, removes clear their group (whatever it was); unknown ids and logins are ignored; a subject
// of another project (or of none) is a 400 and nothing changes.
import type { Queryable } from '../db/database';
import { apiError } from '../http/errors';

/** The body as the router hands it over: a list of GroupPatchOperation, types checked (nulls and absence pass). */
export type GroupPatchBody = ({ op?: 'add' | 'remove' | null; value?: ({ id?: number | null; login?: string | null } | null)[] | null } | null)[] | null | undefined;

interface SubjectRefs {
  ids: number[];
  logins: string[];
}

interface GroupPatch {
  add: SubjectRefs;
  remove: SubjectRefs;
}

const invalid = (message: string) => apiError(400, 'error.validation', 'group', message);
const present = (value: unknown) => value !== undefined && value !== null;

/** What the operations add and remove; a missing part is a 400 `error.validation` with an errorCode (entity `group`). */
export function readGroupPatch(body: GroupPatchBody): GroupPatch {
  if (!Array.isArray(body)) throw invalid('The body must be a JSON array of patch operations.');
  const patch: GroupPatch = { add: { ids: [], logins: [] }, remove: { ids: [], logins: [] } };
  for (const operation of body) {
    if (!operation?.op) throw invalid('Each operation needs op "add" or "remove".');
    if (!operation.value) throw invalid('Each operation needs a value list of subject references.');
    const target = patch[operation.op];
    for (const item of operation.value) {
      const hasId = present(item?.id);
      if (hasId === present(item?.login)) throw invalid('Each subject reference needs exactly one of id and login.');
      if (hasId) target.ids.push(item!.id!);
      else target.logins.push(item!.login!.toLowerCase());
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

/** Applies the patch in the caller's transaction: adds first, then removes (as ManagementPortal does). */
export async function applyGroupPatch(tx: Queryable, patch: GroupPatch, projectId: number, groupId: number): Promise<void> {
  const addIds = await resolve(tx, patch.add, projectId);
  const removeIds = await resolve(tx, patch.remove, projectId);
  if (addIds.length) await tx.query('UPDATE subject SET group_id = $1 WHERE id = ANY($2::bigint[])', [groupId, addIds]);
  if (removeIds.length) await tx.query('UPDATE subject SET group_id = NULL WHERE id = ANY($1::bigint[])', [removeIds]);
}
