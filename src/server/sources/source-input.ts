// The SourceDTO body of POST/PUT api/sources (docs/subjects.md). The router checks its JSON types against the
// SourceDTO schema and the field rules below; left here: attribute values (no null, at most 255 characters) and the
// source type, named by `id` or by its (producer, model, catalogVersion). Every problem is a field error of one 400.
import type { Attributes, FieldErrorVM } from '../../common/dto';
import type { RuleSet } from '../../common/validation';
import { SOURCE_RULES } from '../../common/validation-rules';
import { validationFailed } from '../http/errors';

/** The dialog's rules without `project`: a source without one is global, which only a system admin may create. */
export const SOURCE_INPUT_RULES: RuleSet = {
  objectName: 'sourceDTO',
  fields: Object.fromEntries(Object.entries(SOURCE_RULES.fields).filter(([field]) => field !== 'project')),
};

export type SourceTypeRef = { id: number } | { producer: string; model: string; catalogVersion: string };

export interface SourceInput {
  id?: number;
  sourceId?: string;
  sourceName: string;
  expectedSourceName: string | null;
  sourceType: SourceTypeRef;
  project?: { id?: number; projectName?: string };
  subjectLogin?: string;
  attributes?: Attributes;
}

type Body = Record<string, unknown>;
const MAX_ATTRIBUTE = 255;

/**
 * An attributes map whose values the schema checked to be strings (a null passes the schema): no null values, keys
 * of 1 to 255 characters and values of at most 255 (the column widths). The first offender is named `<prefix>.<key>`.
 */
export function attributeErrors(objectName: string, attributes: unknown, prefix = 'attributes'): FieldErrorVM[] {
  if (attributes === undefined || attributes === null) return [];
  for (const [key, value] of Object.entries(attributes as Record<string, string | null>)) {
    const field = `${prefix}.${key}`;
    if (value === null) return [{ objectName, field, message: 'TypeMismatch: must be a string' }];
    if (key.length < 1 || key.length > MAX_ATTRIBUTE || value.length > MAX_ATTRIBUTE) {
      return [{ objectName, field, message: `Size: size must be between 0 and ${MAX_ATTRIBUTE}` }];
    }
  }
  return [];
}

function typeRef(raw: unknown): SourceTypeRef | undefined {
  if (raw === undefined || raw === null) return undefined;
  const { id, producer, model, catalogVersion } = raw as Body;
  if (typeof id === 'number') return { id };
  if (typeof producer === 'string' && typeof model === 'string' && typeof catalogVersion === 'string') return { producer, model, catalogVersion };
  return undefined;
}

/** Errors of a body that passed the SourceDTO schema and the rules (the route's `extra` check). */
export function sourceInputErrors(body: Body): FieldErrorVM[] {
  const errors = attributeErrors('sourceDTO', body.attributes);
  if (body.sourceType !== undefined && body.sourceType !== null && !typeRef(body.sourceType)) {
    errors.push({ objectName: 'sourceDTO', field: 'sourceType', message: 'NotNull: needs an id or producer, model and catalogVersion' });
  }
  return errors;
}

const text = (body: Body, field: string): string | undefined => (typeof body[field] === 'string' ? (body[field] as string) : undefined);

/** The input of a checked body. */
export function sourceInput(body: Body): SourceInput {
  const sourceType = typeRef(body.sourceType);
  if (!sourceType) throw validationFailed('sourceDTO', [{ objectName: 'sourceDTO', field: 'sourceType', message: 'NotNull: must not be null' }]);
  const input: SourceInput = {
    sourceName: body.sourceName as string,
    expectedSourceName: text(body, 'expectedSourceName') || null,
    sourceType,
    sourceId: text(body, 'sourceId'),
    subjectLogin: text(body, 'subjectLogin'),
    attributes: (body.attributes as Attributes | null) ?? undefined,
  };
  if (typeof body.id === 'number') input.id = body.id;
  const project = body.project as { id?: number | null; projectName?: string | null } | null | undefined;
  if (project && (project.id != null || project.projectName != null)) {
    input.project = { id: project.id ?? undefined, projectName: project.projectName ?? undefined };
  }
  return input;
}
