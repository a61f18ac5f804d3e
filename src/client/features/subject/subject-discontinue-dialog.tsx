// subject/{login}/discontinue (system and project admins): a confirm dialog of its own, separate
// from delete. PUT api/subjects/discontinue with the subject; discontinuing removes it from the list on screen (the
// list event's DELETE, as the original), and the dialog goes back from the subject's own page.
import { useRef, type ReactNode } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { subjectPath } from './use-subject';
import { useLeaveAfterRetire } from './use-leave-after-retire';

/** The body the server needs: the subject with its id and the project's id and name. */
export function discontinueBody(subject: SubjectDTO): SubjectDTO {
  const { createdBy, createdDate, lastModifiedBy, lastModifiedDate, project, ...rest } = subject;
  void [createdBy, createdDate, lastModifiedBy, lastModifiedDate]; // provenance is the server's to write
  return { ...rest, project: project && ({ id: project.id, projectName: project.projectName } as SubjectDTO['project']) };
}

export function SubjectDiscontinueDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const login = params.login;
  const done = useRef(false);
  const leave = useLeaveAfterRetire(login, close);

  const confirm = async () => {
    const { data: subject } = await http.get<SubjectDTO>(subjectPath(login));
    const { data: discontinued } = await http.put<SubjectDTO>('api/subjects/discontinue', { body: discontinueBody(subject) });
    done.current = true;
    events.emit('subjectListModification', { op: 'DELETE', subject: discontinued ?? subject });
  };
  return (
    <ConfirmDialog
      title={t('managementPortalApp.subject.discontinue.title')}
      confirmLabel={t('managementPortalApp.subject.action.discontinue')}
      onConfirm={confirm}
      onClose={() => (done.current ? leave() : close())}
    >
      {t('managementPortalApp.subject.discontinue.question', { login })}
    </ConfirmDialog>
  );
}
