// A page of sources with a create button (spec 001 §2): every source the caller may see (GET api/sources) or, inside
// a project's Sources tab, that project's (GET api/projects/{p}/sources). Server paged, 20 a page; page and sort in
// the URL (id is the secondary sort); reloaded when a source dialog announces a change.
import { useEffect, useState, type ReactNode } from 'react';
import type { SourceDTO } from '../../../common/dto';
import { sortQuery, useSortParam } from '../../components/data-table';
import { ItemCount, PAGE_SIZE, Pagination, usePageParam } from '../../components/pagination';
import { PopupLink } from '../../components/popup';
import { useHttp, useListModification } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { readTotalCount } from '../../lib/http';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { projectSourcesPath, SOURCE_LIST_EVENT, SOURCES } from './source-api';
import { DEFAULT_SOURCE_SORT, SourceTable } from './source-table';

export function SourceList({ projectName }: { projectName?: string }): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const [page, setPage] = usePageParam();
  const [sort] = useSortParam(DEFAULT_SOURCE_SORT);
  const [sources, setSources] = useState<SourceDTO[] | null>(null);
  const [total, setTotal] = useState(0);
  const [reloads, setReloads] = useState(0);
  const sortKey = sort ? sortQuery(sort).join('|') : '';

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
          setSources(rows);
          setTotal(readTotalCount(headers) ?? rows.length);
        },
        (error) => !isAbortError(error) && setSources([]),
      );
  }, [http, scope, projectName, page, sortKey, reloads]);

  return (
    <div className="source-list">
      <div className="entity-page__actions">
        <PopupLink to={projectName ? pathOf('project-source-new', projectName) : 'general-source-new'} className="button button--primary">
          {t('managementPortalApp.source.home.createLabel')}
        </PopupLink>
      </div>
      <SourceTable sources={sources} projectName={projectName} />
      <ItemCount page={page} total={total} />
      <Pagination page={page} total={total} onPageChange={setPage} />
    </div>
  );
}
