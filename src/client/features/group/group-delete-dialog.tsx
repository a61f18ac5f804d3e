// Confirm deleting a group that still has subjects (popup project-group/{projectName}/{id}/delete):
// reached after a plain DELETE answered 409. Confirming deletes it again with unlinkSubjects=true, so its subjects
// simply lose their group.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useAlerts, useHttp, useListEvents } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { deleteGroup, findGroupById } from './group-api';

export function GroupDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const events = useListEvents();
  const { projectName, id } = params;
  // null when the project has no such group.
  const loaded = useResource(['group', projectName, id], async (signal) => (await findGroupById(http, projectName, id, signal)) ?? null);
  const group = loaded.data;

  const confirm = async () => {
    if (!group) throw new Error(t('managementPortalApp.group.noGroup'));
    await deleteGroup(http, projectName, group.name, true);
    alerts.success('managementPortalApp.group.deleted', { param: group.name });
    events.emit('groupListModification', { deleted: group.name });
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={close}>
      {loaded.loading && <p>{t('global.loading')}</p>}
      {loaded.error !== undefined && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      {group === null && <p role="alert">{t('managementPortalApp.group.noGroup')}</p>}
      {group && (
        <>
          <p className="confirm-dialog__warning">{t('managementPortalApp.group.delete.hasSubjects', { name: group.name })}</p>
          <p>{t('managementPortalApp.group.delete.question', { name: group.name })}</p>
        </>
      )}
    </ConfirmDialog>
  );
}
