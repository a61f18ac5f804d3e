// Delete an OAuth client (popup oauth-client/{clientId}/delete). A protected client cannot be deleted: the dialog
// says so and offers no confirm button.
import { useEffect, useState, type ReactNode } from 'react';
import type { ClientDetailsDTO } from '../../../common/dto';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { CLIENT_LIST_EVENT, clientPath, fetchClient } from './client-api';
import { isProtectedClient } from './client-form-model';

export function OAuthClientDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const scope = useAbortScope();
  const { clientId } = params;
  const [client, setClient] = useState<ClientDetailsDTO | null | undefined>();

  useEffect(() => {
    fetchClient(http, clientId, scope.signal).then(setClient, (error) => !isAbortError(error) && setClient(null));
  }, [http, scope, clientId]);

  const deletable = !!client && !isProtectedClient(client);
  const confirm = async () => {
    await http.delete(clientPath(clientId));
    events.broadcast(CLIENT_LIST_EVENT, { deleted: clientId });
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={close} canConfirm={deletable}>
      {client === undefined && <p>{t('global.loading')}</p>}
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
