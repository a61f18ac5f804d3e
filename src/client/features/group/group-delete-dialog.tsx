// Confirm deleting a group that still has subjects (popup project-group/{projectName}/{id}/delete, spec 001 §8):
// reached after a plain DELETE answered 409. Confirming deletes it again with unlinkSubjects=true, so its subjects
// simply lose their group.
import { useEffect, useState, type ReactNode } from 'react';
import type { GroupDTO } from '../../../common/dto';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup/popup-types';
import { useAlerts, useHttp, useListEvents } from '../../components/services-react';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { deleteGroup, findGroupById } from './group-api';

export function GroupDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const events = useListEvents();
  const scope = useAbortScope();
  const { projectName, id } = params;
  // undefined while loading, null when there is no such group.
  const [group, setGroup] = useState<GroupDTO | null | undefined>();

  useEffect(() => {
    findGroupById(http, projectName, id, scope.signal).then(
      (found) => setGroup(found ?? null),
      (error) => !isAbortError(error) && setGroup(null),
    );
  }, [http, scope, projectName, id]);

  const confirm = async () => {
    if (!group) throw new Error(t('managementPortalApp.group.noGroup'));
    await deleteGroup(http, projectName, group.name, true);
    alerts.success('managementPortalApp.group.deleted', { param: group.name });
    events.broadcast('groupListModification');
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={close}>
      {group === undefined && <p>{t('global.loading')}</p>}
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
