// Confirm deleting an organization (popup organization/{name}/delete). Who may: a system admin or the admin of that
// organization (the server's ORGANIZATION.DELETE check; organization-access.ts). The server refuses while the
// organization still has projects (409 error.organizationNotEmpty), shown inside the dialog. Deleted over the
// organization's own page, the app goes to the organization list, or home for an organization admin (the list is
// for system admins). The organization's roles go with it, so an admin who held one there reloads the account.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';
import { selectAccount, selectIsSysAdmin } from '../../lib/session-store';
import { useSession, useSessionState } from '../../lib/session-react';
import { useDeleteThenAnnounce } from '../project/use-delete-then-announce';

export function OrganizationDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const router = useRouter();
  const isSysAdmin = useSessionState(selectIsSysAdmin);
  const account = useSessionState(selectAccount);
  const name = params.organizationName;
  const heldARoleThere = account?.roles?.some((role) => role.organizationName === name) ?? false;
  const { markDeleted, onClose } = useDeleteThenAnnounce(
    close,
    pathOf('organization', name),
    () => router.navigate(isSysAdmin ? 'organization' : '', { replace: true }),
    () => {
      session.organizationDeleted(name);
      events.emit('organizationListModification', { deleted: name });
      if (heldARoleThere) void session.reset();
    },
  );

  const confirm = async () => {
    await http.delete(`api/organizations/${pathOf(name)}`);
    markDeleted();
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={onClose}>
      <p>{t('managementPortalApp.organization.delete.question', { name })}</p>
      <p>{t('managementPortalApp.organization.delete.onlyEmpty')}</p>
    </ConfirmDialog>
  );
}
