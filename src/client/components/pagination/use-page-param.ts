// The current page, kept 1-based in the URL query (`?page=2`), as the original client shows it; the API wants it
// 0-based (`page - 1`).
import { useCallback } from 'react';
import { useLocation, useRouter } from '../../lib/router-react';

export type SetPage = (page: number, options?: { replace?: boolean }) => void;

/**
 * [page (1 when absent or invalid), setter]. Page 1 is written too, so Back returns to the page before; `replace`
 * corrects the URL without a history step (a page past the end moved to the last one).
 */
export function usePageParam(param = 'page'): [number, SetPage] {
  const router = useRouter();
  const raw = Number.parseInt(useLocation().query[param] ?? '', 10);
  const page = Number.isFinite(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback<SetPage>((next, options) => router.setQuery({ [param]: next }, options), [router, param]);
  return [page, setPage];
}
