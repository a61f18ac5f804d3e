// All projects (system admins), from the session cache.
import type { ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useT } from '../../lib/i18n-react';
import type { SessionState } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { ProjectTable } from './project-table';

const selectProjects = (state: SessionState) => state.projects;

export function ProjectListPage(_props: PageProps): ReactNode {
  const t = useT();
  const projects = useSessionState(selectProjects);
  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('managementPortalApp.project.home.title')}</h1>
      </header>
      <ProjectTable projects={projects} />
    </section>
  );
}
