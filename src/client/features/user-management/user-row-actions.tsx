// A user row's actions: Edit as a button; View (also the id's link), Send activation (not for an activated user) and
// Delete (not for oneself or a participant) behind "More", where an action that does not apply is shown but not usable.
import type { ReactNode } from 'react';
import type { UserDTO } from '../../../common/dto';
import { PopupLink, useOpenPopup } from '../../components/popup';
import { RowActions, useRowActionName } from '../../components/row-actions';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';
import { canDeleteFromList, USER_AREA } from './user-roles';

export function UserRowActions({ user, currentLogin }: { user: UserDTO; currentLogin: string | undefined }): ReactNode {
  const t = useT();
  const openPopup = useOpenPopup();
  const router = useRouter();
  const entity = t('entity.named.user', { name: user.login });
  const name = useRowActionName(entity);
  const view = t('entity.action.view');
  const edit = t('entity.action.edit');
  return (
    <RowActions
      className="user-actions"
      entity={entity}
      more={[
        { key: 'view', label: view, onSelect: () => router.navigate(pathOf(USER_AREA, user.login)) },
        {
          key: 'send-activation',
          label: t('userManagement.sendActivation.action'),
          disabled: user.activated,
          onSelect: () => openPopup(pathOf(USER_AREA, user.login, 'send-activation')),
        },
        {
          key: 'delete',
          label: t('entity.action.delete'),
          danger: true,
          disabled: !canDeleteFromList(user, currentLogin),
          onSelect: () => openPopup(pathOf(USER_AREA, user.login, 'delete')),
        },
      ]}
    >
      <PopupLink to={pathOf(USER_AREA, user.login, 'edit')} className="button button--small button--primary" aria-label={name(edit)}>
        {edit}
      </PopupLink>
    </RowActions>
  );
}
