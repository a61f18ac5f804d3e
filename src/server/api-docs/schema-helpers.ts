// Small builders for the OpenAPI 3.0 schema objects of the API documentation, so the component tables read like the
// DTO catalogue of api.md §4 rather than like nested JSON.
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const arrayOf = (items: Schema, description?: string): Schema => ({ type: 'array', items, ...(description && { description }) });
export const listOf = (name: string, description?: string): Schema => arrayOf(ref(name), description);

export const string = (description?: string, extra: Schema = {}): Schema => ({ type: 'string', ...(description && { description }), ...extra });
export const nullableString = (description?: string, extra: Schema = {}): Schema => string(description, { nullable: true, ...extra });
export const integer = (description?: string, extra: Schema = {}): Schema => ({ type: 'integer', format: 'int64', ...(description && { description }), ...extra });
export const boolean = (description?: string, extra: Schema = {}): Schema => ({ type: 'boolean', ...(description && { description }), ...extra });
export const dateTime = (description?: string, extra: Schema = {}): Schema => string(description, { format: 'date-time', ...extra });
export const date = (description?: string, extra: Schema = {}): Schema => string(description, { format: 'date', ...extra });
export const enumOf = (values: readonly string[], description?: string, extra: Schema = {}): Schema => string(description, { enum: [...values], ...extra });
/** A string→string map (project, subject and source attributes; api.md §1.2). */
export const stringMap = (description?: string): Schema => ({ type: 'object', additionalProperties: { type: 'string' }, ...(description && { description }) });

export function object(properties: Record<string, Schema>, required: string[] = [], description?: string): Schema {
  return { type: 'object', ...(description && { description }), ...(required.length && { required }), properties };
}

export const oneOf = (...schemas: Schema[]): Schema => ({ oneOf: schemas });
