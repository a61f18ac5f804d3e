// A page of sources with a create button: every source the caller may see (GET api/sources) or, inside a project's
// Sources tab, that project's (GET api/projects/{p}/sources). Server paged, 20 a page; page and sort in the URL (id
// is the secondary sort); reloaded when a dialog announces a source change. The project page's tabs share that
// query, so a sort this table does not offer falls back to the default and a page past the end moves to the last.
import type { ReactNode } from 'react';
import type { SourceDTO } from '../../../common/dto';
import { knownSort, sortQuery, useSortParam } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { ItemCount, Pagination, usePagedList } from '../../components/pagination';
import { PopupLink } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { projectSourcesPath, SOURCES } from './source-api';
import { DEFAULT_SOURCE_SORT, SOURCE_SORT_FIELDS, SourceTable } from './source-table';

export function SourceList({ projectName }: { projectName?: string }): ReactNode {
  const t = useT();
  const [urlSort, setSort] = useSortParam(DEFAULT_SOURCE_SORT);
  const sort = knownSort(urlSort, SOURCE_SORT_FIELDS, DEFAULT_SOURCE_SORT);
  const list = usePagedList<SourceDTO>({
    path: projectName ? projectSourcesPath(projectName) : SOURCES,
    sort: sortQuery(sort),
    reloadOn: { sourceListModification: true },
  });

  return (
    <div className="source-list">
      <div className="entity-page__actions">
        <PopupLink to={projectName ? pathOf('project-source-new', projectName) : 'general-source-new'} className="button button--primary">
          {t('managementPortalApp.source.home.createLabel')}
        </PopupLink>
      </div>
      {list.error ? (
        <LoadError error={list.error} onRetry={list.retry} />
      ) : (
        <SourceTable sources={list.loading && !list.data ? null : list.rows} projectName={projectName} sort={sort} onSortChange={setSort} />
      )}
      <ItemCount page={list.page} total={list.total} />
      <Pagination page={list.page} total={list.total} onPageChange={list.setPage} />
    </div>
  );
}
