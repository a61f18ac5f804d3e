// The current page, kept 1-based in the URL query (`?page=2`), as the original client shows it; the API wants it
// 0-based (`page - 1`).
import { useCallback } from 'react';
import { useLocation, useRouter } from '../../lib/router-react';

/** [page (1 when absent or invalid), setter]. Page 1 is written too, so Back returns to the page before. */
export function usePageParam(param = 'page'): [number, (page: number) => void] {
  const router = useRouter();
  const raw = Number.parseInt(useLocation().query[param] ?? '', 10);
  const page = Number.isFinite(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback((next: number) => router.setQuery({ [param]: next }), [router, param]);
  return [page, setPage];
}
