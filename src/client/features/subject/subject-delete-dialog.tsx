// subject/{login}/delete (system admins only): DELETE api/subjects/{login}; the subject leaves the
// lists on screen, and the dialog goes back from the subject's own page.
import { useRef, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { subjectPath } from './use-subject';
import { useLeaveAfterRetire } from './use-leave-after-retire';

export function SubjectDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const login = params.login;
  const done = useRef(false);
  const leave = useLeaveAfterRetire(login, close);

  const confirm = async () => {
    await http.delete(subjectPath(login));
    done.current = true;
    events.emit('subjectListModification', { op: 'DELETE', subject: { login } });
  };
  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={() => (done.current ? leave() : close())}>
      {t('managementPortalApp.subject.delete.question', { login })}
    </ConfirmDialog>
  );
}
