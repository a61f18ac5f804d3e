// POST api/subjects/{login}/sources (docs/subjects.md): an app registers the subject's device. With `sourceId` it
// updates one of the subject's sources (rename, merge attributes); without, it creates one dynamically (the type
// must allow that, one source per type per subject). The checks run in ManagementPortal's order: the body, the source
// type (404), the subject (404), its active project (403), the permission, then the rest in the transaction. The
// source and the subject (whose DTO lists its sources) are both recorded in the same revision.
import { randomUUID } from 'node:crypto';
import type { Attributes, FieldErrorVM } from '../../common/dto';
import { NAME_PATTERN } from '../../common/name-pattern';
import type { EntityDetails } from '../../common/permission-check';
import type { Principal } from '../auth/principal';
import { first, type Queryable } from '../db/database';
import { created, ok, type RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision } from '../revisions/record';
import { getSubject, snapshotOf, type FoundSubject } from '../subjects/load-subject';
import { requireStillAllowed } from '../subjects/recheck-access';
import { recordSourceSeen } from '../subjects/last-seen';
import { findSource, toMinimalSource, toSourceDTO, writeAttributes } from './source-dto';
import { sourceAlert } from './source-errors';
import { attributeErrors } from './source-input';
import { nameTaken, projectHasType, resolveSourceType, type TypeRef } from './source-refs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OBJECT_NAME = 'minimalSourceDetailsDTO';
type Body = Record<string, unknown>;

/** A registration as the route found it: the body, its source type and the subject. */
export interface Registration {
  body: Body;
  type: TypeRef;
  sourceId?: string;
  sourceName?: string;
  attributes: Attributes;
  /** Where the route checked SUBJECT.UPDATE: the subject in its active project. */
  checked: EntityDetails;
}

/** The subject in its active project (403 when it has none). */
const activeProjectEntity = (found: FoundSubject, login: string): { project: string; subject: string } => {
  if (found.row.project_id === null || !found.projectName) {
    throw apiError(403, 'error.activeParticipantProjectNotFound', 'subject', `Subject ${login} has no active project`, { subjectLogin: login });
  }
  return { project: found.projectName, subject: login };
};

/** Errors of a body that passed the MinimalSourceDetailsDTO schema (the route's `extra` check). */
export function registrationErrors(body: Body): FieldErrorVM[] {
  const e = (field: string, message: string): FieldErrorVM => ({ objectName: OBJECT_NAME, field, message });
  const errors = attributeErrors(OBJECT_NAME, body.attributes);
  const { sourceId, sourceName, expectedSourceName } = body as Record<string, string | null | undefined>;
  if (sourceId != null && !UUID.test(sourceId)) errors.push(e('sourceId', 'TypeMismatch: must be a UUID'));
  if (sourceName != null && (!NAME_PATTERN.test(sourceName) || sourceName.length > 200)) {
    errors.push(e('sourceName', 'Pattern: must match the name pattern (at most 200 characters)'));
  }
  if (expectedSourceName != null && expectedSourceName.length > 255) errors.push(e('expectedSourceName', 'Size: at most 255 characters'));
  return errors;
}

/** The route's finder: the source type the body names, then the subject in its active project. */
export async function locateRegistration(q: Queryable, login: string, body: Body): Promise<{ entity: EntityDetails; found: Registration }> {
  const { sourceTypeId, sourceTypeProducer: producer, sourceTypeModel: model, sourceTypeCatalogVersion: catalogVersion } = body;
  let ref: { id: number } | { producer: string; model: string; catalogVersion: string };
  if (typeof sourceTypeId === 'number') ref = { id: sourceTypeId };
  else if (typeof producer === 'string' && typeof model === 'string' && typeof catalogVersion === 'string') ref = { producer, model, catalogVersion };
  else throw apiError(400, 'error.validation', 'sourceType', 'Give sourceTypeId or sourceTypeProducer, sourceTypeModel and sourceTypeCatalogVersion');
  const type = await resolveSourceType(q, ref);
  const entity = activeProjectEntity(await getSubject(q, { login }), login);
  const { sourceId, sourceName } = body as Record<string, string | null | undefined>;
  const found: Registration = { body, type, sourceId: sourceId ?? undefined, sourceName: sourceName || undefined, attributes: (body.attributes as Attributes | null) ?? {}, checked: entity };
  return { entity, found };
}

async function record(tx: Queryable, principal: Principal, sourceRowId: number, subjectId: number, type: 'ADD' | 'MOD') {
  const row = (await findSource(tx, { id: sourceRowId }))!;
  const subject = await snapshotOf(tx, subjectId);
  await recordRevision(tx, authorOf(principal), [
    { kind: 'source', id: row.id, key: row.source_name, type, snapshot: toSourceDTO(row) },
    { kind: 'subject', id: subjectId, key: subject.login, type: 'MOD', snapshot: subject },
  ]);
  return toMinimalSource(row);
}

export async function registerSource(ctx: RequestContext, principal: Principal, login: string, input: Registration) {
  const { type } = input;
  // The participant's own token is the app calling; staff registering a device on its behalf are no contact.
  const byTheApp = principal.login !== undefined && principal.login === login;
  const result = await writeTransaction(ctx, async (tx) => {
    const found = await getSubject(tx, { login }, true);
    const { project: projectName } = activeProjectEntity(found, login);
    await requireStillAllowed(tx, principal, 'SUBJECT.UPDATE', input.checked, { project: projectName, subject: login });
    const projectId = found.row.project_id!;
    if (!(await projectHasType(tx, projectId, type.id))) {
      throw apiError(400, 'error.sourceTypeNotProvided', 'subject', `Project ${projectName} does not include this source type`, { projectName });
    }
    if (input.sourceId) {
      const row = await first<{ id: number }>(tx, 'SELECT id FROM radar_source WHERE source_id = $1::uuid AND subject_id = $2 AND NOT deleted FOR UPDATE', [input.sourceId, found.row.id]);
      if (!row) throw apiError(404, 'error.sourceNotFound', 'source', `Subject ${login} has no source ${input.sourceId}`, { sourceId: input.sourceId, 'subject-login': login });
      if (input.sourceName) {
        if (await nameTaken(tx, input.sourceName, row.id)) throw nameExists(input.sourceName);
        await tx.query('UPDATE radar_source SET source_name = $2 WHERE id = $1', [row.id, input.sourceName]);
      }
      await tx.query('UPDATE radar_source SET assigned = true WHERE id = $1', [row.id]);
      await writeAttributes(tx, row.id, input.attributes, false);
      if (byTheApp) await recordSourceSeen(tx, found.row.id, row.id);
      return record(tx, principal, row.id, found.row.id, 'MOD');
    }
    if (!type.dynamic) {
      throw apiError(400, 'error.InvalidDynamicSourceRegistration', 'sourceType', 'This source type cannot be registered dynamically', {
        producer: type.producer, model: type.model, catalogVersion: type.catalogVersion, userId: login,
      });
    }
    if (await first(tx, 'SELECT 1 FROM radar_source WHERE subject_id = $1 AND source_type_id = $2 AND NOT deleted', [found.row.id, type.id])) {
      throw apiError(409, 'error.sourceTypeExists', 'subject', `Subject ${login} already has a source of this type`, { subjectLogin: login });
    }
    const sourceId = randomUUID();
    const generated = `${type.model}-${sourceId.slice(0, 8)}`;
    const name = input.sourceName ? `${input.sourceName}_${generated}` : generated;
    if (await nameTaken(tx, name)) throw nameExists(name);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO radar_source (source_id, source_name, expected_source_name, assigned, source_type_id, project_id, subject_id)
       VALUES ($1, $2, $3, true, $4, $5, $6) RETURNING id`,
      [sourceId, name, (input.body.expectedSourceName as string | null) ?? null, type.id, projectId, found.row.id],
    );
    await writeAttributes(tx, row.id, input.attributes, false);
    if (byTheApp) await recordSourceSeen(tx, found.row.id, row.id);
    return record(tx, principal, row.id, found.row.id, 'ADD');
  }, { unique: () => nameExists(input.sourceName ?? '') });
  const name = result.sourceName!;
  // 201 only for a bare registration (ManagementPortal's rule): supplying an id, name or sourceId answers 200.
  const bare = ['id', 'sourceName', 'sourceId'].every((k) => input.body[k] === undefined || input.body[k] === null);
  if (bare) return created(result, `${ctx.app.config.publicUrl}/api/sources/${encodeURIComponent(name)}`, sourceAlert('created', name));
  return ok(result, sourceAlert('updated', name));
}

const nameExists = (name: string) =>
  apiError(409, 'error.sourceNameExists', 'source', `Source name ${name} is already in use`, { 'source-name': name });
