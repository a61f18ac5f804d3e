// source/{sourceName}/delete: DELETE api/sources/{name}. The server refuses a source that is or ever was
// assigned (400 / 409); the confirm dialog shows that failure inside and stays open. Deleted from the source's own
// page, the app goes back to the list the user came from.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import { useCloseAfterDelete, type PopupProps } from '../../components/popup';
import { useListEvents, useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';
import { sourcePath } from './source-api';

export function SourceDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const events = useListEvents();
  const router = useRouter();
  const name = params.sourceName;
  const { markDeleted, onClose } = useCloseAfterDelete(close, pathOf('source', name), () => router.back());

  const confirm = async () => {
    await http.delete(sourcePath(name));
    markDeleted();
    events.emit('sourceListModification', { deleted: name });
  };
  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={onClose}>
      {t('managementPortalApp.source.delete.question', { sourceName: name })}
    </ConfirmDialog>
  );
}
