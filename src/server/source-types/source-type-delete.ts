// Deleting a source type (docs/catalogue.md) with its source-data rows, recorded in one revision. Refused with 403
// `error.sourceTypeInUse` while projects list it (params `project-names`, joined by `-`, as the original) or while
// sources are of this type (the original failed there with a 500; params `source-count`).
import type { Principal } from '../auth/principal';
import type { RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision, type EntityChange } from '../revisions/record';
import { loadSourceData } from '../source-data/source-data-store';
import { loadSourceTypeById, loadSourceTypeRow, typeNotFound, typeLabel, type TypeKey } from './source-type-store';

const inUse = (k: TypeKey, params: Record<string, string>) =>
  apiError(403, 'error.sourceTypeInUse', 'sourceType', `Source type ${typeLabel(k)} is still in use`, params);

export async function deleteSourceType(ctx: RequestContext, principal: Principal, k: TypeKey): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    const row = await loadSourceTypeRow(tx, k);
    if (!row) throw typeNotFound(k);
    const projects = await tx.query<{ project_name: string }>(
      'SELECT p.project_name FROM project_source_type pst JOIN project p ON p.id = pst.project_id WHERE pst.source_type_id = $1 ORDER BY p.project_name',
      [row.id],
    );
    if (projects.length) throw inUse(k, { 'project-names': projects.map((p) => p.project_name).join('-') });
    const [{ sources }] = await tx.query<{ sources: number }>('SELECT count(*)::int AS sources FROM radar_source WHERE source_type_id = $1', [row.id]);
    if (sources > 0) throw inUse(k, { 'source-count': String(sources) });
    const snapshot = (await loadSourceTypeById(tx, row.id))!;
    const changes: EntityChange[] = [];
    for (const d of snapshot.sourceData ?? []) {
      const data = (await loadSourceData(tx, 'sd.id = $1', d.id!))!;
      changes.push({ kind: 'sourcedata', id: d.id!, key: d.sourceDataName ?? undefined, type: 'DEL', snapshot: data });
    }
    await tx.query('DELETE FROM source_data WHERE source_type_id = $1', [row.id]);
    await tx.query('DELETE FROM source_type WHERE id = $1', [row.id]);
    changes.unshift({ kind: 'sourcetype', id: row.id, key: `${k.producer}_${k.model}_${k.catalogVersion}`, type: 'DEL', snapshot });
    await recordRevision(tx, authorOf(principal), changes);
  });
}
