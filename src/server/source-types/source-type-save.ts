// Creating or updating a source type with its source data in one transaction (docs/catalogue.md). When the body carries
// `sourceData`, the type's rows become exactly that list: rows with an id are updated (the id must be one of this
// type's rows), rows without are created, and the type's other rows are deleted, as the dialog's row editor expects.
// A body without `sourceData` leaves the rows alone. Every touched entity is recorded in the same revision.
import type { SourceTypeDTO } from '../../common/dto';
import type { Principal } from '../auth/principal';
import { first, type Queryable } from '../db/database';
import type { RequestContext } from '../http/context';
import { validationFailed } from '../http/errors';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision, type EntityChange } from '../revisions/record';
import { assertNameFree, insertSourceData, loadSourceData, updateSourceData } from '../source-data/source-data-store';
import type { SourceTypeInput } from './source-type-input';
import { loadSourceTypeById, sourceTypeExists, typeNotFound } from './source-type-store';

const rowNotOfType = (i: number) =>
  validationFailed('sourceTypeDTO', [{ objectName: 'sourceTypeDTO', field: `sourceData[${i}].id`, message: 'NotFound: not a source data row of this source type' }]);

async function writeType(tx: Queryable, t: SourceTypeInput): Promise<number> {
  const values = [t.producer, t.model, t.catalogVersion, t.sourceTypeScope, t.canRegisterDynamically, t.name, t.description, t.assessmentType, t.appProvider];
  const clash = await first<{ id: number }>(tx, 'SELECT id FROM source_type WHERE producer = $1 AND model = $2 AND catalog_version = $3', values.slice(0, 3));
  if (clash && clash.id !== t.id) throw sourceTypeExists(t);
  const sql = t.id === null
    ? `INSERT INTO source_type (producer, model, catalog_version, source_type_scope, dynamic_registration, name, description, assessment_type, app_provider)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`
    : `UPDATE source_type SET producer = $1, model = $2, catalog_version = $3, source_type_scope = $4, dynamic_registration = $5,
         name = $6, description = $7, assessment_type = $8, app_provider = $9 WHERE id = $10 RETURNING id`;
  const rows = await tx.query<{ id: number }>(sql, t.id === null ? values : [...values, t.id]);
  if (!rows.length) throw typeNotFound(t);
  return rows[0].id;
}

async function writeRows(tx: Queryable, typeId: number, t: SourceTypeInput, changes: EntityChange[]): Promise<void> {
  if (!t.sourceData) return;
  const owned = new Set((await tx.query<{ id: number }>('SELECT id FROM source_data WHERE source_type_id = $1', [typeId])).map((r) => r.id));
  t.sourceData.forEach((d, i) => {
    if (d.id !== null && !owned.has(d.id)) throw rowNotOfType(i);
  });
  const kept = new Set(t.sourceData.map((d) => d.id));
  for (const id of owned) {
    if (kept.has(id)) continue;
    const snapshot = (await loadSourceData(tx, 'sd.id = $1', id))!;
    await tx.query('DELETE FROM source_data WHERE id = $1', [id]);
    changes.push({ kind: 'sourcedata', id, key: snapshot.sourceDataName ?? undefined, type: 'DEL', snapshot });
  }
  for (const d of t.sourceData) {
    await assertNameFree(tx, d.sourceDataName, d.id);
    const id = d.id ?? (await insertSourceData(tx, d, typeId));
    if (d.id !== null) await updateSourceData(tx, d.id, d, typeId);
    const snapshot = (await loadSourceData(tx, 'sd.id = $1', id))!;
    changes.push({ kind: 'sourcedata', id, key: d.sourceDataName, type: d.id === null ? 'ADD' : 'MOD', snapshot });
  }
}

export async function saveSourceType(ctx: RequestContext, principal: Principal, t: SourceTypeInput): Promise<SourceTypeDTO> {
  return writeTransaction(ctx, async (tx) => {
    if (t.id !== null && !(await first(tx, 'SELECT 1 FROM source_type WHERE id = $1', [t.id]))) throw typeNotFound(t);
    const typeId = await writeType(tx, t);
    const changes: EntityChange[] = [];
    await writeRows(tx, typeId, t, changes);
    const saved = (await loadSourceTypeById(tx, typeId))!;
    const key = `${t.producer}_${t.model}_${t.catalogVersion}`;
    changes.unshift({ kind: 'sourcetype', id: typeId, key, type: t.id === null ? 'ADD' : 'MOD', snapshot: saved });
    await recordRevision(tx, authorOf(principal), changes);
    return saved;
  }, { unique: () => sourceTypeExists(t) });
}
