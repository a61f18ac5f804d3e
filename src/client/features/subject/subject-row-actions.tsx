// A subject row's buttons: view, edit, pair app and pair sources, each usable only while the subject
// is ACTIVATED. Edit opens the general or the project dialog, depending on where the list is shown.
import type { ReactNode } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { useOpenPopup } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';

export function editSubjectPopup(login: string, projectName?: string): string {
  return projectName === undefined ? pathOf('general-subject', login, 'edit') : pathOf('project-subject', projectName, login, 'edit');
}

export function SubjectRowActions({ subject, projectName }: { subject: SubjectDTO; projectName?: string }): ReactNode {
  const t = useT();
  const router = useRouter();
  const openPopup = useOpenPopup();
  const inactive = subject.status !== 'ACTIVATED';
  const action = (label: string, onClick: () => void, key: string) => (
    <button key={key} type="button" className="button button--secondary button--small" disabled={inactive} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <div className="subject-row__actions">
      {action(t('entity.action.view'), () => router.navigate(pathOf('subject', subject.login)), 'view')}
      {action(t('entity.action.edit'), () => openPopup(editSubjectPopup(subject.login, projectName)), 'edit')}
      {action(t('managementPortalApp.subject.action.pairApp'), () => openPopup(pathOf('subject', subject.login, 'pairApp')), 'pair')}
      {action(t('managementPortalApp.subject.action.pairSources'), () => openPopup(pathOf('subject', subject.login, 'sources')), 'sources')}
    </div>
  );
}
