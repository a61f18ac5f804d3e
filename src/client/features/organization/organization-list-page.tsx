// Organizations: the cached list, sorted in the browser (name ascending by default), with a create
// button for system admins.
import type { ReactNode } from 'react';
import { ROLE_SYS_ADMIN } from '../../../common/authorities';
import type { OrganizationDTO } from '../../../common/dto';
import { AuthorityGate } from '../../components/authority-gate';
import { LoadError } from '../../components/load-error';
import { DataTable, sortRows, useSortParam, type Column, type SortState } from '../../components/data-table';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { useSharedList } from '../../lib/shared-list-react';

const DEFAULT_SORT: SortState = { field: 'name', ascending: true };

export function OrganizationListPage(_props: PageProps): ReactNode {
  const t = useT();
  const organizations = useSharedList('organizations');
  const [sort] = useSortParam(DEFAULT_SORT);
  const label = (field: string) => t(`managementPortalApp.organization.${field}`);
  const columns: Column<OrganizationDTO>[] = [
    { key: 'id', header: label('id'), sortField: 'id' },
    {
      key: 'name',
      header: label('name'),
      sortField: 'name',
      render: (organization) => <Link to={pathOf('organization', organization.name)}>{organization.name}</Link>,
    },
    { key: 'description', header: label('description'), sortField: 'description' },
    { key: 'location', header: label('location'), sortField: 'location' },
  ];

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('managementPortalApp.organization.home.title')}</h1>
        <AuthorityGate authorities={[ROLE_SYS_ADMIN]}>
          <PopupLink to="organization-new" className="button button--primary">
            {t('managementPortalApp.organization.home.createLabel')}
          </PopupLink>
        </AuthorityGate>
      </header>
      {organizations.error !== undefined ? (
        <LoadError error={organizations.error} onRetry={organizations.retry} />
      ) : (
        <DataTable columns={columns} rows={sortRows(organizations.items, sort)} rowKey={(o) => o.name} defaultSort={DEFAULT_SORT} />
      )}
    </section>
  );
}
