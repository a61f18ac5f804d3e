// Source types: the session's cached list, sorted in the browser (id ascending by default, sort in the
// URL), with the registration badge, the linked source data and view/edit/delete actions (edit and delete disabled,
// with the reason, for a type the user may not change: catalogue-access.ts).
import type { ReactNode } from 'react';
import type { SourceTypeDTO } from '../../../common/dto';
import { Badge } from '../../components/badge';
import { LoadError } from '../../components/load-error';
import { DataTable, sortRows, useSortParam, type Column, type SortState } from '../../components/data-table';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import type { SessionState } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { useSharedList } from '../../lib/shared-list-react';
import { CatalogueRowActions } from './catalogue-action';
import { sourceTypeRefusals } from './catalogue-access';
import { scopeLabel } from './catalogue-labels';
import { sourceTypePath } from './source-type-path';

const DEFAULT_SORT: SortState = { field: 'id', ascending: true };
const selectAccount = (state: SessionState) => state.account;

export function SourceTypeListPage(_props: PageProps): ReactNode {
  const t = useT();
  const sourceTypes = useSharedList('sourceTypes');
  const account = useSessionState(selectAccount);
  const [sort] = useSortParam(DEFAULT_SORT);
  const label = (field: string) => t(`managementPortalApp.sourceType.${field}`);
  const columns: Column<SourceTypeDTO>[] = [
    { key: 'id', header: label('id'), sortField: 'id', render: (type) => <Link to={sourceTypePath(type)}>{type.id}</Link> },
    { key: 'producer', header: label('producer'), sortField: 'producer' },
    { key: 'model', header: label('model'), sortField: 'model' },
    { key: 'catalogVersion', header: label('catalogVersion'), sortField: 'catalogVersion' },
    {
      key: 'registration',
      header: label('registration'),
      sortField: 'canRegisterDynamically',
      render: (type) => (type.canRegisterDynamically ? <Badge tone="info">{label('dynamic')}</Badge> : <Badge>{label('manual')}</Badge>),
    },
    { key: 'sourceTypeScope', header: label('sourceTypeScope'), sortField: 'sourceTypeScope', render: (type) => scopeLabel(t, type.sourceTypeScope) },
    {
      key: 'sourceData',
      header: label('sourceData'),
      render: (type) => (
        <ul className="source-type__data">
          {(type.sourceData ?? []).map((data) => (
            <li key={data.id ?? data.sourceDataName}>
              <Link to={pathOf('source-data', data.sourceDataName ?? '')}>{data.sourceDataType}</Link>
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (type) => (
        <CatalogueRowActions path={(popup) => sourceTypePath(type, ...(popup ? [popup] : []))} refusals={sourceTypeRefusals(account, type.usage)} entity="sourceType" name={`${type.producer}_${type.model}_${type.catalogVersion}`} />
      ),
    },
  ];

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('managementPortalApp.sourceType.home.title')}</h1>
        <PopupLink to="source-type-new" className="button button--primary">
          {t('managementPortalApp.sourceType.home.createLabel')}
        </PopupLink>
      </header>
      {sourceTypes.error !== undefined ? (
        <LoadError error={sourceTypes.error} onRetry={sourceTypes.retry} />
      ) : (
        <DataTable
          columns={columns}
          rows={sortRows(sourceTypes.items, sort)}
          rowKey={(type) => type.id ?? `${type.producer}/${type.model}/${type.catalogVersion}`}
          defaultSort={DEFAULT_SORT}
          empty={label('empty')}
        />
      )}
    </section>
  );
}
