// Source data (spec 001 §2): GET api/source-data paged by the server (20 a page, page and sort in the URL, default
// page 1 and id ascending, id as tie-breaker), boundary links and the item count, view/edit/delete per row.
import { useEffect, useState, type ReactNode } from 'react';
import type { SourceDataDTO } from '../../../common/dto';
import { DataTable, sortQuery, useSortParam, type Column, type SortState } from '../../components/data-table';
import { ItemCount, PAGE_SIZE, Pagination, usePageParam } from '../../components/pagination';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp, useListModification } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { readTotalCount } from '../../lib/http';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { SourceTypeLink } from './source-type-link';

const DEFAULT_SORT: SortState = { field: 'id', ascending: true };

export function SourceDataListPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const [page, setPage] = usePageParam();
  const [sort] = useSortParam(DEFAULT_SORT);
  const [rows, setRows] = useState<SourceDataDTO[] | null>(null);
  const [total, setTotal] = useState(0);
  const [reloads, setReloads] = useState(0);
  const sortKey = sort ? sortQuery(sort).join('|') : '';

  useListModification('sourceDataListModification', () => setReloads((n) => n + 1));

  useEffect(() => {
    http
      .get<SourceDataDTO[]>('api/source-data', {
        query: { page: page - 1, size: PAGE_SIZE, sort: sortKey.split('|').filter(Boolean) },
        signal: scope.takeLatest('source-data'),
      })
      .then(
        ({ data, headers }) => {
          const list = Array.isArray(data) ? data : [];
          setRows(list);
          setTotal(readTotalCount(headers) ?? list.length);
        },
        (error) => !isAbortError(error) && setRows([]),
      );
  }, [http, scope, page, sortKey, reloads]);

  const label = (field: string) => t(`managementPortalApp.sourceData.${field}`);
  const named = (data: SourceDataDTO, ...rest: string[]) => pathOf('source-data', data.sourceDataName ?? '', ...rest);
  const columns: Column<SourceDataDTO>[] = [
    { key: 'id', header: label('id'), sortField: 'id' },
    { key: 'sourceDataType', header: label('sourceDataType'), sortField: 'sourceDataType' },
    { key: 'sourceDataName', header: label('sourceDataName'), sortField: 'sourceDataName', render: (data) => <Link to={named(data)}>{data.sourceDataName}</Link> },
    { key: 'processingState', header: label('processingState'), sortField: 'processingState' },
    { key: 'keySchema', header: label('keySchema'), sortField: 'keySchema' },
    { key: 'frequency', header: label('frequency'), sortField: 'frequency' },
    { key: 'sourceType', header: label('sourceType'), sortField: 'sourceType.id', render: (data) => <SourceTypeLink sourceType={data.sourceType} /> },
    {
      key: 'actions',
      header: '',
      render: (data) => (
        <span className="source-type__actions">
          <Link to={named(data)} className="button button--secondary button--small">{t('entity.action.view')}</Link>
          <PopupLink to={named(data, 'edit')} className="button button--secondary button--small">{t('entity.action.edit')}</PopupLink>
          <PopupLink to={named(data, 'delete')} className="button button--danger button--small">{t('entity.action.delete')}</PopupLink>
        </span>
      ),
    },
  ];

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('managementPortalApp.sourceData.home.title')}</h1>
        <PopupLink to="source-data-new" className="button button--primary">
          {t('managementPortalApp.sourceData.home.createLabel')}
        </PopupLink>
      </header>
      <DataTable columns={columns} rows={rows ?? []} rowKey={(data) => data.id ?? data.sourceDataName ?? ''} defaultSort={DEFAULT_SORT} loading={rows === null} empty={label('empty')} />
      <ItemCount page={page} total={total} />
      <Pagination page={page} total={total} onPageChange={setPage} />
    </section>
  );
}
