// A page of sources with a create button (spec 001 §2): every source the caller may see (GET api/sources) or, inside
// a project's Sources tab, that project's (GET api/projects/{p}/sources). Server paged, 20 a page; page and sort in
// the URL (id is the secondary sort); reloaded when a source dialog announces a change. The project page's tabs share
// that query, so a sort this table does not offer falls back to the default and a page past the end moves to the last.
import { useEffect, useState, type ReactNode } from 'react';
import type { SourceDTO } from '../../../common/dto';
import { knownSort, sortQuery, useSortParam } from '../../components/data-table';
import { ItemCount, PAGE_SIZE, Pagination, pageCount, usePageParam } from '../../components/pagination';
import { PopupLink } from '../../components/popup';
import { useHttp, useListModification } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { readTotalCount } from '../../lib/http';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { projectSourcesPath, SOURCE_LIST_EVENT, SOURCES } from './source-api';
import { DEFAULT_SOURCE_SORT, SOURCE_SORT_FIELDS, SourceTable } from './source-table';

export function SourceList({ projectName }: { projectName?: string }): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const [page, setPage] = usePageParam();
  const [urlSort, setSort] = useSortParam(DEFAULT_SOURCE_SORT);
  const sort = knownSort(urlSort, SOURCE_SORT_FIELDS, DEFAULT_SOURCE_SORT);
  const [sources, setSources] = useState<SourceDTO[] | null>(null);
  const [total, setTotal] = useState(0);
  const [reloads, setReloads] = useState(0);
  const sortKey = sortQuery(sort).join('|');

  useListModification(SOURCE_LIST_EVENT, () => setReloads((n) => n + 1));

  useEffect(() => {
    setSources(null);
    http
      .get<SourceDTO[]>(projectName ? projectSourcesPath(projectName) : SOURCES, {
        query: { page: page - 1, size: PAGE_SIZE, sort: sortKey.split('|').filter(Boolean) },
        signal: scope.takeLatest('sources'),
      })
      .then(
        ({ data, headers }) => {
          const rows = Array.isArray(data) ? data : [];
          const count = readTotalCount(headers) ?? rows.length;
          setSources(rows);
          setTotal(count);
          // A page past the end (the last page emptied, or a page number left by another list) shows the last page.
          if (rows.length === 0 && count > 0 && page > pageCount(count)) setPage(pageCount(count), { replace: true });
        },
        (error) => !isAbortError(error) && setSources([]),
      );
  }, [http, scope, projectName, page, setPage, sortKey, reloads]);

  return (
    <div className="source-list">
      <div className="entity-page__actions">
        <PopupLink to={projectName ? pathOf('project-source-new', projectName) : 'general-source-new'} className="button button--primary">
          {t('managementPortalApp.source.home.createLabel')}
        </PopupLink>
      </div>
      <SourceTable sources={sources} projectName={projectName} sort={sort} onSortChange={setSort} />
      <ItemCount page={page} total={total} />
      <Pagination page={page} total={total} onPageChange={setPage} />
    </div>
  );
}
