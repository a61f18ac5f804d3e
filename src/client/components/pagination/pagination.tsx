// The pager of server-paged lists: first/last boundary links, previous/next, at most five page links,
// small; plus the item count line. Hidden when everything fits on one page.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { PAGE_SIZE, itemRange, pageCount, pageWindow } from './page-window';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  total: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  maxLinks?: number;
}

function PageButton(props: { page: number; label: ReactNode; ariaLabel: string; disabled?: boolean; current?: boolean; onSelect: (page: number) => void }): ReactNode {
  const { page, label, ariaLabel, disabled = false, current = false, onSelect } = props;
  return (
    <li className={`pagination__item${current ? ' pagination__item--current' : ''}`}>
      <button
        type="button"
        className="pagination__link"
        aria-label={ariaLabel}
        aria-current={current ? 'page' : undefined}
        disabled={disabled}
        onClick={() => onSelect(page)}
      >
        {label}
      </button>
    </li>
  );
}

export function Pagination({ page, total, pageSize = PAGE_SIZE, onPageChange, maxLinks = 5 }: PaginationProps): ReactNode {
  const t = useT();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const go = (next: number) => {
    if (next !== current) onPageChange(next);
  };
  return (
    <nav className="pagination" aria-label={t('global.pagination.label')}>
      <ul className="pagination__list">
        <PageButton page={1} label="«" ariaLabel={t('global.pagination.first')} disabled={current === 1} onSelect={go} />
        <PageButton page={current - 1} label="‹" ariaLabel={t('global.pagination.previous')} disabled={current === 1} onSelect={go} />
        {pageWindow(current, pages, maxLinks).map((n) => (
          <PageButton key={n} page={n} label={n} ariaLabel={t('global.pagination.page', { page: n })} current={n === current} onSelect={go} />
        ))}
        <PageButton page={current + 1} label="›" ariaLabel={t('global.pagination.next')} disabled={current === pages} onSelect={go} />
        <PageButton page={pages} label="»" ariaLabel={t('global.pagination.last')} disabled={current === pages} onSelect={go} />
      </ul>
    </nav>
  );
}

export interface ItemCountProps {
  page: number;
  total: number;
  pageSize?: number;
}

/** "Showing 1 - 20 of 57 items". */
export function ItemCount({ page, total, pageSize = PAGE_SIZE }: ItemCountProps): ReactNode {
  const t = useT();
  const { first, second } = itemRange(page, total, pageSize);
  return <p className="item-count">{t('global.itemCount', { first, second, total })}</p>;
}
