// POST and PUT api/sources (api.md §5.10, §6.5). Create: the server picks the sourceId, the source starts
// unassigned (assignment goes through the subject endpoints) and its type must belong to its project. Update: name,
// expected name and attributes change; the project only while the source is unassigned and only to a project that
// includes its type; the type and the subject stay. Both check the permission on the target project (and update
// again on the stored source), write in one transaction and record the source's revision there.
import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { created, ok, type RequestContext } from '../http/context';
import { apiError, badRequest } from '../http/errors';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision } from '../revisions/record';
import { requireAllowed } from '../subjects/access';
import { findSource, toSourceDTO, writeAttributes } from './source-dto';
import { sourceAlert, sourceFailure, sourceNotFound, typeNotInProject } from './source-errors';
import type { SourceInput } from './source-input';
import { nameTaken, projectHasType, resolveProject, resolveSourceType } from './source-refs';

async function projectOf(q: Queryable, principal: Principal, input: SourceInput, permission: 'SOURCE.CREATE' | 'SOURCE.UPDATE') {
  // With a name the permission is checked before the lookup, so an unknown project in another scope stays a 403.
  if (input.project?.projectName) await requireAllowed(q, principal, permission, { project: input.project.projectName });
  const project = await resolveProject(q, input.project);
  await requireAllowed(q, principal, permission, project ? { project: project.name } : {});
  return project;
}

async function snapshot(tx: Queryable, principal: Principal, rowId: number, type: 'ADD' | 'MOD') {
  const row = (await findSource(tx, { id: rowId }))!;
  const dto = toSourceDTO(row);
  await recordRevision(tx, authorOf(principal), [{ kind: 'source', id: row.id, key: row.source_name, type, snapshot: dto }]);
  return dto;
}

export async function createSource(ctx: RequestContext, principal: Principal, input: SourceInput) {
  if (input.id !== undefined) throw sourceFailure(400, 'idexists');
  if (input.sourceId) throw sourceFailure(400, 'sourceIdExists');
  const dto = await writeTransaction(ctx, async (tx) => {
    const project = await projectOf(tx, principal, input, 'SOURCE.CREATE');
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

export async function updateSource(ctx: RequestContext, principal: Principal, input: SourceInput) {
  if (input.id === undefined) return createSource(ctx, principal, input);
  const id = input.id;
  const dto = await writeTransaction(ctx, async (tx) => {
    const stored = await findSource(tx, { id }, true);
    // The target project is checked before the 404, so only callers who may write there learn an id is unknown.
    const target = await projectOf(tx, principal, input, 'SOURCE.UPDATE');
    if (!stored) throw sourceNotFound(String(id));
    await requireAllowed(tx, principal, 'SOURCE.UPDATE', { project: stored.project_name, subject: stored.subject_login, source: stored.source_id });
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
