// A ProjectDTO request body (POST/PUT api/projects) checked and read: JSON types, the shared PROJECT_RULES, the
// status enum, ZonedDateTime dates, source types by id and an attributes map of strings, all as field errors of
// one 400. `humanReadableProjectName`, when non-empty, is stored as attribute Human-readable-project-name.
import { PROJECT_STATUSES, type Attributes, type FieldErrorVM, type ProjectStatus } from '../../common/dto';
import { PROJECT_RULES } from '../../common/validation';
import { isPlainObject, str, validBody, type Body } from '../http/body-fields';
import { HUMAN_READABLE_PROJECT_NAME } from './project-dto';
import { parseZoned } from '../http/zoned-date-time';

export interface ProjectInput {
  id?: number;
  projectName: string;
  description: string;
  location: string;
  /** `organization.name`, else `organizationName`. */
  organizationName?: string;
  startDate: Date | null;
  endDate: Date | null;
  projectStatus: ProjectStatus | null;
  sourceTypeIds: number[];
  attributes: Attributes;
}

const TYPES = {
  id: 'number',
  projectName: 'string',
  humanReadableProjectName: 'string',
  description: 'string',
  location: 'string',
  organizationName: 'string',
  organization: 'object',
  projectStatus: 'string',
  sourceTypes: 'array',
  attributes: 'object',
} as const;

const OBJECT = PROJECT_RULES.objectName;
const err = (field: string, message: string): FieldErrorVM => ({ objectName: OBJECT, field, message });

function extraErrors(body: Body): FieldErrorVM[] {
  const errors: FieldErrorVM[] = [];
  const org = body.organization;
  if (isPlainObject(org) && org.name !== undefined && org.name !== null && typeof org.name !== 'string') {
    errors.push(err('organization.name', 'TypeMismatch: must be a string'));
  }
  const status = body.projectStatus;
  if (typeof status === 'string' && !(PROJECT_STATUSES as readonly string[]).includes(status)) {
    errors.push(err('projectStatus', `InvalidFormat: must be one of ${PROJECT_STATUSES.join(', ')}`));
  }
  for (const field of ['startDate', 'endDate']) {
    if (parseZoned(body[field]) === undefined) errors.push(err(field, 'InvalidFormat: must be an ISO-8601 date-time'));
  }
  if (Array.isArray(body.sourceTypes) && !body.sourceTypes.every((t) => isPlainObject(t) && Number.isSafeInteger(t.id))) {
    errors.push(err('sourceTypes', 'NotNull: every source type needs a numeric id'));
  }
  if (isPlainObject(body.attributes)) {
    for (const [key, value] of Object.entries(body.attributes)) {
      if (!key || key.length > 255) errors.push(err('attributes', 'Size: keys must be 1 to 255 characters'));
      else if (value !== null && typeof value !== 'string') errors.push(err(`attributes.${key}`, 'TypeMismatch: must be a string'));
      else if (typeof value === 'string' && value.length > 255) errors.push(err(`attributes.${key}`, 'Size: size must be between 0 and 255'));
    }
  }
  return errors;
}

/** The checked body, or a 400 `error.validation` naming every field at fault. */
export function readProjectInput(raw: unknown): ProjectInput {
  const body = validBody(raw, PROJECT_RULES, TYPES, extraErrors);
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(isPlainObject(body.attributes) ? body.attributes : {})) {
    attributes[key] = (value as string | null) ?? '';
  }
  const humanReadable = str(body, 'humanReadableProjectName');
  if (humanReadable) attributes[HUMAN_READABLE_PROJECT_NAME] = humanReadable;
  const org = isPlainObject(body.organization) ? str(body.organization, 'name') : undefined;
  const ids = Array.isArray(body.sourceTypes) ? body.sourceTypes.map((t) => (t as { id: number }).id) : [];
  return {
    id: typeof body.id === 'number' ? body.id : undefined,
    projectName: body.projectName as string,
    description: body.description as string,
    location: body.location as string,
    organizationName: org || str(body, 'organizationName') || undefined,
    startDate: parseZoned(body.startDate) ?? null,
    endDate: parseZoned(body.endDate) ?? null,
    projectStatus: (body.projectStatus as ProjectStatus | undefined) ?? null,
    sourceTypeIds: [...new Set(ids)],
    attributes,
  };
}
