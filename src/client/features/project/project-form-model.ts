// The project dialog's values and how they map to and from a ProjectDTO, without React.
import type { Attributes, OrganizationDTO, ProjectDTO, ProjectStatus, SourceTypeDTO } from '../../../common/dto';
import { dayOf, endDateTime, startDateTime } from './project-dates';
import { organizationOf } from './project-access';
import { LATE_HOURS_ATTRIBUTE, STALE_HOURS_ATTRIBUTE } from '../../../common/freshness';

/** The attribute the server keeps the human-readable name in; the dialog edits it as its own field. */
export const HUMAN_READABLE_NAME_KEY = 'Human-readable-project-name';

/** Keys the attribute editor offers; the freshness thresholds in hours (docs/subjects.md, "Activity"). */
export const PROJECT_ATTRIBUTE_KEYS: readonly string[] = [
  'Work-package',
  'Phase',
  'External-project-url',
  'External-project-id',
  'Privacy-policy-url',
  LATE_HOURS_ATTRIBUTE,
  STALE_HOURS_ATTRIBUTE,
];

export interface ProjectFormValues extends Record<string, unknown> {
  projectName: string;
  humanReadableProjectName: string;
  /** "Copy the project name": while on, the human-readable name follows the project name. */
  copyName: boolean;
  organizationName: string;
  description: string;
  location: string;
  projectStatus: string;
  /** yyyy-mm-dd or ''. */
  startDate: string;
  endDate: string;
  attributes: Attributes;
  sourceTypes: SourceTypeDTO[];
}

/** A new project in `organizationName`, or the values of `project`. */
export function formValuesOf(project: ProjectDTO | undefined, organizationName = ''): ProjectFormValues {
  const { [HUMAN_READABLE_NAME_KEY]: _hidden, ...attributes } = project?.attributes ?? {};
  const humanReadable = project?.humanReadableProjectName ?? '';
  return {
    projectName: project?.projectName ?? '',
    humanReadableProjectName: humanReadable,
    // On for a new project; on an existing one only while the name is still a copy (else it would be overwritten).
    copyName: !project || humanReadable === '' || humanReadable === project.projectName,
    organizationName: (project && organizationOf(project)) ?? organizationName,
    description: project?.description ?? '',
    location: project?.location ?? '',
    projectStatus: project?.projectStatus ?? '',
    startDate: dayOf(project?.startDate),
    endDate: dayOf(project?.endDate),
    attributes,
    sourceTypes: project?.sourceTypes ?? [],
  };
}

/** Both dates given (yyyy-mm-dd) and the end before the start. */
export const endsBeforeStart = (startDate: string, endDate: string): boolean => startDate !== '' && endDate !== '' && endDate < startDate;

/** The body of POST/PUT api/projects. */
export function projectBody(values: ProjectFormValues, existing: ProjectDTO | undefined, organization: OrganizationDTO | undefined): ProjectDTO {
  const humanReadable = (values.copyName ? values.projectName : values.humanReadableProjectName).trim();
  return {
    ...(existing?.id !== undefined ? { id: existing.id } : {}),
    projectName: values.projectName.trim(),
    humanReadableProjectName: humanReadable || undefined,
    description: values.description,
    location: values.location,
    organization: { id: organization?.id, name: values.organizationName, description: organization?.description ?? '', location: organization?.location ?? '', projects: [] },
    organizationName: values.organizationName,
    projectStatus: (values.projectStatus || undefined) as ProjectStatus | undefined,
    startDate: startDateTime(values.startDate),
    endDate: endDateTime(values.endDate),
    attributes: values.attributes,
    sourceTypes: values.sourceTypes,
  };
}

/** How a source type shows in the dialog: producer_model_catalogVersion. */
export const sourceTypeLabel = (type: Pick<SourceTypeDTO, 'producer' | 'model' | 'catalogVersion'>): string =>
  `${type.producer}_${type.model}_${type.catalogVersion}`;

const sameType = (a: SourceTypeDTO, b: SourceTypeDTO) => (a.id !== undefined && a.id === b.id) || sourceTypeLabel(a) === sourceTypeLabel(b);

/** Source types whose label contains `text` (any case), without the chosen ones. */
export function matchingSourceTypes(all: readonly SourceTypeDTO[], chosen: readonly SourceTypeDTO[], text: string): SourceTypeDTO[] {
  const needle = text.trim().toLowerCase();
  return all.filter((type) => !chosen.some((c) => sameType(c, type)) && sourceTypeLabel(type).toLowerCase().includes(needle));
}

export const withoutSourceType = (chosen: readonly SourceTypeDTO[], type: SourceTypeDTO): SourceTypeDTO[] =>
  chosen.filter((c) => !sameType(c, type));
