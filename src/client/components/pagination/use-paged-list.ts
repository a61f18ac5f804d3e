// A list paged by the server: the page from the URL (`?page=`, 1-based), 20 items a request (`page - 1` for the
// API), the sort and filters the caller passes, the total from X-Total-Count, loaded through useResource. A page past
// the end (the last page emptied by a delete, or a page number another list left in the query) is corrected in the
// URL to the last page, replacing the history entry; the list then follows the URL like any other page change.
import { useEffect, useRef } from 'react';
import { readTotalCount } from '../../lib/paging';
import type { QueryObject } from '../../lib/query-string';
import { useResource, type ResourceView, type UseResourceOptions } from '../../lib/resource-react';
import { useHttp } from '../services-react';
import { PAGE_SIZE, pageCount } from './page-window';
import { usePageParam, type SetPage } from './use-page-param';

export interface Page<T> {
  rows: readonly T[];
  total: number;
}

export interface PagedListOptions extends UseResourceOptions {
  /** The list's endpoint; null while there is nothing to ask (e.g. a parameter is missing). */
  path: string | null;
  /** The `sort` values, tie-breaker included (sortQuery). */
  sort: readonly string[];
  /** Filters, sent after page, size and sort. */
  filters?: QueryObject;
}

export interface PagedList<T> extends ResourceView<Page<T>> {
  page: number;
  setPage: SetPage;
  /** The rows of the page (none while loading or after a failure: check `loading` and `error`). */
  rows: readonly T[];
  /** X-Total-Count of the last answer (kept while the next page loads). */
  total: number;
}

export function usePagedList<T>({ path, sort, filters, ...options }: PagedListOptions): PagedList<T> {
  const http = useHttp();
  const [page, setPage] = usePageParam();
  const list = useResource<Page<T>>(
    path === null ? null : [path, page, sort, filters ?? null],
    async (signal) => {
      const query = { page: page - 1, size: PAGE_SIZE, sort: [...sort], ...filters };
      const { data, headers } = await http.get<T[]>(path!, { query, signal });
      const rows = Array.isArray(data) ? data : [];
      return { rows, total: readTotalCount(headers) ?? rows.length };
    },
    options,
  );

  // The pager keeps the last known total while the next page loads, so it does not flicker away.
  const knownTotal = useRef(0);
  if (list.data) knownTotal.current = list.data.total;
  const total = knownTotal.current;
  const pastTheEnd = !list.loading && !list.stale && list.error === undefined && list.data !== undefined && list.data.rows.length === 0 && total > 0 && page > pageCount(total);
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount(total), { replace: true });
  }, [pastTheEnd, total, setPage]);

  return { ...list, page, setPage, rows: list.data?.rows ?? [], total };
}
