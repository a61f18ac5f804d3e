// Delete an OAuth client (popup oauth-client/{clientId}/delete). A protected client cannot be deleted: the dialog
// says so and offers no confirm button.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { isNotFound } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { clientPath, fetchClient } from './client-api';
import { isProtectedClient } from './client-form-model';

export function OAuthClientDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const { clientId } = params;
  const loaded = useResource(['oauth-client', clientId], (signal) => fetchClient(http, clientId, signal));
  // null when there is no such client.
  const client = isNotFound(loaded.error) ? null : loaded.data;

  const deletable = !!client && !isProtectedClient(client);
  const confirm = async () => {
    await http.delete(clientPath(clientId));
    events.emit('oauthClientListModification', { deleted: clientId });
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={close} canConfirm={deletable}>
      {loaded.loading && <p>{t('global.loading')}</p>}
      {loaded.error !== undefined && !isNotFound(loaded.error) && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      {client === null && <p role="alert">{t('managementPortalApp.oauthClient.notFound', { id: clientId })}</p>}
      {client && isProtectedClient(client) && (
        <p className="confirm-dialog__warning" role="alert">
          {t('managementPortalApp.oauthClient.protected')} {t('managementPortalApp.oauthClient.protectedDelete')}
        </p>
      )}
      {client && !isProtectedClient(client) && <p>{t('managementPortalApp.oauthClient.deleteQuestion', { id: clientId })}</p>}
    </ConfirmDialog>
  );
}
