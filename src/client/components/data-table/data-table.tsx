// A table with sortable headers. The sort lives in the URL (`?sort=field,asc`) unless the caller controls it; the
// header is a button so it works by keyboard, and `aria-sort` tells assistive technology the current order.
import { useRef, type ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { toggleSort, type SortState } from './sort';
import { useSortParam } from './use-sort-param';
import { useScrollsSideways } from './use-scrolls-sideways';

export interface Column<T> {
  /** Unique per table. */
  key: string;
  header: ReactNode;
  /** Makes the header sortable by this field (the API's sort property). */
  sortField?: string;
  /** The cell; defaults to `String(row[key])`. */
  render?: (row: T, index: number) => ReactNode;
  className?: string;
  /** Cuts a long text value short (on one line, with an ellipsis), its full text in the title. */
  truncate?: boolean;
}

/** A text cut short with an ellipsis; the full text is its title, and it unfolds while its row holds the focus. */
export function Truncated({ text, max }: { text: string; max?: string }): ReactNode {
  return (
    <span className="truncated" title={text} style={max ? { maxWidth: max } : undefined}>
      {text}
    </span>
  );
}

function cellContent<T>(column: Column<T>, row: T, index: number): ReactNode {
  const content = column.render ? column.render(row, index) : String((row as Record<string, unknown>)[column.key] ?? '');
  return column.truncate && typeof content === 'string' && content !== '' ? <Truncated text={content} /> : content;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Used while the URL has no `sort` yet. */
  defaultSort?: SortState | null;
  /** Controlled sort: pass both to keep the sort out of the URL. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /** Query key for the URL sort (default `sort`). */
  sortParam?: string;
  caption?: ReactNode;
  /** Shown in place of rows when there are none (default: the "no results" text). */
  empty?: ReactNode;
  loading?: boolean;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
}

function SortIndicator({ direction }: { direction: 'ascending' | 'descending' | 'none' }): ReactNode {
  const symbol = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <span className={`data-table__sort-icon data-table__sort-icon--${direction}`} aria-hidden="true">
      {symbol}
    </span>
  );
}

export function DataTable<T>(props: DataTableProps<T>): ReactNode {
  const { columns, rows, rowKey, caption, loading = false, rowClassName, className } = props;
  const t = useT();
  const [urlSort, setUrlSort] = useSortParam(props.defaultSort ?? null, { param: props.sortParam });
  const controlled = props.onSortChange !== undefined;
  const sort = controlled ? props.sort ?? null : urlSort;
  const changeSort = controlled ? props.onSortChange! : setUrlSort;
  const box = useRef<HTMLDivElement>(null);
  // Scrolling sideways, the box takes focus (and a name) so the keyboard can scroll it; a group, not a region: a page
  // with two such tables would otherwise have two landmarks of one name.
  const scrolls = useScrollsSideways(box);

  return (
    <div
      ref={box}
      className={`data-table${className ? ` ${className}` : ''}`}
      {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-label': t('global.table.scrolls') } : {})}
    >
      <table className="data-table__table" aria-busy={loading}>
        {caption && <caption className="data-table__caption">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = column.sortField !== undefined && sort?.field === column.sortField;
              const direction = sorted ? (sort!.ascending ? 'ascending' : 'descending') : 'none';
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={`data-table__header${column.className ? ` ${column.className}` : ''}`}
                  aria-sort={column.sortField ? direction : undefined}
                >
                  {column.sortField ? (
                    <button type="button" className="data-table__sort" onClick={() => changeSort(toggleSort(sort, column.sortField!))}>
                      {column.header}
                      <SortIndicator direction={direction} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="data-table__row data-table__row--empty">
              <td className="data-table__cell" colSpan={columns.length}>
                {loading ? t('global.loading') : props.empty ?? t('global.noResults')}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row)} className={`data-table__row${rowClassName?.(row) ? ` ${rowClassName(row)}` : ''}`}>
                {columns.map((column) => (
                  <td key={column.key} className={`data-table__cell${column.className ? ` ${column.className}` : ''}`}>
                    {cellContent(column, row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
