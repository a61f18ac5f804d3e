// POST and PUT api/sources (docs/subjects.md). Create: the server picks the sourceId, the source starts unassigned
// (assignment goes through the subject endpoints) and its type must belong to its project. Update: name, expected
// name and attributes change; the project only while the source is unassigned and only to a project that includes
// its type; the type and the subject stay. The route checks the permission where the body puts the source
// (createTarget) or, for an update, on the target project and then on the stored source (updateTarget); each write
// runs in one transaction with the source's revision.
import { randomUUID } from 'node:crypto';
import type { EntityDetails } from '../../common/permission-check';
import { requireAccess } from '../auth/guards';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { created, ok, type RequestContext } from '../http/context';
import { apiError, badRequest } from '../http/errors';
import { sourceNotFound } from '../http/not-found';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision } from '../revisions/record';
import { requireStillAllowed } from '../subjects/recheck-access';
import { findSource, sourceEntity, toSourceDTO, writeAttributes } from './source-dto';
import { sourceAlert, sourceFailure, typeNotInProject } from './source-errors';
import type { SourceInput } from './source-input';
import { nameTaken, projectHasType, resolveProject, resolveSourceType } from './source-refs';

/**
 * Where a new source goes, as the permission sees it (400 for a body with an id or a sourceId). A named project is
 * checked before it is looked up, so an unknown name outside the caller's scope stays a 403; a project named by id
 * only is looked up first (404); none is global, which only system admins may write.
 */
export async function createTarget(q: Queryable, input: SourceInput): Promise<EntityDetails> {
  if (input.id !== undefined) throw sourceFailure(400, 'idexists');
  if (input.sourceId) throw sourceFailure(400, 'sourceIdExists');
  if (!input.project) return {};
  if (input.project.projectName) return { project: input.project.projectName };
  return { project: (await resolveProject(q, input.project))!.name };
}

export interface UpdateTarget {
  /** The project the body moves the source to (undefined: it stays). */
  target?: { id: number; name: string };
  /** Where the stored source lived when the route checked the permission on it. */
  checked: EntityDetails;
}

/**
 * An update of source `id`: SOURCE.UPDATE where the body puts it first (as createTarget; without a project in the
 * body that is a global check), so only callers who may write there learn that an id is unknown; then the stored
 * source, on which the route checks the permission.
 */
export async function updateTarget(q: Queryable, principal: Principal, input: SourceInput, id: number): Promise<UpdateTarget> {
  if (input.project?.projectName) await requireAccess(q, principal, 'SOURCE.UPDATE', { project: input.project.projectName });
  const target = await resolveProject(q, input.project);
  await requireAccess(q, principal, 'SOURCE.UPDATE', target ? { project: target.name } : {});
  const stored = await findSource(q, { id });
  if (!stored) throw sourceNotFound(String(id));
  return { target, checked: sourceEntity(stored) };
}

async function snapshot(tx: Queryable, principal: Principal, rowId: number, type: 'ADD' | 'MOD') {
  const row = (await findSource(tx, { id: rowId }))!;
  const dto = toSourceDTO(row);
  await recordRevision(tx, authorOf(principal), [{ kind: 'source', id: row.id, key: row.source_name, type, snapshot: dto }]);
  return dto;
}

/** Creates the source; the route has checked createTarget's place with SOURCE.CREATE. */
export async function createSource(ctx: RequestContext, principal: Principal, input: SourceInput) {
  const dto = await writeTransaction(ctx, async (tx) => {
    const project = await resolveProject(tx, input.project);
    const type = await resolveSourceType(tx, input.sourceType);
    if (project && !(await projectHasType(tx, project.id, type.id))) throw typeNotInProject(project.name);
    if (await nameTaken(tx, input.sourceName)) throw sourceFailure(400, 'sourceNameExists');
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO radar_source (source_id, source_name, expected_source_name, assigned, source_type_id, project_id)
       VALUES ($1, $2, $3, false, $4, $5) RETURNING id`,
      [randomUUID(), input.sourceName, input.expectedSourceName, type.id, project?.id ?? null],
    );
    await writeAttributes(tx, row.id, input.attributes ?? {}, false);
    return snapshot(tx, principal, row.id, 'ADD');
  }, { unique: () => sourceFailure(400, 'sourceNameExists') });
  const location = `${ctx.app.config.publicUrl}/api/sources/${encodeURIComponent(dto.sourceName)}`;
  return created(dto, location, sourceAlert('created', dto.sourceName));
}

/** Updates source `id` (updateTarget has been checked). */
export async function updateSource(ctx: RequestContext, principal: Principal, input: SourceInput, id: number, { target, checked }: UpdateTarget) {
  const dto = await writeTransaction(ctx, async (tx) => {
    const stored = await findSource(tx, { id }, true);
    if (!stored) throw sourceNotFound(String(id)); // deleted meanwhile
    await requireStillAllowed(tx, principal, 'SOURCE.UPDATE', checked, sourceEntity(stored));
    if (input.subjectLogin && input.subjectLogin !== stored.subject_login) {
      throw badRequest('A source is assigned to a subject through the subject (PUT api/subjects or POST api/subjects/{login}/sources)', 'source');
    }
    const projectId = target ? target.id : stored.project_id;
    if (target && target.id !== stored.project_id) {
      if (stored.assigned) throw apiError(409, 'error.sourceIsAssigned', 'source', 'An assigned source cannot move to another project', { sourceName: stored.source_name });
      if (stored.type_id !== null && !(await projectHasType(tx, target.id, stored.type_id))) throw typeNotInProject(target.name);
    }
    if (await nameTaken(tx, input.sourceName, id)) throw sourceFailure(400, 'sourceNameExists');
    await tx.query('UPDATE radar_source SET source_name = $2, expected_source_name = $3, project_id = $4 WHERE id = $1', [
      id,
      input.sourceName,
      input.expectedSourceName,
      projectId,
    ]);
    if (input.attributes) await writeAttributes(tx, id, input.attributes, true);
    return snapshot(tx, principal, id, 'MOD');
  }, { unique: () => sourceFailure(400, 'sourceNameExists') });
  return ok(dto, sourceAlert('updated', dto.sourceName));
}
