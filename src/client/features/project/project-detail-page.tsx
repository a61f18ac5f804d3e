// A project's page (spec 001 §2): its name (the human-readable one when set), the facts, an Edit button, and the
// tabs, which only a system admin, the organization admin of its organization or its project admin sees; anyone
// else gets a notice that no tabs are available.
import type { ReactNode } from 'react';
import { useHasAnyAuthority } from '../../components/authority-gate';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { organizationOf, projectAdminAuthorities } from './project-access';
import { ProjectSummary } from './project-summary';
import { ProjectTabs } from './project-tabs';
import { useProject } from './use-project';

export function ProjectDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const name = params.projectName;
  const { project, failed } = useProject(name);
  const mayAdminister = useHasAnyAuthority(project ? projectAdminAuthorities(project) : []) && project !== undefined;
  const organization = project ? organizationOf(project) : undefined;

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.project.detail.title')}: {project?.humanReadableProjectName || project?.projectName || name}
        </h1>
        {project && organization && mayAdminister && (
          <PopupLink to={pathOf('organization', organization, 'project', project.projectName, 'edit')} className="button button--secondary">
            {t('entity.action.edit')}
          </PopupLink>
        )}
      </header>
      {!project ? (
        <p className="loading">{failed ? t('managementPortalApp.project.notFound') : t('global.loading')}</p>
      ) : (
        <>
          <ProjectSummary project={project} />
          {mayAdminister ? <ProjectTabs project={project} /> : <p className="notice">{t('managementPortalApp.project.noTabs')}</p>}
        </>
      )}
    </section>
  );
}
