// GET api/subjects/{login}/sources and POST api/subjects/{login}/sources/{sourceName} (docs/subjects.md). Unlike
// ManagementPortal, an unknown subject is a 404 `error.subjectNotFound` (not a 500) and a subject without sources
// answers `[]` (not a 404). `withInactiveSources=true` adds every source the subject's revisions ever listed, in its
// latest recorded state. The route has found the subject and checked the permission on it.
import type { Attributes, MinimalSourceDetailsDTO, SubjectDTO } from '../../common/dto';
import type { EntityDetails } from '../../common/permission-check';
import type { Principal } from '../auth/principal';
import { ok, type RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision } from '../revisions/record';
import { getSubject, subjectEntity, type FoundSubject } from '../subjects/load-subject';
import { requireStillAllowed } from '../subjects/recheck-access';
import { findSource, SOURCE_SELECT, toMinimalSource, toSourceDTO, writeAttributes, type SourceRow } from './source-dto';
import { jsonColumn } from '../db/database';

export async function listSubjectSources(ctx: RequestContext, found: FoundSubject, withInactive: boolean) {
  const rows = await ctx.app.db.query<SourceRow>(`${SOURCE_SELECT} WHERE rs.subject_id = $1 AND NOT rs.deleted ORDER BY rs.id`, [found.row.id]);
  const current = rows.map(toMinimalSource);
  if (!withInactive) return ok(current);
  const history = await ctx.app.db.query<{ snapshot: SubjectDTO | string }>(
    "SELECT snapshot FROM revision_change WHERE entity_kind = 'subject' AND entity_id = $1 ORDER BY revision_id, id",
    [found.row.id],
  );
  const bySourceId = new Map<string, MinimalSourceDetailsDTO>();
  for (const { snapshot } of history) {
    const dto = jsonColumn(snapshot as SubjectDTO | string);
    for (const source of dto.sources ?? []) if (source.sourceId) bySourceId.set(source.sourceId, source);
  }
  for (const source of current) bySourceId.set(source.sourceId!, source);
  return ok([...bySourceId.values()]);
}

/** Merges string attributes into a source the subject holds; nothing else changes. */
export async function updateSubjectSourceAttributes(ctx: RequestContext, principal: Principal, login: string, sourceName: string, attributes: Attributes, checked: EntityDetails) {
  const dto = await writeTransaction(ctx, async (tx) => {
    const found = await getSubject(tx, { login }, true);
    await requireStillAllowed(tx, principal, 'SUBJECT.UPDATE', checked, subjectEntity(found));
    const row = await findSource(tx, { name: sourceName }, true);
    if (!row || row.subject_id !== found.row.id) {
      throw apiError(404, 'error.subjectNotFound', 'subject', `Subject ${login} has no source ${sourceName}`, { subjectLogin: login, sourceName });
    }
    await writeAttributes(tx, row.id, attributes, false);
    const updated = (await findSource(tx, { id: row.id }))!;
    await recordRevision(tx, authorOf(principal), [{ kind: 'source', id: row.id, key: row.source_name, type: 'MOD', snapshot: toSourceDTO(updated) }]);
    return toMinimalSource(updated);
  });
  return ok(dto);
}
