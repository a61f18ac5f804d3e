// Confirm deleting a project (popup project/{projectName}/delete). Who may: a system admin, the organization admin
// of its organization or its project admin (the server's PROJECT.DELETE check; project-access.ts). The server only
// deletes an empty project: while subjects, sources or users with a role in it remain it answers 409
// error.projectNotEmpty, shown inside the dialog. Deleted over the project's own page, the app goes to the page of
// the project's organization.
import { useRef, type ReactNode } from 'react';
import type { ProjectDTO } from '../../../common/dto';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';
import { findProject } from '../../lib/session-store';
import { useSession } from '../../lib/session-react';
import { organizationOf } from './project-access';
import { useDeleteThenAnnounce } from './use-delete-then-announce';

export function ProjectDeleteDialog({ params, close }: PopupProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const session = useSession();
  const events = useListEvents();
  const router = useRouter();
  const name = params.projectName;
  const apiPath = `api/projects/${pathOf(name)}`;
  const organization = useRef<string | undefined>(undefined);
  const { markDeleted, onClose } = useDeleteThenAnnounce(
    close,
    pathOf('project', name),
    () => router.navigate(organization.current ? pathOf('organization', organization.current) : '', { replace: true }),
    () => {
      session.projectDeleted(name);
      events.emit('projectListModification', { deleted: name });
    },
  );

  // Where to go afterwards: the cached list nearly always knows the organization; otherwise ask once.
  const organizationOfProject = async (): Promise<string | undefined> => {
    const cached = findProject(session.store.getState(), name);
    return organizationOf(cached ?? (await http.get<ProjectDTO>(apiPath)).data);
  };

  const confirm = async () => {
    organization.current = await organizationOfProject();
    await http.delete(apiPath);
    markDeleted();
  };

  return (
    <ConfirmDialog title={t('entity.delete.title')} onConfirm={confirm} onClose={onClose}>
      <p>{t('managementPortalApp.project.delete.question', { projectName: name })}</p>
      <p>{t('managementPortalApp.project.delete.onlyEmpty')}</p>
    </ConfirmDialog>
  );
}
