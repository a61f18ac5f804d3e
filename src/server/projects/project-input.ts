// The ProjectDTO request body of POST and PUT api/projects. The router checks its JSON types against the ProjectDTO
// component (status by name or ordinal, dates as strings or epoch seconds, attributes a map of strings) and the
// shared PROJECT_RULES; `extra` adds what those cannot express: the dates must be ZonedDateTimes, every source type
// needs an id, attribute keys and values must fit their columns, and the end date cannot lie before the start date. `humanReadableProjectName`, when non-empty, is
// stored as the attribute Human-readable-project-name.
import type { Attributes, FieldErrorVM, ProjectStatus } from '../../common/dto';
import { isHttpUrl } from '../../common/safe-url';
import { ref } from '../../common/schema';
import { PROJECT_RULES } from '../../common/validation';
import type { JsonBody } from '../http/route';
import { parseZoned } from '../http/zoned-date-time';
import { HUMAN_READABLE_PROJECT_NAME } from './project-dto';

/** The body as the router hands it over: JSON types checked, enum ordinals replaced by names. */
export interface ProjectBody {
  id?: number | null;
  projectName: string;
  humanReadableProjectName?: string | null;
  description: string;
  location: string;
  organization?: { name?: string | null } | null;
  organizationName?: string | null;
  startDate?: string | number | null;
  endDate?: string | number | null;
  projectStatus?: ProjectStatus | null;
  sourceTypes?: ({ id?: number | null } | null)[] | null;
  attributes?: Record<string, string | null> | null;
}

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

const OBJECT = PROJECT_RULES.objectName;
/** Attributes that apps open or the portal links to: only http(s) (a javascript: policy would run in an app's view). */
const URL_ATTRIBUTES = ['Privacy-policy-url', 'External-project-url'];

const err = (field: string, message: string): FieldErrorVM => ({ objectName: OBJECT, field, message });

function extraErrors(raw: Record<string, unknown>): FieldErrorVM[] {
  const body = raw as unknown as ProjectBody;
  const errors: FieldErrorVM[] = [];
  for (const field of ['startDate', 'endDate'] as const) {
    if (parseZoned(body[field]) === undefined) errors.push(err(field, 'InvalidFormat: must be an ISO-8601 date-time'));
  }
  const start = parseZoned(body.startDate);
  const end = parseZoned(body.endDate);
  if (start && end && end.getTime() < start.getTime()) errors.push(err('endDate', 'DateOrder: must not be before startDate'));
  if (body.sourceTypes?.some((t) => t === null || t.id === undefined || t.id === null)) {
    errors.push(err('sourceTypes', 'NotNull: every source type needs a numeric id'));
  }
  for (const [key, value] of Object.entries(body.attributes ?? {})) {
    if (!key || key.length > 255) errors.push(err('attributes', 'Size: keys must be 1 to 255 characters'));
    else if (value !== null && value.length > 255) errors.push(err(`attributes.${key}`, 'Size: size must be between 0 and 255'));
    else if (URL_ATTRIBUTES.includes(key) && value && !isHttpUrl(value)) errors.push(err(`attributes.${key}`, 'Pattern: must be an http(s) URL'));
  }
  return errors;
}

export const PROJECT_BODY: JsonBody = { objectName: OBJECT, schema: ref('ProjectDTO'), rules: PROJECT_RULES, extra: extraErrors };

/** The organization the body names: `organization.name`, else `organizationName` (empty strings count as absent). */
export const organizationNameOf = (body: ProjectBody): string | undefined =>
  body.organization?.name || body.organizationName || undefined;

/** What the writes need from a checked body. */
export function toProjectInput(body: ProjectBody): ProjectInput {
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(body.attributes ?? {})) attributes[key] = value ?? '';
  if (body.humanReadableProjectName) attributes[HUMAN_READABLE_PROJECT_NAME] = body.humanReadableProjectName;
  const ids = (body.sourceTypes ?? []).map((t) => t!.id!);
  return {
    id: body.id ?? undefined,
    projectName: body.projectName,
    description: body.description,
    location: body.location,
    organizationName: organizationNameOf(body),
    startDate: parseZoned(body.startDate) ?? null,
    endDate: parseZoned(body.endDate) ?? null,
    projectStatus: body.projectStatus ?? null,
    sourceTypeIds: [...new Set(ids)],
    attributes,
  };
}
