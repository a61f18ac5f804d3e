// The Admins and Analysts tabs of a project (spec 001 §2): the users holding that authority on the project, from
// GET api/users?projectName=...&authority=... . The server matches both filters as substrings, so the answer is
// narrowed here to users holding exactly that role on exactly this project.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { UserDTO } from '../../../common/dto';
import { Badge } from '../../components/badge';
import { DataTable, type Column } from '../../components/data-table';
import { useHttp, useListModification } from '../../components/services-react';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';

export interface ProjectUsersProps {
  projectName: string;
  authority: string;
}

export const holdsRole = (user: UserDTO, projectName: string, authority: string): boolean =>
  (user.roles ?? []).some((role) => role.authorityName === authority && role.projectName === projectName);

export function ProjectUsers({ projectName, authority }: ProjectUsersProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const [users, setUsers] = useState<UserDTO[] | null>(null);

  const load = useCallback(() => {
    http
      .get<UserDTO[]>('api/users', {
        query: { projectName, authority, includeProvenance: false, sort: 'login,asc' },
        signal: scope.takeLatest('users'),
      })
      .then(
        ({ data }) => setUsers((Array.isArray(data) ? data : []).filter((user) => holdsRole(user, projectName, authority))),
        (error) => !isAbortError(error) && setUsers([]),
      );
  }, [http, scope, projectName, authority]);

  useEffect(load, [load]);
  useListModification('userListModification', load);

  const label = (field: string) => t(`managementPortalApp.projectUsers.${field}`);
  const columns: Column<UserDTO>[] = [
    { key: 'login', header: label('login') },
    { key: 'name', header: label('name'), render: (user) => [user.firstName, user.lastName].filter(Boolean).join(' ') },
    { key: 'email', header: label('email'), render: (user) => user.email ?? '' },
    {
      key: 'activated',
      header: label('status'),
      render: (user) => <Badge tone={user.activated ? 'success' : 'danger'}>{label(user.activated ? 'activated' : 'deactivated')}</Badge>,
    },
  ];
  return <DataTable columns={columns} rows={users ?? []} rowKey={(user) => user.login} loading={users === null} sort={null} onSortChange={() => undefined} />;
}
