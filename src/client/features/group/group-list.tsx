// The Groups tab of a project: the project's groups, a button for a new one, and delete. Delete asks first, naming
// the group; a group that still has subjects answers the plain DELETE with 409: then the confirmation popup
// project-group/{projectName}/{id}/delete opens, which says so and unlinks the subjects.
import { useRef, useState, type ReactNode } from 'react';
import type { GroupDTO } from '../../../common/dto';
import { DataTable, type Column } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { ConfirmDialog } from '../../components/modal';
import { PopupLink, useOpenPopup } from '../../components/popup';
import { useAlerts, useHttp, useListEvents } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isApiError } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { deleteGroup, groupsPath } from './group-api';

export function GroupList({ projectName }: { projectName: string }): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const events = useListEvents();
  const openPopup = useOpenPopup();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<GroupDTO | null>(null);
  const groups = useResource(
    ['groups', projectName],
    async (signal) => {
      const { data } = await http.get<GroupDTO[]>(groupsPath(projectName), { signal });
      return Array.isArray(data) ? data : [];
    },
    { reloadOn: { groupListModification: true } },
  );

  // The group whose plain DELETE answered 409: once the confirmation has closed, the popup that unlinks opens.
  const stillHasSubjects = useRef<GroupDTO | null>(null);
  const remove = async (group: GroupDTO) => {
    setDeleting(group.name);
    try {
      await deleteGroup(http, projectName, group.name, false);
      alerts.success('managementPortalApp.group.deleted', { param: group.name });
      events.emit('groupListModification', { deleted: group.name });
    } catch (error) {
      // 409: the group still has subjects; ask before unlinking them. Other failures were already reported.
      if (isApiError(error) && error.status === 409) stillHasSubjects.current = group;
    } finally {
      setDeleting(null);
    }
  };
  const closeConfirmation = () => {
    setConfirming(null);
    const group = stillHasSubjects.current;
    stillHasSubjects.current = null;
    if (group) openPopup(pathOf('project-group', projectName, group.id ?? group.name, 'delete'));
  };

  const columns: Column<GroupDTO>[] = [
    { key: 'name', header: t('managementPortalApp.group.name') },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('managementPortalApp.group.actions')}</span>,
      className: 'data-table__actions',
      render: (group) => (
        <button
          type="button"
          className="button button--danger button--small"
          disabled={deleting !== null}
          aria-label={t('entity.action.named', { action: t('entity.action.delete'), entity: t('entity.named.group', { name: group.name }) })}
          onClick={() => setConfirming(group)}
        >
          {t('entity.action.delete')}
        </button>
      ),
    },
  ];

  return (
    <div className="group-list">
      <div className="entity-page__actions">
        <PopupLink to={pathOf('project-group-new', projectName)} className="button button--primary">
          {t('managementPortalApp.group.home.createLabel')}
        </PopupLink>
      </div>
      {groups.error !== undefined ? (
        <LoadError error={groups.error} onRetry={groups.retry} />
      ) : (
        <DataTable columns={columns} rows={groups.data ?? []} rowKey={(group) => group.id ?? group.name} loading={groups.loading} sort={null} onSortChange={() => undefined} />
      )}
      {confirming && (
        <ConfirmDialog title={t('entity.delete.title')} onConfirm={() => remove(confirming)} onClose={closeConfirmation}>
          <p>{t('managementPortalApp.group.delete.question', { name: confirming.name })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
