// DELETE api/sources/{sourceName} (docs/subjects.md): refused while assigned (400) and when the source was ever
// assigned (409: history points at it), otherwise hard-deleted with a DEL revision holding its last state. A source
// counts as "was assigned" when a revision of it says so, or a subject's revision lists it among its sources
// (assignments through the subject endpoints record the subject). The route checked SOURCE.DELETE where the source
// lived; the locked row is checked again if it moved meanwhile.
import type { EntityDetails } from '../../common/permission-check';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { ok, type RequestContext } from '../http/context';
import { HttpError } from '../http/errors';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision } from '../revisions/record';
import { requireStillAllowed } from '../subjects/recheck-access';
import { findSource, sourceEntity, toSourceDTO } from './source-dto';
import { sourceAlert, sourceFailure } from './source-errors';

const EVER_ASSIGNED = `SELECT 1 FROM revision_change
  WHERE (entity_kind = 'source' AND entity_id = $1 AND snapshot->>'assigned' = 'true')
     OR (entity_kind = 'subject' AND snapshot->'sources' @> $2::text::jsonb)
  LIMIT 1`;

/** ManagementPortal's empty 404 for an unknown source name. */
export const noSuchSource = () => new HttpError(404, undefined);

export async function deleteSource(ctx: RequestContext, principal: Principal, sourceName: string, checked: EntityDetails) {
  await writeTransaction(ctx, async (tx) => {
    const row = await findSource(tx, { name: sourceName }, true);
    if (!row) throw noSuchSource();
    await requireStillAllowed(tx, principal, 'SOURCE.DELETE', checked, sourceEntity(row));
    if (row.assigned || row.subject_id !== null) throw sourceFailure(400, 'sourceIsAssigned');
    if (await first(tx, EVER_ASSIGNED, [row.id, JSON.stringify([{ id: row.id }])])) throw sourceFailure(409, 'sourceRevisionIsAssigned');
    const snapshot = toSourceDTO(row);
    await tx.query('DELETE FROM radar_source WHERE id = $1', [row.id]);
    await recordRevision(tx, authorOf(principal), [{ kind: 'source', id: row.id, key: row.source_name, type: 'DEL', snapshot }]);
  });
  return ok(undefined, sourceAlert('deleted', sourceName));
}
