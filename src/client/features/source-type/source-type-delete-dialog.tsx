// Confirm deleting a source type (popup source-type/{p}/{m}/{v}/delete, system admins). The server refuses while
// projects or sources use the type; the dialog then shows why. On success the cached list is refreshed.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useSession } from '../../lib/session-react';
import { keyFromParams, sourceTypeApiPath, typeLabel } from './source-type-path';

export function SourceTypeDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const key = keyFromParams(params)!;

  const confirm = async () => {
    await http.delete(sourceTypeApiPath(key));
    await session.refreshSourceTypes();
    events.broadcast('sourceTypeListModification');
    events.broadcast('sourceDataListModification');
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={close}>
      <p>{t('managementPortalApp.sourceType.deleteQuestion', { name: typeLabel(key) })}</p>
    </ConfirmDialog>
  );
}
