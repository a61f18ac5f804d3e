// Confirm deleting source data (popup source-data/{name}/delete). The list and the cached source types (which list
// their rows) are refreshed afterwards.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useSession } from '../../lib/session-react';

export function SourceDataDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const name = params.sourceDataName;

  const confirm = async () => {
    await http.delete(`api/source-data/${pathOf(name)}`);
    events.broadcast('sourceDataListModification');
    void session.refreshSourceTypes();
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={close}>
      <p>{t('managementPortalApp.sourceData.deleteQuestion', { name })}</p>
    </ConfirmDialog>
  );
}
