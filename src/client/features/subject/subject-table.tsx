// The rows of the subject list: an optional selection checkbox (ACTIVATED only), subject id, external
// id, status, last seen with its freshness, project badges (general list only), sources, attributes, group (unless hidden) and the row actions.
import type { ReactNode } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { DataTable, Truncated, type Column } from '../../components/data-table';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { AttributeList, ExternalId, ProjectBadges, SourceLinks, SubjectStatusBadge } from './subject-cells';
import { SubjectRowActions } from './subject-row-actions';
import { LastSeen } from './last-seen';
import type { FreshnessThresholds } from '../../../common/freshness';

export interface SubjectSelection {
  isSelected(subject: SubjectDTO): boolean;
  toggle(subject: SubjectDTO, selected: boolean): void;
}

export interface SubjectTableProps {
  subjects: readonly SubjectDTO[];
  projectName?: string;
  showGroup: boolean;
  /** Present when rows can be selected (within a project, group not hidden). */
  selection?: SubjectSelection;
  loading?: boolean;
  /** The project's freshness thresholds (the defaults on the list of all subjects). */
  thresholds?: FreshnessThresholds;
}

export function SubjectTable({ subjects, projectName, showGroup, selection, loading, thresholds }: SubjectTableProps): ReactNode {
  const t = useT();
  const now = Date.now();
  const field = (name: string) => t(`managementPortalApp.subject.field.${name}`);
  const columns: Column<SubjectDTO>[] = [];
  if (selection) {
    columns.push({
      key: 'select',
      header: <span className="visually-hidden">{t('managementPortalApp.subject.action.select')}</span>,
      className: 'subject-row__select',
      render: (s) => (
        <input
          type="checkbox"
          aria-label={t('managementPortalApp.subject.action.selectOne', { login: s.login })}
          disabled={s.status !== 'ACTIVATED'}
          checked={selection.isSelected(s)}
          onChange={(event) => selection.toggle(s, event.target.checked)}
        />
      ),
    });
  }
  columns.push(
    {
      key: 'login',
      header: field('login'),
      className: 'data-table__nowrap',
      render: (s) => (s.status === 'ACTIVATED' ? <Link to={pathOf('subject', s.login)}>{s.login}</Link> : s.login),
    },
    { key: 'externalId', header: field('externalId'), className: 'data-table__nowrap', render: (s) => <ExternalId externalId={s.externalId} externalLink={s.externalLink} /> },
    { key: 'status', header: field('status'), render: (s) => <SubjectStatusBadge status={s.status} /> },
    { key: 'lastSeen', header: field('lastSeen'), render: (s) => <LastSeen lastSeen={s.lastSeen} thresholds={thresholds} now={now} /> },
  );
  if (projectName === undefined) columns.push({ key: 'project', header: field('project'), render: (s) => <ProjectBadges roles={s.roles} /> });
  columns.push(
    { key: 'sources', header: field('sources'), render: (s) => <SourceLinks sources={s.sources} /> },
    { key: 'attributes', header: field('attributes'), render: (s) => <AttributeList attributes={s.attributes} /> },
  );
  if (showGroup) columns.push({ key: 'group', header: field('group'), render: (s) => (s.group ? <Truncated text={s.group} max="7rem" /> : '') });
  columns.push({
    key: 'actions',
    header: <span className="visually-hidden">{t('managementPortalApp.subject.action.actions')}</span>,
    className: 'data-table__actions',
    render: (s) => <SubjectRowActions subject={s} projectName={projectName} />,
  });
  return (
    <DataTable
      className="subject-table"
      columns={columns}
      rows={subjects}
      rowKey={(s) => s.id ?? s.login}
      loading={loading}
      empty={t('managementPortalApp.subject.list.empty')}
    />
  );
}
