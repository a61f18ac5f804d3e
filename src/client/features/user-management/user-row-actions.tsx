// A user row's actions: view, send activation (not for an activated user), edit, delete (not for
// oneself or a participant). An action that does not apply is a disabled button rather than a dead link.
import type { ReactNode } from 'react';
import type { UserDTO } from '../../../common/dto';
import { PopupLink } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { canDeleteFromList, USER_AREA } from './user-roles';

function PopupAction({ to, enabled, tone, label }: { to: string; enabled: boolean; tone: string; label: string }): ReactNode {
  const className = `button button--small button--${tone}`;
  if (!enabled) {
    return (
      <button type="button" className={className} disabled>
        {label}
      </button>
    );
  }
  return (
    <PopupLink to={to} className={className}>
      {label}
    </PopupLink>
  );
}

export function UserRowActions({ user, currentLogin }: { user: UserDTO; currentLogin: string | undefined }): ReactNode {
  const t = useT();
  return (
    <div className="user-actions">
      <Link to={pathOf(USER_AREA, user.login)} className="button button--small button--secondary">
        {t('entity.action.view')}
      </Link>
      <PopupAction
        to={pathOf(USER_AREA, user.login, 'send-activation')}
        enabled={!user.activated}
        tone="secondary"
        label={t('userManagement.sendActivation.action')}
      />
      <PopupAction to={pathOf(USER_AREA, user.login, 'edit')} enabled tone="primary" label={t('entity.action.edit')} />
      <PopupAction
        to={pathOf(USER_AREA, user.login, 'delete')}
        enabled={canDeleteFromList(user, currentLogin)}
        tone="danger"
        label={t('entity.action.delete')}
      />
    </div>
  );
}
