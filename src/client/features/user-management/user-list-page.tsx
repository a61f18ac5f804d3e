// User management: create buttons, filters, the sortable table, the item count and the pager. A filter change is
// announced with the number of users found.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { useAnnounceResults } from '../../components/use-announce-results';
import { ItemCount, Pagination } from '../../components/pagination';
import { PopupLink, type PageProps } from '../../components/popup';
import { useT } from '../../lib/i18n-react';
import { Link, useLocation } from '../../lib/router-react';
import { USER_FILTERS, useUserList } from './use-user-list';
import { UserFilters } from './user-filters';
import { UserTable } from './user-table';

export function UserListPage(_props: PageProps): ReactNode {
  const t = useT();
  const list = useUserList();
  const { total, page, setPage } = list;
  const query = useLocation().query;
  const filterKey = JSON.stringify(USER_FILTERS.map((name) => query[name] ?? ''));
  useAnnounceResults(filterKey, !list.loading && list.error === undefined, t('userManagement.found', { count: total }));
  return (
    <section className="user-management">
      <header className="user-management__header">
        <h1>{t('userManagement.home.title')}</h1>
        <div className="user-management__create">
          <PopupLink to="user-management-new" className="button button--primary">
            {t('userManagement.home.createLabel')}
          </PopupLink>
          <PopupLink to="user-management-new-admin" className="button button--secondary">
            {t('userManagement.home.createAdminLabel')}
          </PopupLink>
          <Link to="user-management-import" className="button button--secondary">
            {t('managementPortalApp.participants.userImport.open')}
          </Link>
        </div>
      </header>
      <UserFilters />
      {list.error !== undefined ? (
        <LoadError error={list.error} onRetry={list.retry} />
      ) : (
        <UserTable users={list.rows} loading={list.loading} />
      )}
      <ItemCount page={page} total={total} />
      <Pagination page={page} total={total} onPageChange={setPage} />
    </section>
  );
}
