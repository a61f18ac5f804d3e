// Edit and delete of one OAuth client row, named with the client. Protected clients get disabled buttons with the
// reason as tooltip (a link cannot be disabled, so they are buttons then).
import type { ReactNode } from 'react';
import { PopupLink } from '../../components/popup';
import { RowActions, useRowActionName } from '../../components/row-actions';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';

export function OAuthClientActions({ clientId, locked }: { clientId: string; locked: boolean }): ReactNode {
  const t = useT();
  const entity = t('entity.named.oauthClient', { name: clientId });
  const name = useRowActionName(entity);
  const edit = t('entity.action.edit');
  const remove = t('entity.action.delete');
  if (locked) {
    const reason = t('managementPortalApp.oauthClient.protected');
    return (
      <RowActions className="oauth-client__actions" entity={entity}>
        <button type="button" className="button button--secondary button--small" disabled title={reason} aria-label={name(edit)}>
          {edit}
        </button>
        <button type="button" className="button button--danger button--small" disabled title={reason} aria-label={name(remove)}>
          {remove}
        </button>
      </RowActions>
    );
  }
  return (
    <RowActions className="oauth-client__actions" entity={entity}>
      <PopupLink to={pathOf('oauth-client', clientId, 'edit')} className="button button--secondary button--small" aria-label={name(edit)}>
        {edit}
      </PopupLink>
      <PopupLink to={pathOf('oauth-client', clientId, 'delete')} className="button button--danger button--small" aria-label={name(remove)}>
        {remove}
      </PopupLink>
    </RowActions>
  );
}
