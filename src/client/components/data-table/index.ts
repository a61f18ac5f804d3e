export { DataTable, Truncated, type Column, type DataTableProps } from './data-table';
export { useSortParam, type SortParamOptions } from './use-sort-param';
export { fieldValue, formatSort, knownSort, parseSort, sortQuery, sortRows, toggleSort, type SortState } from './sort';
