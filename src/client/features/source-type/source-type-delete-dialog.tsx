// Confirm deleting a source type (popup source-type/{p}/{m}/{v}/delete, system admins). The server refuses while
// projects or sources use the type; the dialog then shows why. On success the cached list is refreshed; deleted over
// the type's own page, the app goes to the list.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import { useCloseAfterDelete, type PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';
import { useSession } from '../../lib/session-react';
import { keyFromParams, sourceTypeApiPath, sourceTypePath, typeLabel } from './source-type-path';

export function SourceTypeDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const router = useRouter();
  const key = keyFromParams(params)!;
  const { markDeleted, onClose } = useCloseAfterDelete(close, sourceTypePath(key), () => router.navigate('source-type', { replace: true }));

  const confirm = async () => {
    await http.delete(sourceTypeApiPath(key));
    markDeleted();
    await session.refreshSourceTypes();
    events.emit('sourceDataListModification');
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={onClose}>
      <p>{t('managementPortalApp.sourceType.deleteQuestion', { name: typeLabel(key) })}</p>
    </ConfirmDialog>
  );
}
