// An organization's Projects tab: its projects from the session cache (which the server already limits to what the
// signed-in user may read) and, for its admins, a button that opens the project dialog for a new project.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { PopupLink } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useSharedList } from '../../lib/shared-list-react';
import { organizationOf } from '../project/project-access';
import { ProjectTable } from '../project/project-table';
import { useIsOrganizationAdmin } from './organization-access';

export function OrganizationProjects({ organizationName }: { organizationName: string }): ReactNode {
  const t = useT();
  const all = useSharedList('projects');
  const isAdmin = useIsOrganizationAdmin(organizationName);
  const projects = all.items.filter((project) => organizationOf(project) === organizationName);
  return (
    <div className="organization-projects">
      {isAdmin && (
        <div className="entity-page__actions">
          <PopupLink to={pathOf('organization', organizationName, 'project-new')} className="button button--primary">
            {t('managementPortalApp.project.home.createLabel')}
          </PopupLink>
        </div>
      )}
      {all.error !== undefined ? (
        <LoadError error={all.error} onRetry={all.retry} />
      ) : (
        <ProjectTable projects={projects} hideOrganization />
      )}
    </div>
  );
}
