// A SourceTypeDTO request body (api.md §4.12, §6.1) with its optional `sourceData` rows. Every problem, including
// those of a nested row (`sourceData[1].sourceDataName`), is a field error of one 400, so nothing gets written.
import type { FieldErrorVM } from '../../common/dto';
import { SOURCE_TYPE_RULES } from '../../common/validation';
import { validationFailed } from '../http/errors';
import { validBody, type JsonType } from '../http/body-fields';
import { sourceDataErrors, toSourceDataInput, type SourceDataInput } from '../source-data/source-data-input';

export interface SourceTypeInput {
  id: number | null;
  producer: string;
  model: string;
  catalogVersion: string;
  sourceTypeScope: string;
  canRegisterDynamically: boolean;
  name: string | null;
  description: string | null;
  assessmentType: string | null;
  appProvider: string | null;
  /** Absent: the type's rows stay as they are; a list: the type's rows become exactly these. */
  sourceData: SourceDataInput[] | undefined;
}

const OBJECT = SOURCE_TYPE_RULES.objectName;

const TYPES: Readonly<Record<string, JsonType>> = {
  id: 'number', producer: 'string', model: 'string', catalogVersion: 'string', sourceTypeScope: 'string',
  canRegisterDynamically: 'boolean', name: 'string', description: 'string', assessmentType: 'string', appProvider: 'string',
  sourceData: 'array',
};

function nestedErrors(body: Record<string, unknown>): FieldErrorVM[] {
  const errors: FieldErrorVM[] = [];
  if (body.id !== undefined && body.id !== null && !Number.isInteger(body.id)) {
    errors.push({ objectName: OBJECT, field: 'id', message: 'TypeMismatch: must be a whole number' });
  }
  if (!Array.isArray(body.sourceData)) return errors;
  body.sourceData.forEach((item, i) => errors.push(...sourceDataErrors(item, OBJECT, `sourceData[${i}].`)));
  return errors;
}

export function readSourceTypeInput(raw: unknown): SourceTypeInput {
  const body = validBody(raw, SOURCE_TYPE_RULES, TYPES, nestedErrors);
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : null);
  const sourceData = Array.isArray(body.sourceData) ? body.sourceData.map(toSourceDataInput) : undefined;
  const names = new Set<string>();
  sourceData?.forEach((d, i) => {
    if (names.has(d.sourceDataName)) {
      throw validationFailed(OBJECT, [{ objectName: OBJECT, field: `sourceData[${i}].sourceDataName`, message: 'Unique: names a row of this list twice' }]);
    }
    names.add(d.sourceDataName);
  });
  return {
    id: typeof body.id === 'number' ? body.id : null,
    producer: body.producer as string,
    model: body.model as string,
    catalogVersion: body.catalogVersion as string,
    sourceTypeScope: body.sourceTypeScope as string,
    canRegisterDynamically: body.canRegisterDynamically === true,
    name: text('name'),
    description: text('description'),
    assessmentType: text('assessmentType'),
    appProvider: text('appProvider'),
    sourceData,
  };
}
