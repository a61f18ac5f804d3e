// The user list's table: id, login, e-mail, activated, language, roles, created date, last modified by
// and date (dd/MM/yy HH:mm), row actions. Every data column but roles sorts on the server.
import { useMemo, type ReactNode } from 'react';
import type { UserDTO } from '../../../common/dto';
import { DataTable, Truncated, type Column } from '../../components/data-table';
import { formatShortDateTime } from '../../components/format';
import { pathOf } from '../../lib/app-url';
import { LANGUAGE_NAMES } from '../../lib/language-names';
import { useT, type Translate } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { selectAccount } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { DEFAULT_USER_SORT } from './use-user-list';
import { ActivatedBadge, RoleBadges } from './user-badges';
import { UserRowActions } from './user-row-actions';
import { USER_AREA } from './user-roles';

function userColumns(t: Translate, currentLogin: string | undefined): Column<UserDTO>[] {
  return [
    { key: 'id', sortField: 'id', header: t('userManagement.id'), render: (u) => <Link to={pathOf(USER_AREA, u.login)}>{u.id}</Link> },
    { key: 'login', sortField: 'login', header: t('userManagement.login'), render: (u) => <Truncated text={u.login} max="7rem" /> },
    // 9rem: in Dutch at 1280 px the columns' least width was 1238 px, more than the 1234 px left beside a classic
    // scrollbar (Firefox's 12 px, Windows' 17 px; headless Chromium has none, which hid it).
    { key: 'email', sortField: 'email', header: t('userManagement.email'), render: (u) => (u.email ? <Truncated text={u.email} max="9rem" /> : '') },
    { key: 'activated', sortField: 'activated', header: t('userManagement.activated'), render: (u) => <ActivatedBadge activated={u.activated} /> },
    // The code keeps the column narrow; the language's own name is its title.
    { key: 'langKey', sortField: 'langKey', header: t('userManagement.langKey'), render: (u) => (u.langKey ? <abbr title={LANGUAGE_NAMES[u.langKey] ?? u.langKey}>{u.langKey}</abbr> : '') },
    { key: 'roles', header: t('userManagement.roles'), render: (u) => <RoleBadges roles={u.roles} /> },
    { key: 'createdDate', sortField: 'createdDate', header: t('userManagement.createdDate'), render: (u) => formatShortDateTime(u.createdDate) },
    { key: 'lastModifiedBy', sortField: 'lastModifiedBy', header: t('userManagement.lastModifiedBy') },
    {
      key: 'lastModifiedDate',
      sortField: 'lastModifiedDate',
      header: t('userManagement.lastModifiedDate'),
      render: (u) => formatShortDateTime(u.lastModifiedDate),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('userManagement.actions')}</span>,
      render: (u) => <UserRowActions user={u} currentLogin={currentLogin} />,
    },
  ];
}

export function UserTable({ users, loading }: { users: readonly UserDTO[]; loading: boolean }): ReactNode {
  const t = useT();
  const currentLogin = useSessionState(selectAccount)?.login;
  const columns = useMemo(() => userColumns(t, currentLogin), [t, currentLogin]);
  return (
    <DataTable
      className="user-table"
      columns={columns}
      rows={users}
      rowKey={(u) => u.id ?? u.login}
      defaultSort={DEFAULT_USER_SORT}
      loading={loading}
    />
  );
}
