// The two confirmations of the user list: delete a user, and mail a user an activation link. Both
// show a failure inside the dialog (so the requests are silent) and announce userListModification on success.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useAlerts, useHttp, useListEvents } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';

export function UserDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const login = params.login ?? '';
  const remove = async () => {
    await http.delete(pathOf('api', 'users', login), { silent: true });
    events.emit('userListModification', { op: 'DELETE', login });
  };
  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={remove} onClose={close}>
      {t('userManagement.delete.question', { login })}
    </ConfirmDialog>
  );
}

export function UserSendActivationDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const events = useListEvents();
  const login = params.login ?? '';
  const send = async () => {
    await http.post('api/account/reset-activation/init', { body: login, text: true, silent: true });
    alerts.success('userManagement.sendActivation.success', { login });
    events.emit('userListModification', { op: 'SEND_ACTIVATION', login });
  };
  return (
    <ConfirmDialog
      title={t('userManagement.sendActivation.title')}
      tone="primary"
      confirmLabel={t('userManagement.sendActivation.button')}
      onConfirm={send}
      onClose={close}
    >
      {t('userManagement.sendActivation.question', { login })}
    </ConfirmDialog>
  );
}
