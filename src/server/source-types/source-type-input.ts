// A SourceTypeDTO request body with its optional `sourceData` rows. The router checks the JSON types of the type and
// of every row (SourceTypeDTO schema) and the type's field rules; the rows' rules and the uniqueness of their names
// within the list come after. Every problem is a field error of one 400 (`sourceData[1].sourceDataName` for a row),
// so nothing gets written.
import type { FieldErrorVM } from '../../common/dto';
import { ref } from '../../common/schema';
import { SOURCE_TYPE_RULES } from '../../common/validation';
import { checkJsonBody, type JsonBody } from '../http/route';
import { rowErrors, toSourceDataInput, type SourceDataInput } from '../source-data/source-data-input';

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

function sourceDataErrors(body: Record<string, unknown>): FieldErrorVM[] {
  const rows = Array.isArray(body.sourceData) ? body.sourceData : [];
  const errors = rows.flatMap((row, i) => rowErrors(row, OBJECT, `sourceData[${i}].`));
  if (errors.length) return errors;
  const names = new Set<unknown>();
  for (const [i, row] of rows.entries()) {
    const name = (row as Record<string, unknown>).sourceDataName;
    if (names.has(name)) return [{ objectName: OBJECT, field: `sourceData[${i}].sourceDataName`, message: 'Unique: names a row of this list twice' }];
    names.add(name);
  }
  return [];
}

/** The body of POST and PUT api/source-types. */
export const SOURCE_TYPE_BODY: JsonBody = { objectName: OBJECT, schema: ref('SourceTypeDTO'), rules: SOURCE_TYPE_RULES, extra: sourceDataErrors };

/** A body that passed SOURCE_TYPE_BODY. */
export function toSourceTypeInput(body: Record<string, unknown>): SourceTypeInput {
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : null);
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
    sourceData: Array.isArray(body.sourceData) ? body.sourceData.map(toSourceDataInput) : undefined,
  };
}

/**
 * A source type built by the server itself (the catalogue import), checked as a body of api/source-types would be;
 * throws the same 400. Its values are strings and booleans by construction, so the rules are what can fail here.
 */
export function checkedSourceType(value: Record<string, unknown>): SourceTypeInput {
  return toSourceTypeInput(checkJsonBody(SOURCE_TYPE_BODY, value) as Record<string, unknown>);
}
