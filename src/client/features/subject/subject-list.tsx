// The subject list, on the Subjects tab of a project and on the general #/subject page: filters on the left, sort
// controls, keyset "load more", selection and add-to-group within a project, and a create button. The URL is the one
// source of the view: the filters are matrix params (written by the panel, replacing the history entry), the sort and
// the number of pages shown are query params, and the rows follow them (see docs/client.md).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Checkbox } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { LoadMore } from '../../components/load-more';
import { useAnnounceResults } from '../../components/use-announce-results';
import { useOpenPopup } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useLocation, useRouter } from '../../lib/router-react';
import { SubjectFileActions } from './subject-file-actions';
import { AddToGroupDialog } from './add-to-group-dialog';
import { FILTER_KEYS, filterQuery, filtersFromMatrix, filtersToMatrix, validateFilters, type SubjectFilters } from './subject-filters';
import { SubjectFilterBadges } from './subject-filter-badges';
import { SubjectFilterPanel } from './subject-filter-panel';
import { formatSubjectSort, parseSubjectSort, SUBJECT_PAGE_SIZE, type SubjectSort } from './subject-paging';
import { SubjectSortControls } from './subject-sort-controls';
import { SubjectTable } from './subject-table';
import type { FreshnessThresholds } from '../../../common/freshness';
import { useHiddenSubjectFields } from './use-hidden-fields';
import { useProjectGroups } from './use-project-groups';
import { useSubjectFilters } from './use-subject-filters';
import { useSubjectList } from './use-subject-list';
import { useSubjectSelection } from './use-subject-selection';

export interface SubjectListProps {
  /** Within a project (its Subjects tab); absent on the general list of all subjects. */
  projectName?: string;
  /** The project's freshness thresholds for the Last seen badges. */
  thresholds?: FreshnessThresholds;
}

const pageOf = (raw: string | undefined): number => {
  const page = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
};

export function SubjectList({ projectName, thresholds }: SubjectListProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const { matrix, query } = useLocation();
  const openPopup = useOpenPopup();
  const hidden = useHiddenSubjectFields();
  const inProject = projectName !== undefined;
  const groupFeatures = inProject && !hidden.group;

  // The filters as the URL holds them, the same object while they do not change.
  const urlKey = JSON.stringify(filtersFromMatrix(matrix));
  const urlFilters = useMemo<SubjectFilters>(() => JSON.parse(urlKey), [urlKey]);
  // A filter change goes back to the first page, in the same history entry.
  const writeFilters = useCallback((next: SubjectFilters) => {
    const location = router.getState().location;
    const current = filtersFromMatrix(location.matrix);
    const patch = filtersToMatrix(next);
    if (FILTER_KEYS.every((key) => (patch[key] ?? '') === current[key])) return;
    router.setParams({ matrix: patch, query: pageOf(location.query.page) === 1 ? {} : { page: 1 } }, { replace: true });
  }, [router]);
  const filters = useSubjectFilters(urlFilters, writeFilters);

  // Filters the site settings hide (or the general list cannot offer) never reach the request.
  const effective: SubjectFilters = useMemo(() => ({
    ...urlFilters,
    groupId: groupFeatures ? urlFilters.groupId : '',
    personName: hidden.personName ? '' : urlFilters.personName,
    dateOfBirth: hidden.dateOfBirth ? '' : urlFilters.dateOfBirth,
  }), [urlFilters, groupFeatures, hidden.personName, hidden.dateOfBirth]);
  const errors = useMemo(() => validateFilters(effective), [effective]);
  const request = useMemo(() => (Object.keys(errors).length ? null : filterQuery(effective)), [effective, errors]);

  const sort = parseSubjectSort(query.sort);
  const page = pageOf(query.page);
  const setPage = useCallback((next: number) => router.setQuery({ page: next }, { replace: true }), [router]);
  const setSort = (next: SubjectSort) => router.setQuery({ sort: formatSubjectSort(next), page: 1 }, { replace: true });

  const list = useSubjectList({ projectName, filters: request, sort, page });
  // A filter or sort change is announced with the number of subjects found.
  useAnnounceResults(JSON.stringify([request, sort]), list.settled, t('managementPortalApp.subject.found', { count: list.total }));
  // A page number past the end (left in the query by another list) becomes the last page once the total is known.
  const lastPage = list.settled ? Math.max(1, Math.ceil(list.total / SUBJECT_PAGE_SIZE)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);

  const projectGroups = useProjectGroups(projectName, groupFeatures);
  const groups = projectGroups.data ?? [];
  const selection = useSubjectSelection(list.subjects);
  const [addingToGroup, setAddingToGroup] = useState(false);
  // A failed first load shows the error, not the rows of the previous filters; a failed "load more" keeps the rows.
  const rowsFailed = list.error !== undefined && (list.stale || list.subjects.length === 0);

  const createPopup = inProject ? pathOf('project-subject-new', projectName) : 'general-subject-new';

  return (
    <div className="subject-list">
      <SubjectFilterPanel
        draft={filters.draft}
        onChange={filters.change}
        errors={errors}
        groups={groups}
        showGroup={groupFeatures}
        hidden={hidden}
      />
      <div className="subject-list__main">
        <div className="subject-list__toolbar">
          <SubjectSortControls sort={sort} onChange={setSort} />
          {groupFeatures && (
            <div className="subject-list__selection">
              <Checkbox
                label={t('managementPortalApp.subject.action.selectAll')}
                name="selectAll"
                value={selection.allSelected}
                onChange={selection.selectAll}
              />
              <button
                type="button"
                className="button button--secondary"
                disabled={selection.selected.length === 0}
                onClick={() => setAddingToGroup(true)}
              >
                {t('managementPortalApp.subject.action.addToGroup')}
              </button>
            </div>
          )}
          <SubjectFileActions projectName={projectName} query={request} sort={formatSubjectSort(sort)} selected={groupFeatures ? selection.selected.map((x) => x.login) : []} />
          <button type="button" className="button button--primary subject-list__create" onClick={() => openPopup(createPopup)}>
            {t('managementPortalApp.subject.home.createLabel')}
          </button>
        </div>
        <SubjectFilterBadges filters={effective} groups={groups} onRemove={filters.clear} onClear={() => filters.clear()} />
        {projectGroups.error !== undefined && <LoadError error={projectGroups.error} onRetry={projectGroups.retry} />}
        {!rowsFailed && (
          <SubjectTable
            subjects={list.subjects}
            projectName={projectName}
            showGroup={!hidden.group}
            selection={groupFeatures ? selection : undefined}
            loading={list.loading}
            thresholds={thresholds}
          />
        )}
        {list.error !== undefined ? (
          <LoadError error={list.error} onRetry={list.retry} />
        ) : (
          <LoadMore shown={list.subjects.length} total={list.total} loading={list.loading} onLoadMore={() => setPage(page + 1)} />
        )}
      </div>
      {addingToGroup && projectName !== undefined && (
        <AddToGroupDialog
          projectName={projectName}
          groups={groups}
          subjects={selection.selected}
          onClose={() => setAddingToGroup(false)}
          onAdded={selection.reset}
        />
      )}
    </div>
  );
}
