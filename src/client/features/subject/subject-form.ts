// The subject dialog's values and the SubjectDTO it sends. An edit
// starts from the loaded subject, so what the dialog does not show (id, login, status, sources, roles, enrollment
// date, hidden fields) goes back unchanged: on PUT the sources list is the complete new set. No React.
import type { ProjectDTO, SubjectDTO } from '../../../common/dto';
import { isIsoDate } from '../../components/format';
import type { FieldMessage } from '../../components/form';
import type { HiddenSubjectFields } from './use-hidden-fields';

/** Keys the attribute editor offers. */
export const SUBJECT_ATTRIBUTE_KEYS = ['Human-readable-identifier', 'participant_group'];

export interface SubjectFormValues extends Record<string, unknown> {
  projectName: string;
  externalLink: string;
  externalId: string;
  group: string;
  personName: string;
  dateOfBirth: string;
  attributes: Record<string, string>;
}

export function subjectFormValues(subject: SubjectDTO | null, projectName = ''): SubjectFormValues {
  return {
    projectName: subject?.project?.projectName ?? projectName,
    externalLink: subject?.externalLink ?? '',
    externalId: subject?.externalId ?? '',
    group: subject?.group ?? '',
    personName: subject?.personName ?? '',
    dateOfBirth: subject?.dateOfBirth ?? '',
    attributes: { ...(subject?.attributes ?? {}) },
  };
}

const MAX_TEXT = 255;

/** Project required when the dialog shows it; text fields at most 255 characters. */
export function checkSubjectForm(values: SubjectFormValues, projectShown: boolean): Partial<Record<string, FieldMessage>> {
  const messages: Partial<Record<string, FieldMessage>> = {};
  if (projectShown && !values.projectName) messages.projectName = { key: 'entity.validation.required' };
  for (const field of ['externalLink', 'externalId', 'personName'] as const) {
    if (values[field].length > MAX_TEXT) messages[field] = { key: 'entity.validation.maxlength', params: { max: MAX_TEXT } };
  }
  return messages;
}

const orNull = (text: string): string | null => text.trim() || null;

/** The POST/PUT body: the project by id and name (the server needs both), a date of birth only when it is valid. */
export function subjectBody(
  values: SubjectFormValues,
  base: SubjectDTO | null,
  project: Pick<ProjectDTO, 'id' | 'projectName'>,
  hidden: HiddenSubjectFields,
): SubjectDTO {
  const { createdBy, createdDate, lastModifiedBy, lastModifiedDate, ...kept } = base ?? ({} as Partial<SubjectDTO>);
  void [createdBy, createdDate, lastModifiedBy, lastModifiedDate];
  return {
    ...kept,
    login: base?.login as string,
    status: base?.status ?? 'ACTIVATED',
    roles: base?.roles ?? [],
    sources: base?.sources ?? [],
    project: { id: project.id, projectName: project.projectName } as ProjectDTO,
    externalLink: orNull(values.externalLink),
    externalId: orNull(values.externalId),
    group: hidden.group ? base?.group ?? null : values.group || null,
    personName: hidden.personName ? base?.personName ?? null : orNull(values.personName),
    dateOfBirth: hidden.dateOfBirth ? base?.dateOfBirth ?? null : isIsoDate(values.dateOfBirth) ? values.dateOfBirth : null,
    attributes: values.attributes,
  };
}
