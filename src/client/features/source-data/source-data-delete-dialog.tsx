// Confirm deleting source data (popup source-data/{name}/delete). The list and the cached source types (which list
// their rows) are refreshed afterwards; deleted over the row's own page, the app goes to the list.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import { useCloseAfterDelete, type PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';
import { useSession } from '../../lib/session-react';

export function SourceDataDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const router = useRouter();
  const name = params.sourceDataName;
  const { markDeleted, onClose } = useCloseAfterDelete(close, pathOf('source-data', name), () => router.navigate('source-data', { replace: true }));

  const confirm = async () => {
    await http.delete(`api/source-data/${pathOf(name)}`);
    markDeleted();
    events.emit('sourceDataListModification', { deleted: name });
    void session.refreshSourceTypes();
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={onClose}>
      <p>{t('managementPortalApp.sourceData.deleteQuestion', { name })}</p>
    </ConfirmDialog>
  );
}
