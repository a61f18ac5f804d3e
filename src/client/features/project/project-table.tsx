// The projects table of the project list page and of an organization's Projects tab: sorted in the browser (the
// whole list is in the session cache), sort kept in the URL.
import type { ReactNode } from 'react';
import type { ProjectDTO } from '../../../common/dto';
import { DataTable, sortRows, useSortParam, type Column, type SortState } from '../../components/data-table';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { projectStatusLabel } from './project-status-label';
import { Link } from '../../lib/router-react';
import { dayOf } from './project-dates';
import { organizationOf } from './project-access';

const DEFAULT_SORT: SortState = { field: 'projectName', ascending: true };

export interface ProjectTableProps {
  projects: readonly ProjectDTO[];
  /** Hide the organization column (inside an organization's page it is always the same). */
  hideOrganization?: boolean;
}

export function ProjectTable({ projects, hideOrganization = false }: ProjectTableProps): ReactNode {
  const t = useT();
  const [sort] = useSortParam(DEFAULT_SORT);
  const rows = sortRows(projects, sort, (project, field) => (field === 'organization' ? organizationOf(project) : (project as unknown as Record<string, unknown>)[field]));
  const label = (field: string) => t(`managementPortalApp.project.${field}`);
  const columns: Column<ProjectDTO>[] = [
    {
      key: 'projectName',
      header: label('projectName'),
      sortField: 'projectName',
      render: (project) => <Link to={pathOf('project', project.projectName)}>{project.humanReadableProjectName || project.projectName}</Link>,
    },
    { key: 'description', header: label('description'), sortField: 'description' },
    ...(hideOrganization
      ? []
      : [{ key: 'organization', header: label('organization'), sortField: 'organization', render: (project: ProjectDTO) => organizationOf(project) ?? '' }]),
    { key: 'location', header: label('location'), sortField: 'location' },
    {
      key: 'projectStatus',
      header: label('projectStatus'),
      sortField: 'projectStatus',
      render: (project) => projectStatusLabel(t, project.projectStatus),
    },
    { key: 'startDate', header: label('startDate'), sortField: 'startDate', render: (project) => dayOf(project.startDate) },
    { key: 'endDate', header: label('endDate'), sortField: 'endDate', render: (project) => dayOf(project.endDate) },
  ];
  return <DataTable columns={columns} rows={rows} rowKey={(project) => project.projectName} defaultSort={DEFAULT_SORT} />;
}
