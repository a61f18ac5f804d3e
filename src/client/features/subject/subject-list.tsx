// The subject list used on the Subjects tab of a project and on the general #/subject page (spec 001 "Subjects").
// STUB: the subjects screen replaces this file; the project detail page imports `SubjectList` from here.
import { useT } from '../../lib/i18n-react';

export interface SubjectListProps {
  /** Within a project (its Subjects tab); absent on the general list of all subjects. */
  projectName?: string;
}

export function SubjectList(_props: SubjectListProps) {
  const t = useT();
  return <p className="placeholder">{t('managementPortalApp.subject.home.title')}</p>;
}
