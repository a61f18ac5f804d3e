// The Groups tab of a project: the project's groups, a button for a new one, and delete. A group that still has
// subjects answers the plain DELETE with 409: then the confirmation popup project-group/{projectName}/{id}/delete
// opens, which unlinks the subjects.
import { useState, type ReactNode } from 'react';
import type { GroupDTO } from '../../../common/dto';
import { DataTable, type Column } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
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
  const groups = useResource(
    ['groups', projectName],
    async (signal) => {
      const { data } = await http.get<GroupDTO[]>(groupsPath(projectName), { signal });
      return Array.isArray(data) ? data : [];
    },
    { reloadOn: { groupListModification: true } },
  );

  const remove = async (group: GroupDTO) => {
    setDeleting(group.name);
    try {
      await deleteGroup(http, projectName, group.name, false);
      alerts.success('managementPortalApp.group.deleted', { param: group.name });
      events.emit('groupListModification', { deleted: group.name });
    } catch (error) {
      // 409: the group still has subjects; ask before unlinking them. Other failures were already reported.
      if (isApiError(error) && error.status === 409) openPopup(pathOf('project-group', projectName, group.id ?? group.name, 'delete'));
    } finally {
      setDeleting(null);
    }
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
          onClick={() => void remove(group)}
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
    </div>
  );
}
