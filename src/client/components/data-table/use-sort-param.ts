// The list's sort, kept in the URL query as `sort=field,asc` so the view is linkable and Back undoes a sort.
import { useCallback } from 'react';
import { useLocation, useRouter } from '../../lib/router-react';
import { formatSort, parseSort, type SortState } from './sort';

export interface SortParamOptions {
  /** Query key; `sort` unless a page shows two sorted tables. */
  param?: string;
  /** Replace the history entry instead of pushing one. */
  replace?: boolean;
}

/** [current sort (or the default), setter]; the default is not written to the URL until the user sorts. */
export function useSortParam(defaultSort: SortState | null, options: SortParamOptions = {}): [SortState | null, (sort: SortState) => void] {
  const { param = 'sort', replace = false } = options;
  const router = useRouter();
  const raw = useLocation().query[param];
  const sort = parseSort(raw) ?? defaultSort;
  const setSort = useCallback(
    (next: SortState) => router.setQuery({ [param]: formatSort(next) }, { replace }),
    [router, param, replace],
  );
  return [sort, setSort];
}
