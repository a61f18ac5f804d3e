// A SubjectDTO request body (POST/PUT api/subjects, PUT api/subjects/discontinue) checked field by field before
// anything is read or written: wrong types, over-long values, a bad login, unknown status, unparsable dates or
// source ids are one 400 ErrorVM naming every bad field (objectName `subjectDTO`). A field that is absent stays
// undefined (an update keeps the stored value); an explicit null clears it. `roles` is ignored on input: a
// subject's roles follow from its project (api.md §6.6), so a body cannot grant a role.
import { SUBJECT_STATUSES, type FieldErrorVM, type SubjectStatus } from '../../common/dto';
import { SUBJECT_RULES, toFieldErrors, validate } from '../../common/validation';
import { badRequest, validationFailed } from '../http/errors';
import { parseLocalDateInput, parseZonedDateTime } from '../http/zoned-date-time';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TEXT = 255;
type Body = Record<string, unknown>;

const fieldError = (field: string, message: string): FieldErrorVM => ({ objectName: 'subjectDTO', field, message });
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

function id(value: unknown, field: string, errors: FieldErrorVM[]): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  errors.push(fieldError(field, 'TypeMismatch: must be a whole number'));
  return undefined;
}

function text(body: Body, field: string, errors: FieldErrorVM[]): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') errors.push(fieldError(field, 'TypeMismatch: must be a string'));
  return typeof value === 'string' ? value : undefined;
}

function attributes(value: unknown, errors: FieldErrorVM[]): Record<string, string> | null | undefined {
  if (value === undefined || value === null) return value;
  if (!isObject(value)) return void errors.push(fieldError('attributes', 'TypeMismatch: must be an object of strings'));
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || isObject(v) || Array.isArray(v)) errors.push(fieldError(`attributes.${key}`, 'TypeMismatch: must be a string'));
    else if (!key.trim() || key.length > MAX_TEXT || String(v).length > MAX_TEXT) {
      errors.push(fieldError(`attributes.${key}`, `Size: key and value must be between 1 and ${MAX_TEXT} characters`));
    } else out[key] = String(v);
  }
  return out;
}

function sourceIds(value: unknown, errors: FieldErrorVM[]): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value)) return void errors.push(fieldError('sources', 'TypeMismatch: must be a list of sources'));
  const ids: string[] = [];
  value.forEach((source, i) => {
    const sourceId = isObject(source) ? source.sourceId : undefined;
    if (typeof sourceId !== 'string' || !UUID.test(sourceId)) errors.push(fieldError(`sources[${i}].sourceId`, 'NotNull: must be a source UUID'));
    else if (!ids.includes(sourceId.toLowerCase())) ids.push(sourceId.toLowerCase());
  });
  return ids;
}

function dates(body: Body, input: SubjectInput, errors: FieldErrorVM[]): void {
  const dob = body.dateOfBirth;
  if (dob === null) input.dateOfBirth = null;
  else if (dob !== undefined) {
    input.dateOfBirth = typeof dob === 'string' ? parseLocalDateInput(dob) : undefined;
    if (input.dateOfBirth === undefined) errors.push(fieldError('dateOfBirth', 'TypeMismatch: must be a date yyyy-MM-dd'));
  }
  const enrolled = body.enrollmentDate;
  if (enrolled === null) input.enrollmentDate = null;
  else if (enrolled !== undefined) {
    // Jackson reads a number as epoch seconds (with an optional fraction).
    const date = typeof enrolled === 'string' ? parseZonedDateTime(enrolled)
      : typeof enrolled === 'number' && Number.isFinite(enrolled) ? new Date(Math.round(enrolled * 1000)) : undefined;
    if (!date || Number.isNaN(date.getTime()) || Math.abs(date.getUTCFullYear()) > 9999) {
      errors.push(fieldError('enrollmentDate', 'TypeMismatch: must be an ISO-8601 date-time'));
    } else input.enrollmentDate = date;
  }
}

export function parseSubjectInput(body: unknown): SubjectInput {
  if (!isObject(body)) throw badRequest('The request body must be a SubjectDTO object', 'subject');
  const errors: FieldErrorVM[] = toFieldErrors(SUBJECT_RULES, validate(SUBJECT_RULES, body).filter((v) => v.field !== 'project'));
  const input: SubjectInput = { id: id(body.id, 'id', errors) };
  const login = text(body, 'login', errors);
  if (login) input.login = login.toLowerCase();
  for (const field of ['externalLink', 'externalId', 'personName', 'group'] as const) input[field] = text(body, field, errors);
  if (typeof input.group === 'string' && input.group.length > 50) errors.push(fieldError('group', 'Size: size must be between 0 and 50'));
  if (body.status !== undefined && body.status !== null) {
    if ((SUBJECT_STATUSES as readonly unknown[]).includes(body.status)) input.status = body.status as SubjectStatus;
    else errors.push(fieldError('status', `TypeMismatch: must be one of ${SUBJECT_STATUSES.join(', ')}`));
  }
  if (isObject(body.project)) {
    input.projectId = id(body.project.id, 'project.id', errors);
    const name = body.project.projectName;
    if (typeof name === 'string' && name.trim()) input.projectName = name;
    else if (name !== undefined && name !== null && typeof name !== 'string') errors.push(fieldError('project.projectName', 'TypeMismatch: must be a string'));
  } else if (body.project !== undefined && body.project !== null) errors.push(fieldError('project', 'TypeMismatch: must be a project object'));
  dates(body, input, errors);
  input.attributes = attributes(body.attributes, errors);
  input.sourceIds = sourceIds(body.sources, errors);
  if (errors.length) throw validationFailed('subjectDTO', errors);
  return input;
}
