// The facts of a project on its detail page: organization, location, status, start and end dates,
// attributes as `key => value`, and the description. The name is the page's heading.
import type { ReactNode } from 'react';
import type { ProjectDTO } from '../../../common/dto';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { projectStatusLabel } from './project-status-label';
import { Link } from '../../lib/router-react';
import { HUMAN_READABLE_NAME_KEY } from './project-form-model';
import { dayOf } from './project-dates';
import { organizationOf } from './project-access';

export function ProjectSummary({ project }: { project: ProjectDTO }): ReactNode {
  const t = useT();
  const organization = organizationOf(project);
  const attributes = Object.entries(project.attributes ?? {}).filter(([key]) => key !== HUMAN_READABLE_NAME_KEY);
  const label = (field: string) => t(`managementPortalApp.project.${field}`);
  return (
    <dl className="entity-details">
      <dt>{label('projectName')}</dt>
      <dd>{project.projectName}</dd>
      <dt>{label('organization')}</dt>
      <dd>{organization && <Link to={pathOf('organization', organization)}>{organization}</Link>}</dd>
      <dt>{label('location')}</dt>
      <dd>{project.location}</dd>
      <dt>{label('projectStatus')}</dt>
      <dd>{projectStatusLabel(t, project.projectStatus)}</dd>
      <dt>{label('startDate')}</dt>
      <dd>{dayOf(project.startDate)}</dd>
      <dt>{label('endDate')}</dt>
      <dd>{dayOf(project.endDate)}</dd>
      <dt>{label('attributes')}</dt>
      <dd>
        {attributes.length > 0 && (
          <ul className="entity-details__attributes">
            {attributes.map(([key, value]) => (
              <li key={key}>
                {key} =&gt; {value}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>{label('description')}</dt>
      <dd>{project.description}</dd>
    </dl>
  );
}
