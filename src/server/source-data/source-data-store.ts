// Source-data rows: reading them as SourceDataDTO with their minimal source type (docs/catalogue.md) and writing
// them inside the caller's transaction. Used by api/source-data and by the source-type writes (nested rows).
import type { MinimalSourceTypeDTO, SourceDataDTO } from '../../common/dto';
import { first, type Queryable } from '../db/database';
import { apiError } from '../http/errors';
import { sourceDataDTO, type SourceDataRow } from '../source-types/source-type-dto';
import type { SourceDataInput } from './source-data-input';

export interface SourceDataWithTypeRow extends SourceDataRow {
  st_producer: string | null;
  st_model: string | null;
  st_catalog_version: string | null;
}

/** Columns of `source_data sd LEFT JOIN source_type st`. */
export const SOURCE_DATA_WITH_TYPE_COLUMNS = 'sd.*, st.producer AS st_producer, st.model AS st_model, st.catalog_version AS st_catalog_version';

export function sourceDataWithType(row: SourceDataWithTypeRow): SourceDataDTO {
  const dto = sourceDataDTO(row);
  if (row.source_type_id !== null) {
    const sourceType: MinimalSourceTypeDTO = { id: row.source_type_id, model: row.st_model, producer: row.st_producer, catalogVersion: row.st_catalog_version };
    dto.sourceType = sourceType;
  }
  return dto;
}

export async function loadSourceData(db: Queryable, where: 'sd.id = $1' | 'sd.source_data_name = $1', key: number | string): Promise<SourceDataDTO | undefined> {
  const row = await first<SourceDataWithTypeRow>(db, `SELECT ${SOURCE_DATA_WITH_TYPE_COLUMNS} FROM source_data sd LEFT JOIN source_type st ON st.id = sd.source_type_id WHERE ${where}`, [key]);
  return row && sourceDataWithType(row);
}

export const sourceDataNameTaken = (name: string) =>
  apiError(409, 'error.sourceDataNameAvailable', 'sourceData', `Source data name ${name} is already in use`, { sourceDataName: name });

/** 409 when another row (not `ownId`) already has the name. */
export async function assertNameFree(tx: Queryable, name: string, ownId: number | null): Promise<void> {
  const other = await first<{ id: number }>(tx, 'SELECT id FROM source_data WHERE source_data_name = $1', [name]);
  if (other && other.id !== ownId) throw sourceDataNameTaken(name);
}

const VALUES = (d: SourceDataInput, typeId: number | null) => [
  d.sourceDataType, d.sourceDataName, typeId, d.frequency, d.unit, d.processingState, d.dataClass,
  d.keySchema, d.valueSchema, d.topic, d.provider, d.enabled,
];

export async function insertSourceData(tx: Queryable, d: SourceDataInput, typeId: number | null): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO source_data (source_data_type, source_data_name, source_type_id, frequency, unit, processing_state, data_class,
       key_schema, value_schema, topic, provider, enabled) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    VALUES(d, typeId),
  );
  return row.id;
}

/** Answers false when the row is gone. */
export async function updateSourceData(tx: Queryable, id: number, d: SourceDataInput, typeId: number | null): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE source_data SET source_data_type = $1, source_data_name = $2, source_type_id = $3, frequency = $4, unit = $5,
       processing_state = $6, data_class = $7, key_schema = $8, value_schema = $9, topic = $10, provider = $11, enabled = $12
     WHERE id = $13 RETURNING id`,
    [...VALUES(d, typeId), id],
  );
  return rows.length > 0;
}
