// Global revisions: GET api/revisions paged by the server (20 a page, page and sort in the URL, default id ascending
// with id as tie-breaker), columns number, timestamp, author and the modifications.
import type { ReactNode } from 'react';
import type { RevisionInfoDTO } from '../../../common/dto';
import { DataTable, sortQuery, useSortParam, type Column, type SortState } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { LoadError } from '../../components/load-error';
import { ItemCount, Pagination, usePagedList } from '../../components/pagination';
import type { PageProps } from '../../components/popup/popup-types';
import { useT } from '../../lib/i18n-react';
import { RevisionChangeList } from './revision-change-list';

const DEFAULT_SORT: SortState = { field: 'id', ascending: true };

export function RevisionListPage(_props: PageProps): ReactNode {
  const t = useT();
  const [sort] = useSortParam(DEFAULT_SORT);
  const list = usePagedList<RevisionInfoDTO>({ path: 'api/revisions', sort: sort ? sortQuery(sort) : [] });

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
      {list.error ? (
        <LoadError error={list.error} onRetry={list.retry} />
      ) : (
        <DataTable columns={columns} rows={list.rows} rowKey={(revision) => revision.id} defaultSort={DEFAULT_SORT} loading={list.loading} />
      )}
      <ItemCount page={list.page} total={list.total} />
      <Pagination page={list.page} total={list.total} onPageChange={list.setPage} />
    </section>
  );
}
