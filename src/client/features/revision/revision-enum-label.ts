// A snapshot's enumerated value as the rest of the portal shows it, in the interface language: a subject's status
// ("Activated", "Geactiveerd"), a project's status, a source type's scope, a source-data row's processing state, an
// authority ("Project admin") and an account's language (its own name, as the user pages show it). A value the
// client does not know shows as it is.
import { authorityLabel } from '../../components/role-name';
import type { Translate } from '../../lib/i18n-react';
import { LANGUAGE_NAMES } from '../../lib/language-names';
import { projectStatusLabel } from '../project/project-status-label';
import { processingStateLabel, scopeLabel } from '../source-type/catalogue-labels';
import { subjectStatusLabel } from '../subject/subject-status-label';

export type EnumName = 'subjectStatus' | 'projectStatus' | 'sourceTypeScope' | 'processingState' | 'authority' | 'language';

export function enumLabel(t: Translate, name: EnumName, value: string): string {
  switch (name) {
    case 'subjectStatus':
      return subjectStatusLabel(t, value);
    case 'projectStatus':
      return projectStatusLabel(t, value);
    case 'sourceTypeScope':
      return scopeLabel(t, value);
    case 'processingState':
      return processingStateLabel(t, value);
    case 'authority':
      return authorityLabel(t, value);
    case 'language':
      return LANGUAGE_NAMES[value] ? `${LANGUAGE_NAMES[value]} (${value})` : value;
  }
}
