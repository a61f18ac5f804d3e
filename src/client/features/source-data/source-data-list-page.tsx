// Source data: GET api/source-data paged by the server (20 a page, page and sort in the URL, default
// page 1 and id ascending, id as tie-breaker), boundary links and the item count, view/edit/delete per row (edit and
// delete disabled, with the reason, for a row whose type the user may not change: source-type/catalogue-access.ts).
import type { ReactNode } from 'react';
import type { SourceDataDTO } from '../../../common/dto';
import { DataTable, Truncated, sortQuery, useSortParam, type Column, type SortState } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { ItemCount, Pagination, usePagedList } from '../../components/pagination';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { useSessionState } from '../../lib/session-react';
import { CatalogueRowActions } from '../source-type/catalogue-action';
import { rowUsage, sourceDataRefusals } from '../source-type/catalogue-access';
import { processingStateLabel } from '../source-type/catalogue-labels';
import { SourceTypeLink } from './source-type-link';

const DEFAULT_SORT: SortState = { field: 'id', ascending: true };

export function SourceDataListPage(_props: PageProps): ReactNode {
  const t = useT();
  const [sort] = useSortParam(DEFAULT_SORT);
  const account = useSessionState((state) => state.account);
  const sourceTypes = useSessionState((state) => state.sourceTypes);
  const list = usePagedList<SourceDataDTO>({
    path: 'api/source-data',
    sort: sort ? sortQuery(sort) : [],
    reloadOn: { sourceDataListModification: true },
  });

  const label = (field: string) => t(`managementPortalApp.sourceData.${field}`);
  const named = (data: SourceDataDTO, ...rest: string[]) => pathOf('source-data', data.sourceDataName ?? '', ...rest);
  const columns: Column<SourceDataDTO>[] = [
    { key: 'id', header: label('id'), sortField: 'id' },
    { key: 'sourceDataType', header: label('sourceDataType'), sortField: 'sourceDataType', render: (data) => <Truncated text={data.sourceDataType ?? ''} max="8rem" /> },
    { key: 'sourceDataName', header: label('sourceDataName'), sortField: 'sourceDataName', render: (data) => <Link to={named(data)}><Truncated text={data.sourceDataName ?? ''} max="11rem" /></Link> },
    { key: 'processingState', header: label('processingState'), sortField: 'processingState', render: (data) => processingStateLabel(t, data.processingState) },
    { key: 'keySchema', header: label('keySchema'), sortField: 'keySchema', render: (data) => <Truncated text={data.keySchema ?? ''} max="8rem" /> },
    { key: 'frequency', header: label('frequency'), sortField: 'frequency' },
    { key: 'sourceType', header: label('sourceType'), sortField: 'sourceType.id', render: (data) => <SourceTypeLink sourceType={data.sourceType} /> },
    {
      key: 'actions',
      header: '',
      render: (data) => (
        <CatalogueRowActions path={(popup) => named(data, ...(popup ? [popup] : []))} refusals={sourceDataRefusals(account, rowUsage(data.sourceType, sourceTypes))} entity="sourceData" name={data.sourceDataName ?? undefined} />
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
      {list.error !== undefined ? (
        <LoadError error={list.error} onRetry={list.retry} />
      ) : (
        <DataTable columns={columns} rows={list.rows} rowKey={(data) => data.id ?? data.sourceDataName ?? ''} defaultSort={DEFAULT_SORT} loading={list.loading} empty={label('empty')} />
      )}
      <ItemCount page={list.page} total={list.total} />
      <Pagination page={list.page} total={list.total} onPageChange={list.setPage} />
    </section>
  );
}
