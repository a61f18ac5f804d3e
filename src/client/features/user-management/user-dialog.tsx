// The create and edit user popups: `user-management-new`, `user-management/{login}/edit`, and
// `user-management-new-admin`, which starts with the system admin role already assigned.
import type { ReactNode } from 'react';
import { ROLE_SYS_ADMIN } from '../../../common/authorities';
import type { UserDTO } from '../../../common/dto';
import { LoadError } from '../../components/load-error';
import { Modal } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useT } from '../../lib/i18n-react';
import { useUser } from './use-user';
import { UserFormDialog } from './user-form-dialog';

const NEW_USER: UserDTO = { login: '', activated: false, langKey: 'en', roles: [] };
const NEW_ADMIN: UserDTO = { ...NEW_USER, roles: [{ authorityName: ROLE_SYS_ADMIN }] };

function EditUserDialog({ login, close }: { login: string; close: () => void }): ReactNode {
  const t = useT();
  const loaded = useUser(login);
  const user = loaded.data;
  const title = t('userManagement.home.editLabel');
  if (user) return <UserFormDialog key={user.id ?? user.login} title={title} initial={user} close={close} />;
  const footer = (
    <button type="button" className="button button--secondary" onClick={close}>
      {t('entity.action.cancel')}
    </button>
  );
  return (
    <Modal title={title} footer={footer} onClose={close}>
      {loaded.error === undefined ? (
        <p className="loading">{t('global.loading')}</p>
      ) : (
        <LoadError error={loaded.error} onRetry={loaded.retry} message={t('userManagement.loadError')} />
      )}
    </Modal>
  );
}

export function UserDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  if (params.login) return <EditUserDialog login={params.login} close={close} />;
  return <UserFormDialog title={t('userManagement.home.createLabel')} initial={NEW_USER} close={close} />;
}

export function UserNewAdminDialog({ close }: PopupProps): ReactNode {
  const t = useT();
  return <UserFormDialog title={t('userManagement.home.createAdminLabel')} initial={NEW_ADMIN} close={close} />;
}
