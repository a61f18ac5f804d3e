// A subject row's actions: Edit and Pair app as buttons, View (also the login's link) and Pair sources behind "More";
// each usable only while the subject is ACTIVATED, each named with the subject. Edit opens the general or the project dialog, depending on where
// the list is shown.
import type { ReactNode } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { useOpenPopup } from '../../components/popup';
import { RowActions, useRowActionName } from '../../components/row-actions';
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
  const entity = t('entity.named.subject', { name: subject.login });
  const name = useRowActionName(entity);
  const action = (label: string, onClick: () => void, key: string) => (
    <button key={key} type="button" className="button button--secondary button--small" disabled={inactive} onClick={onClick} aria-label={name(label)}>
      {label}
    </button>
  );
  return (
    <RowActions
      className="subject-row__actions"
      entity={entity}
      more={[{
        key: 'view',
        label: t('entity.action.view'),
        disabled: inactive,
        onSelect: () => router.navigate(pathOf('subject', subject.login)),
      }, {
        key: 'sources',
        label: t('managementPortalApp.subject.action.pairSources'),
        disabled: inactive,
        onSelect: () => openPopup(pathOf('subject', subject.login, 'sources')),
      }]}
    >
      {action(t('entity.action.edit'), () => openPopup(editSubjectPopup(subject.login, projectName)), 'edit')}
      {action(t('managementPortalApp.subject.action.pairApp'), () => openPopup(pathOf('subject', subject.login, 'pairApp')), 'pair')}
    </RowActions>
  );
}
