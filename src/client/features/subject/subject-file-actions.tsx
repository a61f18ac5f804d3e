// The subject list's file actions (docs/subjects.md): Export downloads the list as CSV with the current filters and
// sort (a plain link: the session cookie authenticates it); within a project, Import opens the import page and
// "Pairing sheet" the printable sheet for the selected subjects, or for all that match (up to 500) when none is
// selected.
import type { ReactNode } from 'react';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import type { QueryObject } from '../../lib/query-string';
import { Link } from '../../lib/router-react';

export interface SubjectFileActionsProps {
  projectName?: string;
  /** The list's filter query; null while the filters are invalid. */
  query: QueryObject | null;
  sort: string;
  selected: string[];
}

export function SubjectFileActions({ projectName, query, sort, selected }: SubjectFileActionsProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const label = (key: string) => t(`managementPortalApp.participants.list.${key}`);
  const exportQuery = { ...(query ?? {}), sort };
  const href = projectName === undefined
    ? http.url('api/subjects.csv', exportQuery)
    : http.url(`api/projects/${encodeURIComponent(projectName)}/subjects.csv`, exportQuery);
  const match = JSON.stringify(Object.fromEntries(Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)])));
  const sheet = selected.length
    ? `${pathOf('project', projectName ?? '', 'pairing-sheet')}?logins=${encodeURIComponent(selected.join(','))}`
    : `${pathOf('project', projectName ?? '', 'pairing-sheet')}?match=${encodeURIComponent(JSON.stringify({ ...JSON.parse(match), sort }))}`;
  return (
    <div className="subject-list__files">
      <a className="button button--secondary" href={href} download aria-disabled={query === null || undefined}>{label('export')}</a>
      {projectName !== undefined && (
        <>
          <Link className="button button--secondary" to={pathOf('project', projectName, 'import')}>{label('import')}</Link>
          <Link className="button button--secondary" to={sheet}>{label(selected.length ? 'sheetSelected' : 'sheetAll')}</Link>
        </>
      )}
    </div>
  );
}
