// Edit and delete of one OAuth client row. Protected clients get disabled buttons with the reason as tooltip
// (a link cannot be disabled, so they are buttons then).
import type { ReactNode } from 'react';
import { PopupLink } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';

export function OAuthClientActions({ clientId, locked }: { clientId: string; locked: boolean }): ReactNode {
  const t = useT();
  if (locked) {
    const reason = t('managementPortalApp.oauthClient.protected');
    return (
      <div className="oauth-client__actions">
        <button type="button" className="button button--secondary button--small" disabled title={reason}>
          {t('entity.action.edit')}
        </button>
        <button type="button" className="button button--danger button--small" disabled title={reason}>
          {t('entity.action.delete')}
        </button>
      </div>
    );
  }
  return (
    <div className="oauth-client__actions">
      <PopupLink to={pathOf('oauth-client', clientId, 'edit')} className="button button--secondary button--small">
        {t('entity.action.edit')}
      </PopupLink>
      <PopupLink to={pathOf('oauth-client', clientId, 'delete')} className="button button--danger button--small">
        {t('entity.action.delete')}
      </PopupLink>
    </div>
  );
}
