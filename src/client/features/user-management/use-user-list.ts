// The user list's data: GET api/users with the page, sort and filters of the URL, 20 per page, the total from
// X-Total-Count. Reloads when a dialog announces a userListModification; a newer request aborts the one before, so a
// slow answer never overwrites a fresh one. A sort change reaches the server after a 5 ms debounce, so quick
// successive header clicks send one request.
import type { UserDTO } from '../../../common/dto';
import { formatSort, parseSort, sortQuery, useSortParam, type SortState } from '../../components/data-table';
import { usePagedList, type PagedList } from '../../components/pagination';
import { useDebouncedValue } from '../../components/use-debounced';
import { useLocation } from '../../lib/router-react';

export const DEFAULT_USER_SORT: SortState = { field: 'id', ascending: true };
export const SORT_CHANGE_DEBOUNCE_MS = 5;
export const USER_FILTERS = ['login', 'email', 'authority'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export function useUserList(): PagedList<UserDTO> {
  const [sort] = useSortParam(DEFAULT_USER_SORT);
  const query = useLocation().query;
  const [login, email, authority] = USER_FILTERS.map((name) => query[name]);
  // Debounced as text: a value that stays equal between renders.
  const settledSort = useDebouncedValue(formatSort(sort ?? DEFAULT_USER_SORT), SORT_CHANGE_DEBOUNCE_MS);
  return usePagedList<UserDTO>({
    path: 'api/users',
    sort: sortQuery(parseSort(settledSort) ?? DEFAULT_USER_SORT),
    filters: { login, email, authority },
    reloadOn: { userListModification: true },
    // The rows stay while the next page, sort or filter loads.
    keepData: true,
  });
}
