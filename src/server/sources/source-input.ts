// The SourceDTO body of POST/PUT api/sources (api.md §4.11, §6.1): JSON types, the shared field rules, attributes as
// string → string (each ≤ 255, the column width) and the source type named by `id` or its (producer, model, version).
// Everything wrong is one 400 with field errors, before anything is read or written.
import type { Attributes, FieldErrorVM } from '../../common/dto';
import type { RuleSet } from '../../common/validation';
import { SOURCE_RULES } from '../../common/validation-rules';
import { isPlainObject, str, validBody, type Body } from '../http/body-fields';
import { validationFailed } from '../http/errors';

// The project is optional here: a source without one is global, which only a system admin may create (§5.10).
const SERVER_RULES: RuleSet = {
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

const err = (field: string, message: string): FieldErrorVM => ({ objectName: 'sourceDTO', field, message });

/** String → string map with keys and values within 255 characters; anything else is a field error. */
export function attributeErrors(value: unknown, field = 'attributes'): FieldErrorVM[] {
  if (value === undefined || value === null) return [];
  if (!isPlainObject(value)) return [err(field, 'TypeMismatch: must be an object of strings')];
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') return [err(`${field}.${key}`, 'TypeMismatch: must be a string')];
    if (key.length < 1 || key.length > 255 || v.length > 255) return [err(`${field}.${key}`, 'Size: size must be between 0 and 255')];
  }
  return [];
}

function typeRef(raw: unknown): SourceTypeRef | undefined {
  if (!isPlainObject(raw)) return undefined;
  if (typeof raw.id === 'number' && Number.isInteger(raw.id)) return { id: raw.id };
  const [producer, model, catalogVersion] = [raw.producer, raw.model, raw.catalogVersion];
  if (typeof producer === 'string' && typeof model === 'string' && typeof catalogVersion === 'string') return { producer, model, catalogVersion };
  return undefined;
}

function extraErrors(body: Body): FieldErrorVM[] {
  const errors = attributeErrors(body.attributes);
  if (body.sourceType !== undefined && body.sourceType !== null && !typeRef(body.sourceType)) {
    errors.push(err('sourceType', 'NotNull: needs an id or producer, model and catalogVersion'));
  }
  const project = body.project;
  if (isPlainObject(project)) {
    if (project.projectName !== undefined && project.projectName !== null && typeof project.projectName !== 'string') {
      errors.push(err('project.projectName', 'TypeMismatch: must be a string'));
    }
    if (project.id !== undefined && project.id !== null && !Number.isInteger(project.id)) errors.push(err('project.id', 'TypeMismatch: must be a whole number'));
  }
  if (body.id !== undefined && body.id !== null && !Number.isInteger(body.id)) errors.push(err('id', 'TypeMismatch: must be a whole number'));
  return errors;
}

export function parseSourceInput(raw: unknown): SourceInput {
  const body = validBody(
    raw,
    SERVER_RULES,
    { id: 'number', sourceId: 'string', sourceName: 'string', expectedSourceName: 'string', assigned: 'boolean', sourceType: 'object', project: 'object', subjectLogin: 'string', attributes: 'object' },
    extraErrors,
  );
  const project = isPlainObject(body.project) ? body.project : undefined;
  const input: SourceInput = {
    sourceName: body.sourceName as string,
    expectedSourceName: str(body, 'expectedSourceName') || null,
    sourceType: typeRef(body.sourceType)!,
    sourceId: str(body, 'sourceId'),
    subjectLogin: str(body, 'subjectLogin'),
    attributes: (body.attributes as Attributes | null) ?? undefined,
  };
  if (typeof body.id === 'number') input.id = body.id;
  if (project && (project.id != null || project.projectName != null)) {
    input.project = { id: (project.id as number | null) ?? undefined, projectName: (project.projectName as string | null) ?? undefined };
  }
  if (!input.sourceType) throw validationFailed('sourceDTO', [err('sourceType', 'NotNull: must not be null')]);
  return input;
}
