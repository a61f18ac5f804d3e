// Edit and delete of one OAuth client row, named with the client: Edit as a button, Delete behind "More". Protected
// clients get both, not usable, with the reason as tooltip (a link cannot be disabled, so Edit is a button then).
import type { ReactNode } from 'react';
import { PopupLink, useOpenPopup } from '../../components/popup';
import { RowActions, useRowActionName } from '../../components/row-actions';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';

export function OAuthClientActions({ clientId, locked }: { clientId: string; locked: boolean }): ReactNode {
  const t = useT();
  const openPopup = useOpenPopup();
  const entity = t('entity.named.oauthClient', { name: clientId });
  const name = useRowActionName(entity);
  const edit = t('entity.action.edit');
  const reason = locked ? t('managementPortalApp.oauthClient.protected') : undefined;
  const more = [{
    key: 'delete',
    label: t('entity.action.delete'),
    danger: true,
    disabled: locked,
    reason,
    onSelect: () => openPopup(pathOf('oauth-client', clientId, 'delete')),
  }];
  return (
    <RowActions className="oauth-client__actions" entity={entity} more={more}>
      {locked ? (
        <button type="button" className="button button--secondary button--small" disabled title={reason} aria-label={name(edit)}>
          {edit}
        </button>
      ) : (
        <PopupLink to={pathOf('oauth-client', clientId, 'edit')} className="button button--secondary button--small" aria-label={name(edit)}>
          {edit}
        </PopupLink>
      )}
    </RowActions>
  );
}
