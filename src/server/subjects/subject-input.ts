// A SubjectDTO request body (POST/PUT api/subjects, PUT api/subjects/discontinue). The router has checked its JSON
// types against the SubjectDTO schema and the field rules below; what is left here is reading the values: ids also
// given as digit strings, dates, attribute sizes, source ids. Every problem is a field error of one 400 (objectName
// `subjectDTO`). A field that is absent stays undefined (an update keeps the stored value); an explicit null clears
// it. `roles` is ignored on input: a subject's roles follow from its project, so a body cannot grant a role.
import type { FieldErrorVM, SubjectStatus } from '../../common/dto';
import { MAX_SUBJECT_ATTRIBUTES, SUBJECT_RULES, type RuleSet } from '../../common/validation';
import { validationFailed } from '../http/errors';
import { parseLocalDateInput, parseZoned } from '../http/zoned-date-time';

export interface SubjectInput {
  id?: number;
  login?: string;
  projectId?: number;
  projectName?: string;
  externalLink?: string | null;
  externalId?: string | null;
  personName?: string | null;
  status?: SubjectStatus;
  group?: string | null;
  dateOfBirth?: string | null;
  enrollmentDate?: Date | null;
  attributes?: Record<string, string> | null;
  /** Source ids (UUID strings) of `sources`, in order, duplicates removed. */
  sourceIds?: string[] | null;
}

/** The dialog's rules without `project`: a body without one is answered `projectrequired` (subject-rules.ts). */
export const SUBJECT_INPUT_RULES: RuleSet = {
  objectName: SUBJECT_RULES.objectName,
  fields: Object.fromEntries(Object.entries(SUBJECT_RULES.fields).filter(([field]) => field !== 'project')),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TEXT = 255;
const MAX_GROUP = 50;
type Body = Record<string, unknown>;

const fieldError = (field: string, message: string): FieldErrorVM => ({ objectName: 'subjectDTO', field, message });
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A whole number, or a string of digits (as Jackson reads a Long); '' is no id. */
function id(value: unknown, field: string, errors: FieldErrorVM[]): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  errors.push(fieldError(field, 'TypeMismatch: must be a whole number'));
  return undefined;
}

/** Values are strings, numbers or booleans (the schema); numbers and booleans are stored as text. */
function attributes(value: Body | null | undefined, errors: FieldErrorVM[]): Record<string, string> | null | undefined {
  if (value === undefined || value === null) return value;
  const out: Record<string, string> = {};
  const entries = Object.entries(value);
  // A body's attributes replace the stored ones, so the count of the body is the count the subject will hold. One
  // error, and no per-key check of a body that is over it anyway (30,000 keys would be 30,000 field errors).
  if (entries.length > MAX_SUBJECT_ATTRIBUTES) {
    errors.push(fieldError('attributes', `Size: at most ${MAX_SUBJECT_ATTRIBUTES} attributes`));
    return out;
  }
  for (const [key, v] of entries) {
    if (v === null) errors.push(fieldError(`attributes.${key}`, 'TypeMismatch: must be a string'));
    else if (!key.trim() || key.length > MAX_TEXT || String(v).length > MAX_TEXT) {
      errors.push(fieldError(`attributes.${key}`, `Size: key and value must be between 1 and ${MAX_TEXT} characters`));
    } else out[key] = String(v);
  }
  return out;
}

function sourceIds(value: unknown[] | null | undefined, errors: FieldErrorVM[]): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  const ids: string[] = [];
  value.forEach((source, i) => {
    const sourceId = isObject(source) ? source.sourceId : undefined;
    if (typeof sourceId !== 'string' || !UUID.test(sourceId)) errors.push(fieldError(`sources[${i}].sourceId`, 'NotNull: must be a source UUID'));
    else if (!ids.includes(sourceId.toLowerCase())) ids.push(sourceId.toLowerCase());
  });
  return ids;
}

function dates(body: Body, input: SubjectInput, errors: FieldErrorVM[]): void {
  const dob = body.dateOfBirth as string | null | undefined;
  if (dob === null) input.dateOfBirth = null;
  else if (dob !== undefined) {
    input.dateOfBirth = parseLocalDateInput(dob);
    if (input.dateOfBirth === undefined) errors.push(fieldError('dateOfBirth', 'TypeMismatch: must be a date yyyy-MM-dd'));
  }
  const enrolled = body.enrollmentDate;
  if (enrolled === null) input.enrollmentDate = null;
  else if (enrolled !== undefined) {
    // A string of the ZonedDateTime forms, or a number of epoch seconds (Jackson's reading).
    const date = parseZoned(enrolled);
    if (!date || Number.isNaN(date.getTime()) || Math.abs(date.getUTCFullYear()) > 9999) {
      errors.push(fieldError('enrollmentDate', 'TypeMismatch: must be an ISO-8601 date-time'));
    } else input.enrollmentDate = date;
  }
}

function read(body: Body): { input: SubjectInput; errors: FieldErrorVM[] } {
  const errors: FieldErrorVM[] = [];
  const input: SubjectInput = { id: id(body.id, 'id', errors) };
  const login = body.login as string | null | undefined;
  if (login) input.login = login.toLowerCase();
  for (const field of ['externalLink', 'externalId', 'personName', 'group'] as const) input[field] = body[field] as string | null | undefined;
  if (typeof input.group === 'string' && input.group.length > MAX_GROUP) errors.push(fieldError('group', `Size: size must be between 0 and ${MAX_GROUP}`));
  if (body.status !== undefined && body.status !== null) input.status = body.status as SubjectStatus;
  const project = body.project as Body | null | undefined;
  if (project) {
    input.projectId = id(project.id, 'project.id', errors);
    const name = project.projectName;
    if (typeof name === 'string' && name.trim()) input.projectName = name;
  }
  dates(body, input, errors);
  input.attributes = attributes(body.attributes as Body | null | undefined, errors);
  input.sourceIds = sourceIds(body.sources as unknown[] | null | undefined, errors);
  return { input, errors };
}

/** The field errors of a body that passed the SubjectDTO schema (the route's `extra` check). */
export const subjectInputErrors = (body: Body): FieldErrorVM[] => read(body).errors;

/** The input of a body that passed the SubjectDTO schema and `subjectInputErrors`. */
export function subjectInput(body: Body): SubjectInput {
  const { input, errors } = read(body);
  if (errors.length) throw validationFailed('subjectDTO', errors);
  return input;
}
