// All projects (system admins), from the session cache; a cache that failed to load shows the failure with Retry.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { useT } from '../../lib/i18n-react';
import { useSharedList } from '../../lib/shared-list-react';
import { ProjectTable } from './project-table';

export function ProjectListPage(_props: PageProps): ReactNode {
  const t = useT();
  const projects = useSharedList('projects');
  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('managementPortalApp.project.home.title')}</h1>
      </header>
      {projects.error !== undefined ? (
        <LoadError error={projects.error} onRetry={projects.retry} />
      ) : (
        <ProjectTable projects={projects.items} />
      )}
    </section>
  );
}
