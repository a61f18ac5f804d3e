// Global revisions (spec 001 §2): GET api/revisions paged by the server (20 a page, page and sort in the URL,
// default id ascending with id as tie-breaker), columns number, timestamp, author and the modifications.
import { useEffect, useState, type ReactNode } from 'react';
import type { RevisionInfoDTO } from '../../../common/dto';
import { DataTable, sortQuery, useSortParam, type Column, type SortState } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { ItemCount, PAGE_SIZE, Pagination, usePageParam } from '../../components/pagination';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp, useListModification } from '../../components/services-react';
import { readTotalCount } from '../../lib/http';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { RevisionChangeList } from './revision-change-list';

const DEFAULT_SORT: SortState = { field: 'id', ascending: true };

export function RevisionListPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const [page, setPage] = usePageParam();
  const [sort] = useSortParam(DEFAULT_SORT);
  const [revisions, setRevisions] = useState<RevisionInfoDTO[] | null>(null);
  const [total, setTotal] = useState(0);
  const [reloads, setReloads] = useState(0);
  const sortKey = sort ? sortQuery(sort).join('|') : '';

  useListModification('revisionListModification', () => setReloads((n) => n + 1));

  useEffect(() => {
    setRevisions(null);
    http
      .get<RevisionInfoDTO[]>('api/revisions', {
        query: { page: page - 1, size: PAGE_SIZE, sort: sortKey.split('|').filter(Boolean) },
        signal: scope.takeLatest('revisions'),
      })
      .then(
        ({ data, headers }) => {
          const rows = Array.isArray(data) ? data : [];
          setRevisions(rows);
          setTotal(readTotalCount(headers) ?? rows.length);
        },
        (error) => !isAbortError(error) && setRevisions([]),
      );
  }, [http, scope, page, sortKey, reloads]);

  const label = (field: string) => t(`managementPortalApp.revision.${field}`);
  const columns: Column<RevisionInfoDTO>[] = [
    { key: 'id', header: label('id'), sortField: 'id' },
    { key: 'timestamp', header: label('timestamp'), sortField: 'timestamp', render: (revision) => formatDateTime(revision.timestamp) },
    { key: 'author', header: label('author'), sortField: 'author' },
    { key: 'changes', header: label('changes'), render: (revision) => <RevisionChangeList revision={revision} /> },
  ];

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('managementPortalApp.revision.home.title')}</h1>
      </header>
      <DataTable columns={columns} rows={revisions ?? []} rowKey={(revision) => revision.id} defaultSort={DEFAULT_SORT} loading={revisions === null} />
      <ItemCount page={page} total={total} />
      <Pagination page={page} total={total} onPageChange={setPage} />
    </section>
  );
}
