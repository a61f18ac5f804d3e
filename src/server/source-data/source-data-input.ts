// A SourceDataDTO request body, standalone (api/source-data) or a row of a source type's `sourceData`. The router
// checks its JSON types against the SourceDataDTO schema; the field rules are SOURCE_DATA_RULES, except that a
// missing sourceDataType is taken from topic (whose rules are the same), so only "neither a type nor a topic" is the
// field error `sourceDataType` required.
import type { FieldErrorVM } from '../../common/dto';
import { ref } from '../../common/schema';
import { SOURCE_DATA_RULES, toFieldErrors, validate, type RuleSet } from '../../common/validation';
import type { JsonBody } from '../http/route';

export interface SourceDataInput {
  id: number | null;
  sourceDataType: string;
  sourceDataName: string;
  frequency: string | null;
  unit: string | null;
  processingState: string | null;
  dataClass: string | null;
  keySchema: string | null;
  valueSchema: string | null;
  topic: string | null;
  provider: string | null;
  enabled: boolean;
  /** `sourceType.id` of a standalone body; rows of a source type belong to their type. */
  sourceTypeId: number | null;
}

type Row = Record<string, unknown>;

const TEXT_FIELDS = ['frequency', 'unit', 'processingState', 'dataClass', 'keySchema', 'valueSchema', 'topic', 'provider'] as const;

const OBJECT = SOURCE_DATA_RULES.objectName;

/** SOURCE_DATA_RULES with sourceDataType optional: typeOrTopic requires it or a topic. */
const RULES: RuleSet = {
  objectName: OBJECT,
  fields: { ...SOURCE_DATA_RULES.fields, sourceDataType: { ...SOURCE_DATA_RULES.fields.sourceDataType, required: false } },
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function typeOrTopic(row: Row, objectName: string): FieldErrorVM[] {
  return blank(row.sourceDataType) && blank(row.topic) ? [{ objectName, field: 'sourceDataType', message: 'NotNull: must not be null' }] : [];
}

/** The body of POST and PUT api/source-data. */
export const SOURCE_DATA_BODY: JsonBody = { objectName: OBJECT, schema: ref('SourceDataDTO'), rules: RULES, extra: (row) => typeOrTopic(row, OBJECT) };

/**
 * The rule errors of one row of a source type's list (its JSON types were checked with the type's body), named
 * `<prefix><field>` (e.g. `sourceData[0].sourceDataName`) in the enclosing body's objectName.
 */
export function rowErrors(row: unknown, objectName: string, prefix: string): FieldErrorVM[] {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    return [{ objectName, field: prefix.replace(/\.$/, ''), message: 'NotNull: must be a JSON object' }];
  }
  const errors = [...toFieldErrors(RULES, validate(RULES, row)), ...typeOrTopic(row as Row, objectName)];
  return errors.map((e) => ({ ...e, objectName, field: prefix + e.field }));
}

/** A checked row (SOURCE_DATA_BODY, or rowErrors found nothing) with the type filled from topic and enabled by default. */
export function toSourceDataInput(row: Row): SourceDataInput {
  const text = (field: string) => (typeof row[field] === 'string' ? (row[field] as string) : null);
  const type = row.sourceType as { id?: number | null } | null | undefined;
  return {
    id: typeof row.id === 'number' ? row.id : null,
    sourceDataType: (blank(row.sourceDataType) ? row.topic : row.sourceDataType) as string,
    sourceDataName: row.sourceDataName as string,
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(f)])) as Record<(typeof TEXT_FIELDS)[number], string | null>),
    enabled: typeof row.enabled === 'boolean' ? row.enabled : true,
    sourceTypeId: typeof type?.id === 'number' ? type.id : null,
  };
}
