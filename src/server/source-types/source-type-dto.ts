// The full SourceTypeDTO, with null fields left out: the reduced form plus the descriptive fields and its source data
// (SourceDataDTOs with their nulls and without a nested sourceType), loaded for any number of types in two queries.
import type { SourceDataDTO, SourceTypeDTO } from '../../common/dto';
import type { Queryable } from '../db/database';
import { reducedSourceType } from '../projects/source-type-summary';

interface TypeRow {
  id: number;
  producer: string;
  model: string;
  catalog_version: string;
  source_type_scope: string;
  dynamic_registration: boolean;
  name: string | null;
  description: string | null;
  assessment_type: string | null;
  app_provider: string | null;
}

export interface SourceDataRow {
  id: number;
  source_type_id: number;
  source_data_type: string;
  source_data_name: string;
  frequency: string | null;
  unit: string | null;
  processing_state: string | null;
  data_class: string | null;
  key_schema: string | null;
  value_schema: string | null;
  topic: string | null;
  provider: string | null;
  enabled: boolean;
}

export const SOURCE_TYPE_COLUMNS =
  'id, producer, model, catalog_version, source_type_scope, dynamic_registration, name, description, assessment_type, app_provider';

export function sourceDataDTO(row: SourceDataRow): SourceDataDTO {
  return {
    id: row.id,
    sourceDataType: row.source_data_type ?? row.topic,
    sourceDataName: row.source_data_name,
    frequency: row.frequency,
    unit: row.unit,
    processingState: row.processing_state,
    dataClass: row.data_class,
    keySchema: row.key_schema,
    valueSchema: row.value_schema,
    topic: row.topic,
    provider: row.provider,
    enabled: row.enabled,
  } as SourceDataDTO;
}

export async function fullSourceTypes(db: Queryable, rows: TypeRow[]): Promise<SourceTypeDTO[]> {
  const ids = rows.map((r) => r.id);
  const data = ids.length
    ? await db.query<SourceDataRow>('SELECT * FROM source_data WHERE source_type_id = ANY($1::bigint[]) ORDER BY id', [ids])
    : [];
  const byType = new Map<number, SourceDataDTO[]>();
  for (const d of data) byType.set(d.source_type_id, [...(byType.get(d.source_type_id) ?? []), sourceDataDTO(d)]);
  return rows.map((r) => {
    const dto: Record<string, unknown> = { ...reducedSourceType(r) };
    for (const [key, value] of [['description', r.description], ['assessmentType', r.assessment_type], ['appProvider', r.app_provider]] as const) {
      if (value !== null) dto[key] = value;
    }
    const sourceData = byType.get(r.id);
    if (sourceData?.length) dto.sourceData = sourceData;
    return dto as unknown as SourceTypeDTO;
  });
}

export type { TypeRow as SourceTypeRow };
