// The user list's data (spec 000 §2, §7): GET api/users with the page, sort and filters of the URL, 20 per page,
// the total from X-Total-Count. Reloads when a dialog broadcasts userListModification; a newer request aborts the
// one before, so a slow answer never overwrites a fresh one. A sort change reaches the server after a 5 ms debounce
// (spec 001 §9), so quick successive header clicks send one request.
import { useEffect, useState } from 'react';
import type { UserDTO } from '../../../common/dto';
import { formatSort, parseSort, sortQuery, useSortParam, type SortState } from '../../components/data-table';
import { PAGE_SIZE, pageCount, usePageParam } from '../../components/pagination';
import { useHttp, useListModification } from '../../components/services-react';
import { useDebouncedValue } from '../../components/use-debounced';
import { isAbortError, readTotalCount } from '../../lib/http';
import { useAbortScope } from '../../lib/http-react';
import { useLocation } from '../../lib/router-react';

export const DEFAULT_USER_SORT: SortState = { field: 'id', ascending: true };
export const SORT_CHANGE_DEBOUNCE_MS = 5;
export const USER_FILTERS = ['login', 'email', 'authority'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export interface UserList {
  users: readonly UserDTO[];
  total: number;
  loading: boolean;
  page: number;
  setPage(page: number): void;
}

export function useUserList(): UserList {
  const http = useHttp();
  const scope = useAbortScope();
  const [page, setPage] = usePageParam();
  const [sort] = useSortParam(DEFAULT_USER_SORT);
  const query = useLocation().query;
  const [login, email, authority] = USER_FILTERS.map((name) => query[name]);
  const [data, setData] = useState<{ users: readonly UserDTO[]; total: number }>({ users: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useListModification('userListModification', () => setVersion((v) => v + 1));

  // Debounced as text: a value that stays equal between renders.
  const settledSort = useDebouncedValue(formatSort(sort ?? DEFAULT_USER_SORT), SORT_CHANGE_DEBOUNCE_MS);
  const { field, ascending } = parseSort(settledSort) ?? DEFAULT_USER_SORT;
  useEffect(() => {
    setLoading(true);
    const request = {
      page: page - 1,
      size: PAGE_SIZE,
      sort: sortQuery({ field, ascending }),
      login,
      email,
      authority,
    };
    http.get<UserDTO[]>('api/users', { query: request, signal: scope.takeLatest('users') }).then(
      ({ data: users, headers }) => {
        const list = Array.isArray(users) ? users : [];
        const total = readTotalCount(headers) ?? list.length;
        setData({ users: list, total });
        setLoading(false);
        // The last page emptied (a delete): show the new last page instead of nothing.
        if (list.length === 0 && total > 0 && page > pageCount(total)) setPage(pageCount(total));
      },
      (error: unknown) => {
        if (!isAbortError(error)) setLoading(false);
      },
    );
  }, [http, scope, page, field, ascending, login, email, authority, version, setPage]);

  return { ...data, loading, page, setPage };
}
