// The table of sources: id, sourceName, expectedSourceName, sourceId, assigned, source type, project
// (general list only), attributes, and view / edit / delete. Sorting is the server's: the list keeps it in the URL.
import { Fragment, type ReactNode } from 'react';
import type { SourceDTO } from '../../../common/dto';
import { Badge } from '../../components/badge';
import { DataTable, type Column, type SortState } from '../../components/data-table';
import { PopupLink } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { RowActions, useRowActionName } from '../../components/row-actions';

export const DEFAULT_SOURCE_SORT: SortState = { field: 'id', ascending: true };

/** The properties the table's headers sort on (all of them known to the server's source lists). */
export const SOURCE_SORT_FIELDS = ['id', 'sourceName', 'expectedSourceName', 'sourceId', 'assigned', 'sourceType.model', 'project.projectName'] as const;

export const sourceTypeLabel = (type: SourceDTO['sourceType'] | null | undefined): string =>
  type ? `${type.producer} ${type.model} ${type.catalogVersion}` : '';

/** The edit popup of a source: inside a project its project-scoped form, elsewhere the general one. */
export const editPopup = (source: SourceDTO, projectName?: string): string =>
  projectName ? pathOf('project-source', projectName, source.sourceName, 'edit') : pathOf('general-source', source.sourceName, 'edit');

function Attributes({ source }: { source: SourceDTO }): ReactNode {
  const entries = Object.entries(source.attributes ?? {});
  if (!entries.length) return null;
  return (
    <ul className="source-table__list">
      {entries.map(([key, value]) => (
        <li key={key}>
          {key}: {value}
        </li>
      ))}
    </ul>
  );
}

/**
 * A source id (a UUID) with a line-break opportunity after each hyphen. Chromium breaks such an id there by itself,
 * Firefox does not (a hyphen before a digit is no break for it): there the whole id stayed on one line, about 300 px
 * of monospace, and the table no longer fit 1280 px in Dutch. With the breaks spelled out both engines lay it out
 * alike; the text (copying, searching) is unchanged.
 */
function BreaksAfterHyphens({ text }: { text: string }): ReactNode {
  const parts = text.split('-');
  return parts.map((part, i) => (i < parts.length - 1 ? <Fragment key={i}>{part}-<wbr /></Fragment> : part));
}

export interface SourceTableProps {
  sources: readonly SourceDTO[] | null;
  projectName?: string;
  /** The sort the list asked for (kept in the URL by the list). */
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}

export function SourceTable({ sources, projectName, sort, onSortChange }: SourceTableProps): ReactNode {
  const t = useT();
  const label = (field: string) => t(`managementPortalApp.source.${field}`);
  const columns: Column<SourceDTO>[] = [
    { key: 'id', header: label('id'), sortField: 'id', render: (s) => <Link to={pathOf('source', s.sourceName)}>{s.id}</Link> },
    { key: 'sourceName', header: label('sourceName'), sortField: 'sourceName' },
    { key: 'expectedSourceName', header: label('expectedSourceName'), sortField: 'expectedSourceName' },
    { key: 'sourceId', header: label('sourceId'), sortField: 'sourceId', className: 'source-table__id', render: (s) => <BreaksAfterHyphens text={s.sourceId ?? ''} /> },
    {
      key: 'assigned',
      header: label('assigned'),
      sortField: 'assigned',
      render: (s) => <Badge tone={s.assigned ? 'success' : 'neutral'}>{label(s.assigned ? 'isAssigned' : 'unassigned')}</Badge>,
    },
    { key: 'sourceType', header: label('sourceType'), sortField: 'sourceType.model', render: (s) => sourceTypeLabel(s.sourceType) },
    ...(projectName
      ? []
      : [{
          key: 'project',
          header: label('project'),
          sortField: 'project.projectName',
          render: (s: SourceDTO) => s.project && <Link to={pathOf('project', s.project.projectName ?? '')}>{s.project.projectName}</Link>,
        }]),
    { key: 'attributes', header: label('attributes'), render: (s) => <Attributes source={s} /> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{label('actions')}</span>,
      className: 'data-table__actions',
      render: (s) => (
        <SourceRowActions source={s} editTo={editPopup(s, projectName)} />
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={sources ?? []}
      rowKey={(s) => s.sourceId ?? s.sourceName}
      sort={sort}
      onSortChange={onSortChange}
      loading={sources === null}
    />
  );
}

/** View, Edit and Delete of a source row, named with the source. */
function SourceRowActions({ source, editTo }: { source: SourceDTO; editTo: string }): ReactNode {
  const t = useT();
  const entity = t('entity.named.source', { name: source.sourceName });
  const name = useRowActionName(entity);
  const [view, edit, remove] = [t('entity.action.view'), t('entity.action.edit'), t('entity.action.delete')];
  return (
    <RowActions className="source-table__actions" entity={entity}>
      <Link to={pathOf('source', source.sourceName)} className="button button--secondary button--small" aria-label={name(view)}>{view}</Link>
      <PopupLink to={editTo} className="button button--secondary button--small" aria-label={name(edit)}>{edit}</PopupLink>
      <PopupLink to={pathOf('source', source.sourceName, 'delete')} className="button button--danger button--small" aria-label={name(remove)}>{remove}</PopupLink>
    </RowActions>
  );
}
