// A project's page: its name (the human-readable one when set), the facts, Edit and Delete buttons,
// and the tabs, which only a system admin, the organization admin of its organization or its project admin sees;
// anyone else gets a notice that no tabs are available. That notice also answers a project the server will not
// show this user (403, or 404 for anyone but a system admin, since a 404 may hide a project outside one's scope):
// "no sections are available to you" is the truth, where "could not be loaded" would read like a fault.
import type { ReactNode } from 'react';
import { ROLE_SYS_ADMIN } from '../../../common/authorities';
import { useHasAnyAuthority } from '../../components/authority-gate';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { isApiError, isNotFound } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { findProject } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { HeaderActions } from './header-actions';
import { organizationOf, projectAdminAuthorities, projectDeleteAuthorities } from './project-access';
import { ProjectSummary } from './project-summary';
import { ProjectTabs } from './project-tabs';
import { useProject } from './use-project';

export function ProjectDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const name = params.projectName;
  const loaded = useProject(name);
  const project = loaded.data;
  const failed = loaded.error !== undefined;
  // The cached list already knows the project's organization, so its admins get the (disabled) buttons at once.
  const cached = useSessionState((state) => findProject(state, name));
  const known = project ?? cached;
  const mayAdminister = useHasAnyAuthority(known ? projectAdminAuthorities(known) : []) && known !== undefined;
  const mayDelete = useHasAnyAuthority(known ? projectDeleteAuthorities(known) : []) && known !== undefined;
  const organization = known ? organizationOf(known) : undefined;
  const isSysAdmin = useHasAnyAuthority([ROLE_SYS_ADMIN]);
  const outOfReach = failed && isApiError(loaded.error) && (loaded.error.status === 403 || (loaded.error.status === 404 && !isSysAdmin));

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.project.detail.title')}: {project?.humanReadableProjectName || project?.projectName || name}
        </h1>
        {organization && mayAdminister && !failed && (
          <HeaderActions
            edit={pathOf('organization', organization, 'project', name, 'edit')}
            remove={mayDelete ? pathOf('project', name, 'delete') : undefined}
            loading={!project}
          />
        )}
      </header>
      {!project ? (
        failed ? (
          outOfReach ? (
            <p className="notice">{t('managementPortalApp.project.noTabs')}</p>
          ) : isNotFound(loaded.error) ? (
            <p className="notice">{t('managementPortalApp.project.notFound')}</p>
          ) : (
            <LoadError error={loaded.error} onRetry={loaded.retry} />
          )
        ) : (
          <p className="loading">{t('global.loading')}</p>
        )
      ) : (
        <>
          <ProjectSummary project={project} />
          {mayAdminister ? <ProjectTabs project={project} /> : <p className="notice">{t('managementPortalApp.project.noTabs')}</p>}
        </>
      )}
    </section>
  );
}
