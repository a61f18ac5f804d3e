// The subject list's data, following the URL: the filters and the sort pick the list (a change loads it again from
// the top), and `page` says how many pages of it to show. The first request brings all of them at once
// (size = max(page * 20 - loaded, 20)); a larger page later (the load-more button writes page + 1 into the URL)
// brings the rows after the last one shown (keyset paging). A dialog's subjectListModification patches the rows in
// place. This hook never writes the URL.
import { useEffect } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { useHttp, useListEvent } from '../../components/services-react';
import { readTotalCount } from '../../lib/http';
import type { QueryObject } from '../../lib/query-string';
import { useResource } from '../../lib/resource-react';
import {
  appendPage,
  applyModification,
  formatSubjectSort,
  keysetAfter,
  nextPageSize,
  type LoadedSubjects,
  type SubjectSort,
} from './subject-paging';

export interface SubjectListOptions {
  projectName?: string;
  /** The filter parameters; null while the filters are invalid (no request is sent). */
  filters: QueryObject | null;
  sort: SubjectSort;
  /** Pages to show (1-based, from the URL). */
  page: number;
}

export interface SubjectListState extends LoadedSubjects {
  loading: boolean;
  error: unknown;
  retry(): void;
  /** The rows are those of the previous filters or sort (shown until the new ones arrive). */
  stale: boolean;
  /** The rows answer the current filters and sort, and nothing is on its way. */
  settled: boolean;
}

interface LoadedPages extends LoadedSubjects {
  /** The page count the rows were loaded for. */
  pages: number;
}

export function subjectListPath(projectName?: string): string {
  return projectName === undefined ? 'api/subjects' : `api/projects/${encodeURIComponent(projectName)}/subjects`;
}

export function useSubjectList({ projectName, filters, sort, page }: SubjectListOptions): SubjectListState {
  const http = useHttp();
  const path = subjectListPath(projectName);
  const sortParam = formatSubjectSort(sort);

  const fetchSubjects = async (signal: AbortSignal, size: number, last?: QueryObject) => {
    const { data, headers } = await http.get<SubjectDTO[]>(path, { query: { ...filters, size, sort: sortParam, last }, signal });
    return { subjects: Array.isArray(data) ? data : [], total: readTotalCount(headers) };
  };

  // The rows of the previous filters stay on screen until the new ones arrive.
  const list = useResource<LoadedPages>(
    filters === null ? null : [path, filters, sortParam],
    async (signal) => {
      const { subjects, total } = await fetchSubjects(signal, nextPageSize(page, 0));
      return { subjects, total: total ?? subjects.length, pages: page };
    },
    { keepData: true },
  );
  const settled = filters !== null && !list.stale && !list.loading && list.error === undefined && list.data !== undefined;

  // The URL asks for more pages than are loaded: the rows after the last one shown. Fewer: the rows stay, counted
  // as the pages the URL says, so the next page starts from there.
  const loaded = settled ? list.data : undefined;
  useEffect(() => {
    if (!loaded || loaded.pages === page) return;
    if (page < loaded.pages || loaded.subjects.length >= loaded.total) {
      list.mutate((current) => ({ ...current, pages: page }));
      return;
    }
    list.run(
      (signal, current) => fetchSubjects(signal, nextPageSize(page, current?.subjects.length ?? 0), keysetAfter(current?.subjects.at(-1), sort.field === 'lastSeen')),
      (current, more) => {
        const subjects = appendPage(current?.subjects ?? [], more.subjects);
        return { subjects, total: more.total ?? current?.total ?? subjects.length, pages: page };
      },
    );
    // fetchSubjects and list are new objects on each render; what they read is in the deps through loaded and page.
  }, [loaded, page]);

  useListEvent('subjectListModification', (change) => list.mutate((current) => applyModification(current, change)));

  return {
    subjects: list.data?.subjects ?? [],
    total: list.data?.total ?? 0,
    loading: list.loading,
    error: list.error,
    retry: list.retry,
    stale: list.stale,
    settled,
  };
}
