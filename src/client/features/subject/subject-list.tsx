// The subject list, on the Subjects tab of a project and on the general #/subject page (spec 001 §2 "Subjects",
// client.md §1.4): filters on the left, written into the URL as matrix params (replacing the entry) and read back on
// entry; sort and the number of pages shown in the query; keyset "load more"; selection and add-to-group within a
// project; a create button.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Checkbox } from '../../components/form';
import { LoadMore } from '../../components/load-more';
import { useOpenPopup } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useLocation, useRouter } from '../../lib/router-react';
import { AddToGroupDialog } from './add-to-group-dialog';
import { filterQuery, filtersFromMatrix, filtersToMatrix, validateFilters, type SubjectFilters } from './subject-filters';
import { SubjectFilterBadges } from './subject-filter-badges';
import { SubjectFilterPanel } from './subject-filter-panel';
import { formatSubjectSort, parseSubjectSort, type SubjectSort } from './subject-paging';
import { SubjectSortControls } from './subject-sort-controls';
import { SubjectTable } from './subject-table';
import { useHiddenSubjectFields } from './use-hidden-fields';
import { useProjectGroups } from './use-project-groups';
import { useSubjectFilters } from './use-subject-filters';
import { useSubjectList } from './use-subject-list';
import { useSubjectSelection } from './use-subject-selection';

export interface SubjectListProps {
  /** Within a project (its Subjects tab); absent on the general list of all subjects. */
  projectName?: string;
}

export function SubjectList({ projectName }: SubjectListProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const { matrix, query } = useLocation();
  const openPopup = useOpenPopup();
  const hidden = useHiddenSubjectFields();
  const inProject = projectName !== undefined;
  const groupFeatures = inProject && !hidden.group;

  const [initialFilters] = useState(() => filtersFromMatrix(matrix));
  const filters = useSubjectFilters(initialFilters);
  // Filters the site settings hide (or the general list cannot offer) never reach the request.
  const effective: SubjectFilters = useMemo(() => ({
    ...filters.applied,
    groupId: groupFeatures ? filters.applied.groupId : '',
    personName: hidden.personName ? '' : filters.applied.personName,
    dateOfBirth: hidden.dateOfBirth ? '' : filters.applied.dateOfBirth,
  }), [filters.applied, groupFeatures, hidden.personName, hidden.dateOfBirth]);
  const errors = useMemo(() => validateFilters(effective), [effective]);
  const request = useMemo(() => (Object.keys(errors).length ? null : filterQuery(effective)), [effective, errors]);

  useEffect(() => router.setMatrix(filtersToMatrix(effective)), [router, effective]);

  const sort = parseSubjectSort(query.sort);
  const rawPage = Number.parseInt(query.page ?? '', 10);
  const page = Number.isFinite(rawPage) && rawPage >= 1 ? rawPage : 1;
  const setPage = useCallback((next: number) => router.setQuery({ page: next }, { replace: true }), [router]);
  const setSort = (next: SubjectSort) => router.setQuery({ sort: formatSubjectSort(next), page: 1 }, { replace: true });

  const list = useSubjectList({ projectName, filters: request, sort, page, setPage });
  const groups = useProjectGroups(projectName, groupFeatures);
  const selection = useSubjectSelection(list.subjects);
  const [addingToGroup, setAddingToGroup] = useState(false);

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
          <button type="button" className="button button--primary subject-list__create" onClick={() => openPopup(createPopup)}>
            {t('managementPortalApp.subject.home.createLabel')}
          </button>
        </div>
        <SubjectFilterBadges filters={effective} groups={groups} onRemove={filters.clear} onClear={() => filters.clear()} />
        <SubjectTable
          subjects={list.subjects}
          projectName={projectName}
          showGroup={!hidden.group}
          selection={groupFeatures ? selection : undefined}
          loading={list.loading}
        />
        <LoadMore shown={list.subjects.length} total={list.total} loading={list.loading} onLoadMore={list.loadMore} />
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
