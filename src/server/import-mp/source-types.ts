// Source types by (producer, model, catalog version), then their source data by name. Both come from the source
// type catalogue, where that name is their identity: a portal row of the same name (made by CATALOGUE_AUTO_IMPORT,
// say) is the same entry and takes ManagementPortal's values rather than being a conflict.
import { first } from '../db/database';
import type { ImportContext } from './context';
import type { MpSourceData, MpSourceType } from './mp-model';
import { importNamed } from './named-import';

/** A source type as the portal stores it: ManagementPortal's without its id, the producer never null. */
type SourceType = Omit<MpSourceType, 'id' | 'producer'> & { producer: string };

const TYPE_COLUMNS = `producer, model, catalog_version AS "catalogVersion", source_type_scope AS scope, app_provider AS "appProvider",
  assessment_type AS "assessmentType", name, description, dynamic_registration AS "dynamicRegistration"`;

export function importSourceTypes(ctx: ImportContext, rows: MpSourceType[]): Promise<void> {
  return importNamed<MpSourceType, SourceType>(ctx, rows, {
    entity: 'source types',
    kind: 'sourcetype',
    nameIsIdentity: true,
    mpId: (m) => m.id,
    label: (m) => `${m.producer ?? ''}_${m.model}_${m.catalogVersion}`,
    desired: (_ctx, m) =>
      (m.description ?? '').length > 255
        ? { skip: 'description longer than 255 characters' }
        : {
            producer: m.producer ?? '', model: m.model, catalogVersion: m.catalogVersion, scope: m.scope, appProvider: m.appProvider,
            assessmentType: m.assessmentType, name: m.name, description: m.description, dynamicRegistration: m.dynamicRegistration,
          },
    findByName: async ({ tx }, v) =>
      (await first<{ id: number }>(tx, 'SELECT id FROM source_type WHERE producer = $1 AND model = $2 AND catalog_version = $3', [
        v.producer, v.model, v.catalogVersion,
      ]))?.id,
    current: ({ tx }, id) => first<SourceType>(tx, `SELECT ${TYPE_COLUMNS} FROM source_type WHERE id = $1`, [id]),
    insert: async ({ tx }, v) =>
      (await first<{ id: number }>(
        tx,
        `INSERT INTO source_type (producer, model, catalog_version, source_type_scope, app_provider, assessment_type, name, description, dynamic_registration)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [v.producer, v.model, v.catalogVersion, v.scope, v.appProvider, v.assessmentType, v.name, v.description, v.dynamicRegistration],
      ))!.id,
    update: async ({ tx }, id, v) => {
      await tx.query(
        `UPDATE source_type SET producer = $2, model = $3, catalog_version = $4, source_type_scope = $5, app_provider = $6,
           assessment_type = $7, name = $8, description = $9, dynamic_registration = $10 WHERE id = $1`,
        [id, v.producer, v.model, v.catalogVersion, v.scope, v.appProvider, v.assessmentType, v.name, v.description, v.dynamicRegistration],
      );
    },
  });
}

/** A source data row as the portal stores it: ManagementPortal's without its own id. */
type SourceData = Omit<MpSourceData, 'id'>;

const DATA_COLUMNS = `source_type_id AS "sourceTypeId", source_data_type AS type, source_data_name AS name, frequency, unit,
  processing_state AS "processingState", data_class AS "dataClass", key_schema AS "keySchema", value_schema AS "valueSchema",
  topic, provider, enabled`;
const DATA_VALUES = (v: SourceData) => [
  v.sourceTypeId, v.type, v.name, v.frequency, v.unit, v.processingState, v.dataClass, v.keySchema, v.valueSchema, v.topic, v.provider, v.enabled,
];

export function importSourceData(ctx: ImportContext, rows: MpSourceData[]): Promise<void> {
  return importNamed<MpSourceData, SourceData>(ctx, rows, {
    entity: 'source data',
    kind: 'sourcedata',
    nameIsIdentity: true,
    mpId: (m) => m.id,
    label: (m) => m.name,
    desired: (c, m) => {
      const sourceTypeId = c.map.numericId('sourcetype', m.sourceTypeId);
      if (m.sourceTypeId !== null && sourceTypeId === undefined) return { skip: 'its source type was not imported' };
      return {
        sourceTypeId: sourceTypeId ?? null, type: m.type, name: m.name, frequency: m.frequency, unit: m.unit,
        processingState: m.processingState, dataClass: m.dataClass, keySchema: m.keySchema, valueSchema: m.valueSchema,
        topic: m.topic, provider: m.provider, enabled: m.enabled,
      };
    },
    findByName: async ({ tx }, v) => (await first<{ id: number }>(tx, 'SELECT id FROM source_data WHERE source_data_name = $1', [v.name]))?.id,
    current: ({ tx }, id) => first<SourceData>(tx, `SELECT ${DATA_COLUMNS} FROM source_data WHERE id = $1`, [id]),
    insert: async ({ tx }, v) =>
      (await first<{ id: number }>(
        tx,
        `INSERT INTO source_data (source_type_id, source_data_type, source_data_name, frequency, unit, processing_state, data_class,
           key_schema, value_schema, topic, provider, enabled) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        DATA_VALUES(v),
      ))!.id,
    update: async ({ tx }, id, v) => {
      await tx.query(
        `UPDATE source_data SET source_type_id = $2, source_data_type = $3, source_data_name = $4, frequency = $5, unit = $6,
           processing_state = $7, data_class = $8, key_schema = $9, value_schema = $10, topic = $11, provider = $12, enabled = $13
         WHERE id = $1`,
        [id, ...DATA_VALUES(v)],
      );
    },
  });
}
