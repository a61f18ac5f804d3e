// A SourceDataDTO request body (api.md §4.14, §6.1), standalone (api/source-data) or nested in a source type's
// `sourceData`. A missing sourceDataType is filled from topic before the rules run (§5.12), so "neither a type nor a
// topic" is the field error `sourceDataType` required (the original's swapped message/code quirk is not reproduced).
import type { FieldErrorVM } from '../../common/dto';
import { SOURCE_DATA_RULES, toFieldErrors, validate } from '../../common/validation';
import { isPlainObject, typeErrors, type Body, type JsonType } from '../http/body-fields';

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
  /** `sourceType.id` of a standalone body; nested items belong to their type. */
  sourceTypeId: number | null;
}

export const SOURCE_DATA_TEXT_FIELDS = [
  'frequency', 'unit', 'processingState', 'dataClass', 'keySchema', 'valueSchema', 'topic', 'provider',
] as const;

const TYPES: Readonly<Record<string, JsonType>> = {
  id: 'number', sourceDataType: 'string', sourceDataName: 'string', enabled: 'boolean', sourceType: 'object',
  ...Object.fromEntries(SOURCE_DATA_TEXT_FIELDS.map((f) => [f, 'string'])),
};

/** Field errors of one item; `prefix` (e.g. `sourceData[0].`) and `objectName` place them in an enclosing body. */
export function sourceDataErrors(raw: unknown, objectName = SOURCE_DATA_RULES.objectName, prefix = ''): FieldErrorVM[] {
  if (!isPlainObject(raw)) return [{ objectName, field: prefix.replace(/\.$/, '') || objectName, message: 'NotNull: must be a JSON object' }];
  const filled = withTypeFromTopic(raw);
  const errors = typeErrors(objectName, filled, TYPES);
  const badFields = new Set(errors.map((e) => e.field));
  errors.push(...toFieldErrors(SOURCE_DATA_RULES, validate(SOURCE_DATA_RULES, filled)).filter((e) => !badFields.has(e.field)));
  const typeId = isPlainObject(filled.sourceType) ? filled.sourceType.id : undefined;
  if (typeId !== undefined && typeId !== null && !Number.isInteger(typeId)) {
    errors.push({ objectName, field: 'sourceType.id', message: 'TypeMismatch: must be a whole number' });
  }
  if (filled.id !== undefined && filled.id !== null && !Number.isInteger(filled.id)) {
    errors.push({ objectName, field: 'id', message: 'TypeMismatch: must be a whole number' });
  }
  return errors.map((e) => ({ ...e, objectName, field: prefix + e.field }));
}

function withTypeFromTopic(body: Body): Body {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  return blank(body.sourceDataType) && !blank(body.topic) ? { ...body, sourceDataType: body.topic } : body;
}

/** Only after sourceDataErrors found nothing. */
export function toSourceDataInput(raw: unknown): SourceDataInput {
  const body = withTypeFromTopic(raw as Body);
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : null);
  const type = isPlainObject(body.sourceType) ? body.sourceType : undefined;
  return {
    id: typeof body.id === 'number' ? body.id : null,
    sourceDataType: body.sourceDataType as string,
    sourceDataName: body.sourceDataName as string,
    ...(Object.fromEntries(SOURCE_DATA_TEXT_FIELDS.map((f) => [f, text(f)])) as Record<(typeof SOURCE_DATA_TEXT_FIELDS)[number], string | null>),
    enabled: typeof body.enabled === 'boolean' ? body.enabled : true,
    sourceTypeId: typeof type?.id === 'number' ? type.id : null,
  };
}
