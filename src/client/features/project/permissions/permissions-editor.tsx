// The Permissions tab of an organization or project: every user from GET api/users?includeProvenance=false, split in
// the browser into those holding a role in the scope (or system admin) and the rest. A scoped admin role is added or
// removed by PUT api/users/{login}/roles with the roles as the caller sees them and the change applied: that endpoint
// checks each added or removed role and keeps the roles the caller cannot see, where PUT api/users would refuse any
// user holding a role outside the caller's scope and would rewrite the user's other fields too. When the signed-in
// user edited themself, the session's account is fetched again (their authorities changed). Removing a role asks
// first, naming the user, the role and the scope.
import { authorityLabel } from '../../../components/role-name';
import { useState, type ReactNode } from 'react';
import type { UserDTO } from '../../../../common/dto';
import { DataTable, type Column } from '../../../components/data-table';
import { Select } from '../../../components/form';
import { LoadError } from '../../../components/load-error';
import { ConfirmDialog } from '../../../components/modal';
import { useAlerts, useHttp } from '../../../components/services-react';
import { useT } from '../../../lib/i18n-react';
import { useResource } from '../../../lib/resource-react';
import { selectAccount } from '../../../lib/session-store';
import { useSession, useSessionState } from '../../../lib/session-react';
import { isRemoveDisabled, scopedRole, splitUsers, withoutRole, withRole, type PermissionRow, type PermissionScope } from './permission-rules';

export interface PermissionsEditorProps {
  scope: PermissionScope;
}

export function PermissionsEditor({ scope }: PermissionsEditorProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const session = useSession();
  const account = useSessionState(selectAccount);
  const [selected, setSelected] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PermissionRow | null>(null);
  const loaded = useResource(['users-without-provenance'], async (signal) => {
    const { data } = await http.get<UserDTO[]>('api/users', { query: { includeProvenance: false }, signal });
    return Array.isArray(data) ? data : [];
  });
  const users = loaded.data;

  /** `user` with the edited roles; only the roles are sent. */
  const save = async (user: UserDTO) => {
    setBusy(true);
    try {
      await http.put(`api/users/${encodeURIComponent(user.login)}/roles`, { body: user.roles ?? [] });
      // The endpoint answers 204 without an alert header: say what happened as PUT api/users did.
      alerts.success('userManagement.updated', { param: user.login });
      setSelected('');
      if (user.login === account?.login) await session.reset();
      loaded.reload();
    } catch {
      // Reported by the http layer; the table still shows what the server holds.
    } finally {
      setBusy(false);
    }
  };

  const { rows, others } = splitUsers(users ?? [], scope);
  const role = scopedRole(scope);
  const columns: Column<PermissionRow>[] = [
    { key: 'login', header: t('managementPortalApp.permissions.user'), render: (row) => row.user.login },
    { key: 'authority', header: t('managementPortalApp.permissions.authority'), render: (row) => <span title={row.role.authorityName}>{authorityLabel(t, row.role.authorityName)}</span> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('managementPortalApp.permissions.actions')}</span>,
      className: 'data-table__actions',
      render: (row) => (
        <button
          type="button"
          className="button button--danger button--small"
          disabled={busy || isRemoveDisabled(row, scope, account?.login)}
          aria-label={t('entity.action.named', { action: t('entity.action.remove'), entity: t('entity.named.roleOf', { role: authorityLabel(t, row.role.authorityName), login: row.user.login }) })}
          onClick={() => setRemoving(row)}
        >
          {t('entity.action.remove')}
        </button>
      ),
    },
  ];
  const chosen = others.find((user) => user.login === selected);

  return (
    <div className="permissions">
      <form
        className="permissions__add"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) void save(withRole(chosen, role));
        }}
      >
        <Select
          name="user"
          label={t('managementPortalApp.permissions.addUser', { authority: authorityLabel(t, role.authorityName) })}
          value={selected}
          onChange={setSelected}
          placeholder
          options={others.map((user) => ({ value: user.login, label: user.login }))}
        />
        <button type="submit" className="button button--primary" disabled={!chosen || busy}>
          {t('entity.action.add')}
        </button>
      </form>
      {loaded.error !== undefined ? (
        <LoadError error={loaded.error} onRetry={loaded.retry} />
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => `${row.user.login}|${row.role.authorityName}|${row.role.projectName ?? row.role.organizationName ?? ''}`}
          loading={loaded.loading}
          sort={null}
          onSortChange={() => undefined}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('managementPortalApp.permissions.removeTitle')}
          confirmLabel={t('entity.action.remove')}
          onConfirm={() => save(withoutRole(removing.user, removing.role))}
          onClose={() => setRemoving(null)}
        >
          <p>
            {t(`managementPortalApp.permissions.removeQuestion.${scope.kind}`, {
              login: removing.user.login,
              authority: authorityLabel(t, removing.role.authorityName),
              name: scope.name,
            })}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
