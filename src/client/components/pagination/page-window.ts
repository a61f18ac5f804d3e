// Which page numbers the pager shows: at most `maxLinks`, centred on the current page where possible (ng-bootstrap's
// `rotate`), pages counted from 1.

export const PAGE_SIZE = 20;

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

export function pageWindow(page: number, pages: number, maxLinks = 5): number[] {
  const size = Math.min(maxLinks, pages);
  let start = Math.max(1, page - Math.floor(maxLinks / 2));
  start = Math.min(start, pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** First and last item numbers on a page, for "Showing 21 - 40 of 57 items" (0 - 0 when empty). */
export function itemRange(page: number, total: number, pageSize = PAGE_SIZE): { first: number; second: number } {
  if (total <= 0) return { first: 0, second: 0 };
  const first = Math.min((page - 1) * pageSize + 1, total);
  return { first, second: Math.min(page * pageSize, total) };
}
