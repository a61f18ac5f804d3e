// Which subject fields the site settings hide: group, person name and
// date of birth. Hidden means gone everywhere: filters, columns, dialog fields, detail rows, group selection.
import { useSessionState } from '../../lib/session-react';

export interface HiddenSubjectFields {
  group: boolean;
  personName: boolean;
  dateOfBirth: boolean;
}

export function useHiddenSubjectFields(): HiddenSubjectFields {
  const group = useSessionState((state) => state.hiddenSubjectFields.has('group'));
  const personName = useSessionState((state) => state.hiddenSubjectFields.has('person_name'));
  const dateOfBirth = useSessionState((state) => state.hiddenSubjectFields.has('date_of_birth'));
  return { group, personName, dateOfBirth };
}
