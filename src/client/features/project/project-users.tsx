// The Admins and Analysts tabs of a project: the users holding that authority on the project, from
// GET api/users?projectName=...&authority=... . The server matches both filters as substrings, so the answer is
// narrowed here to users holding exactly that role on exactly this project.
import type { ReactNode } from 'react';
import type { UserDTO } from '../../../common/dto';
import { Badge } from '../../components/badge';
import { DataTable, type Column } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';

export interface ProjectUsersProps {
  projectName: string;
  authority: string;
}

export const holdsRole = (user: UserDTO, projectName: string, authority: string): boolean =>
  (user.roles ?? []).some((role) => role.authorityName === authority && role.projectName === projectName);

export function ProjectUsers({ projectName, authority }: ProjectUsersProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const users = useResource(
    ['project-users', projectName, authority],
    async (signal) => {
      const query = { projectName, authority, includeProvenance: false, sort: 'login,asc' };
      const { data } = await http.get<UserDTO[]>('api/users', { query, signal });
      return (Array.isArray(data) ? data : []).filter((user) => holdsRole(user, projectName, authority));
    },
    { reloadOn: { userListModification: true } },
  );

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
  if (users.error !== undefined) return <LoadError error={users.error} onRetry={users.retry} />;
  return <DataTable columns={columns} rows={users.data ?? []} rowKey={(user) => user.login} loading={users.loading} sort={null} onSortChange={() => undefined} />;
}
