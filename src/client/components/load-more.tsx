// The footer of a "load more" list (the subject list's keyset paging): a button while more exist, a note once all
// results are shown. While a load is on its way and nothing more is known, neither: "All 0 results loaded" would
// claim an empty list before (or after a failed) answer.
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n-react';

export interface LoadMoreProps {
  /** Items on screen. */
  shown: number;
  /** Items in total (X-Total-Count). */
  total: number;
  /** Disables the button while a page is on its way. */
  loading?: boolean;
  onLoadMore: () => void;
}

export function LoadMore({ shown, total, loading = false, onLoadMore }: LoadMoreProps): ReactNode {
  const t = useT();
  if (shown >= total && loading) return null;
  if (shown >= total) {
    return <p className="load-more load-more--done">{t('global.loadMore.all', { total })}</p>;
  }
  return (
    <div className="load-more">
      <button type="button" className="button button--secondary" disabled={loading} aria-busy={loading} onClick={onLoadMore}>
        {t('global.loadMore.more', { shown, total })}
      </button>
    </div>
  );
}
