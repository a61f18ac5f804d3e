// Loads the subject list page by page (keyset "load more", api.md §5.9.1): the first request after a filter or sort
// change, `loadMore` for the next page, and in-place patches when a dialog announces `subjectListModification`.
// The page number lives in the URL so a reload shows as many rows as before (size = max(page*20 - loaded, 20)); a
// number past the last page (left in the query by another list) is brought back to the last page once the total is known.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { useHttp, useListModification } from '../../components/services-react';
import { isAbortError, readTotalCount } from '../../lib/http';
import { useAbortScope } from '../../lib/http-react';
import type { QueryObject } from '../../lib/query-string';
import {
  appendPage,
  applyModification,
  formatSubjectSort,
  isSubjectListModification,
  keysetAfter,
  nextPageSize,
  SUBJECT_PAGE_SIZE,
  type LoadedSubjects,
  type SubjectSort,
} from './subject-paging';

export interface SubjectListOptions {
  projectName?: string;
  /** The filter parameters; null while the filters are invalid (no request is sent). */
  filters: QueryObject | null;
  sort: SubjectSort;
  /** Pages shown (1-based, from the URL). */
  page: number;
  setPage: (page: number) => void;
}

export interface SubjectListState extends LoadedSubjects {
  loading: boolean;
  loadMore(): void;
}

export function subjectListPath(projectName?: string): string {
  return projectName === undefined ? 'api/subjects' : `api/projects/${encodeURIComponent(projectName)}/subjects`;
}

export function useSubjectList({ projectName, filters, sort, page, setPage }: SubjectListOptions): SubjectListState {
  const http = useHttp();
  const scope = useAbortScope();
  const [list, setList] = useState<LoadedSubjects>({ subjects: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const latest = useRef({ list, page, setPage });
  latest.current = { list, page, setPage };
  /** The request the rows on screen belong to; a different one starts again at page 1. */
  const shownKey = useRef<string | null>(null);

  const path = subjectListPath(projectName);
  const requestKey = filters === null ? null : JSON.stringify([path, filters, sort]);

  const fetchPage = useCallback(
    (size: number, last?: QueryObject) =>
      http.get<SubjectDTO[]>(path, {
        query: { ...filters, size, sort: formatSubjectSort(sort), last },
        signal: scope.takeLatest('subjects'),
      }),
    // requestKey stands for filters and sort by value, so a new object with the same filters sends nothing new
    [http, scope, requestKey],
  );

  useEffect(() => {
    if (requestKey === null) return;
    const { page: urlPage, setPage: writePage } = latest.current;
    const changed = shownKey.current !== null && shownKey.current !== requestKey;
    const pages = changed ? 1 : urlPage;
    if (changed && urlPage !== 1) writePage(1);
    shownKey.current = requestKey;
    setLoading(true);
    fetchPage(nextPageSize(pages, 0)).then(
      ({ data, headers }) => {
        const subjects = Array.isArray(data) ? data : [];
        const total = readTotalCount(headers) ?? subjects.length;
        setList({ subjects, total });
        setLoading(false);
        const lastPage = Math.max(1, Math.ceil(total / SUBJECT_PAGE_SIZE));
        if (pages > lastPage) writePage(lastPage);
      },
      (error: unknown) => {
        if (!isAbortError(error)) setLoading(false);
      },
    );
  }, [requestKey, fetchPage]);

  const loadMore = useCallback(() => {
    const { list: current, page: shownPages, setPage: writePage } = latest.current;
    const next = shownPages + 1;
    setLoading(true);
    fetchPage(nextPageSize(next, current.subjects.length), keysetAfter(current.subjects.at(-1))).then(
      ({ data, headers }) => {
        const page = Array.isArray(data) ? data : [];
        setList((shown) => ({ subjects: appendPage(shown.subjects, page), total: readTotalCount(headers) ?? shown.total }));
        setLoading(false);
        writePage(next);
      },
      (error: unknown) => {
        if (!isAbortError(error)) setLoading(false);
      },
    );
  }, [fetchPage]);

  useListModification('subjectListModification', (detail) => {
    if (isSubjectListModification(detail)) setList((shown) => applyModification(shown, detail));
  });

  return { ...list, loading, loadMore };
}
