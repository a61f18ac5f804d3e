export { ItemCount, Pagination, type ItemCountProps, type PaginationProps } from './pagination';
export { PAGE_SIZE, itemRange, pageCount, pageWindow } from './page-window';
export { usePageParam, type SetPage } from './use-page-param';
export { usePagedList, type Page, type PagedList, type PagedListOptions } from './use-paged-list';
