// GET api/subjects/{login}/sources and POST api/subjects/{login}/sources/{sourceName} (api.md §5.9). Fixed quirks: an
// unknown subject is a 404 `error.subjectNotFound` (not a 500) and a subject without sources answers `[]` (not a 404).
// `withInactiveSources=true` adds every source the subject's revisions ever listed, in its latest recorded state.
import type { MinimalSourceDetailsDTO, SubjectDTO } from '../../common/dto';
import type { Principal } from '../auth/principal';
import { ok, type RequestContext } from '../http/context';
import { apiError, validationFailed } from '../http/errors';
import { writeTransaction } from '../db/write-transaction';
import { booleanParam } from '../http/query-params';
import { authorOf, recordRevision } from '../revisions/record';
import { requireAllowed } from '../subjects/access';
import { getSubject } from '../subjects/load-subject';
import { findSource, SOURCE_SELECT, toMinimalSource, toSourceDTO, writeAttributes, type SourceRow } from './source-dto';
import { attributeErrors } from './source-input';

export async function listSubjectSources(ctx: RequestContext, principal: Principal, login: string) {
  const withInactive = booleanParam(ctx, 'withInactiveSources', false);
  const found = await getSubject(ctx.app.db, { login });
  await requireAllowed(ctx.app.db, principal, 'SUBJECT.READ', { project: found.associatedProject, subject: login });
  const rows = await ctx.app.db.query<SourceRow>(`${SOURCE_SELECT} WHERE rs.subject_id = $1 AND NOT rs.deleted ORDER BY rs.id`, [found.row.id]);
  const current = rows.map(toMinimalSource);
  if (!withInactive) return ok(current);
  const history = await ctx.app.db.query<{ snapshot: SubjectDTO | string }>(
    "SELECT snapshot FROM revision_change WHERE entity_kind = 'subject' AND entity_id = $1 ORDER BY revision_id, id",
    [found.row.id],
  );
  const bySourceId = new Map<string, MinimalSourceDetailsDTO>();
  for (const { snapshot } of history) {
    const dto = (typeof snapshot === 'string' ? JSON.parse(snapshot) : snapshot) as SubjectDTO;
    for (const source of dto.sources ?? []) if (source.sourceId) bySourceId.set(source.sourceId, source);
  }
  for (const source of current) bySourceId.set(source.sourceId!, source);
  return ok([...bySourceId.values()]);
}

/** Merges string attributes into a source the subject holds; nothing else changes. */
export async function updateSubjectSourceAttributes(ctx: RequestContext, principal: Principal, login: string, sourceName: string) {
  const body = await ctx.json<unknown>();
  const errors = attributeErrors(body ?? undefined, 'attributes');
  if (body === null || typeof body !== 'object' || errors.length) {
    throw validationFailed('attributes', errors.length ? errors : [{ objectName: 'attributes', field: 'attributes', message: 'NotNull: must be a JSON object' }]);
  }
  const dto = await writeTransaction(ctx, async (tx) => {
    const found = await getSubject(tx, { login }, true);
    await requireAllowed(tx, principal, 'SUBJECT.UPDATE', { project: found.associatedProject, subject: login });
    const row = await findSource(tx, { name: sourceName }, true);
    if (!row || row.subject_id !== found.row.id) {
      throw apiError(404, 'error.subjectNotFound', 'subject', `Subject ${login} has no source ${sourceName}`, { subjectLogin: login, sourceName });
    }
    await writeAttributes(tx, row.id, body as Record<string, string>, false);
    const updated = (await findSource(tx, { id: row.id }))!;
    await recordRevision(tx, authorOf(principal), [{ kind: 'source', id: row.id, key: row.source_name, type: 'MOD', snapshot: toSourceDTO(updated) }]);
    return toMinimalSource(updated);
  });
  return ok(dto);
}
