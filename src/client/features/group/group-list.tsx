// The Groups tab of a project (spec 001 §2, client.md §1.6 jhi-groups): the project's groups, a button for a new
// one, and delete. A group that still has subjects answers the plain DELETE with 409: then the confirmation popup
// project-group/{projectName}/{id}/delete opens, which unlinks the subjects (spec 001 §8).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { GroupDTO } from '../../../common/dto';
import { DataTable, type Column } from '../../components/data-table';
import { PopupLink, useOpenPopup } from '../../components/popup';
import { useAlerts, useHttp, useListModification } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isAbortError, isApiError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { deleteGroup, groupsPath } from './group-api';

export function GroupList({ projectName }: { projectName: string }): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const openPopup = useOpenPopup();
  const scope = useAbortScope();
  const [groups, setGroups] = useState<GroupDTO[] | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const load = useCallback(() => {
    http.get<GroupDTO[]>(groupsPath(projectName), { signal: scope.takeLatest('groups') }).then(
      ({ data }) => setGroups(Array.isArray(data) ? data : []),
      (error) => !isAbortError(error) && setGroups((current) => current ?? []),
    );
  }, [http, scope, projectName]);

  useEffect(load, [load]);
  useListModification('groupListModification', load);

  const remove = async (group: GroupDTO) => {
    setDeleting(group.name);
    try {
      await deleteGroup(http, projectName, group.name, false);
      alerts.success('managementPortalApp.group.deleted', { param: group.name });
      load();
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
          aria-label={t('managementPortalApp.group.deleteNamed', { name: group.name })}
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
      <DataTable columns={columns} rows={groups ?? []} rowKey={(group) => group.id ?? group.name} loading={groups === null} sort={null} onSortChange={() => undefined} />
    </div>
  );
}
