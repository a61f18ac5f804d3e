// Spring `Pageable` for every paginated list (docs/api-conventions.md, "Paging"): `page` (zero-based, negative → 0), `size`
// (below 1 → the endpoint's default, above 2000 → 2000), repeatable `sort=property[,property...][,asc|desc]` over a
// whitelist the endpoint names, and the X-Total-Count + Link headers in the exact format the clients parse.
// Unlike the original, a non-numeric page or size and an unknown sort property are a 400 with field errors.
import type { FieldErrorVM } from '../../common/dto';
import { validationFailed } from './errors';

export const MAX_PAGE_SIZE = 2000;
const MAX_PAGE = 2147483647; // Java's Integer.MAX_VALUE, as Spring clamps it

export type SortDirection = 'ASC' | 'DESC';

export interface SortOrder {
  property: string;
  /** The SQL expression the property maps to (from the endpoint's whitelist, never from the request). */
  column: string;
  direction: SortDirection;
}

export interface Pageable {
  page: number;
  size: number;
  sort: SortOrder[];
}

export interface PageableOptions {
  /** Size when the request names none (or one below 1); clamped to MAX_PAGE_SIZE ("unlimited" endpoints pass it). */
  defaultSize: number;
  /** Sortable property name → SQL expression. */
  sortable: Readonly<Record<string, string>>;
  /** Applied when the request names no sort. */
  defaultSort?: { property: string; direction?: SortDirection }[];
}

const fieldError = (field: string, message: string): FieldErrorVM => ({ objectName: 'pageable', field, message });

function wholeNumber(raw: string | null, field: string, errors: FieldErrorVM[]): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  if (!/^[+-]?\d+$/.test(raw.trim())) {
    errors.push(fieldError(field, 'TypeMismatch: must be a whole number'));
    return undefined;
  }
  return Math.min(Number(raw.trim()), MAX_PAGE);
}

function parseSort(values: string[], sortable: PageableOptions['sortable'], errors: FieldErrorVM[]): SortOrder[] {
  const orders: SortOrder[] = [];
  for (const value of values) {
    // Spring reads `a,b,desc` as a and b descending: a trailing direction applies to every property before it.
    const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
    let direction: SortDirection = 'ASC';
    const last = parts[parts.length - 1]?.toUpperCase();
    if (last === 'ASC' || last === 'DESC') {
      direction = last;
      parts.pop();
    }
    for (const property of parts) {
      const column = Object.hasOwn(sortable, property) ? sortable[property] : undefined;
      if (column) orders.push({ property, column, direction });
      else errors.push(fieldError('sort', `UnknownProperty: cannot sort on "${property}"`));
    }
  }
  return orders;
}

/** Reads page, size and sort from the query; throws one 400 naming every bad parameter. */
export function parsePageable(query: URLSearchParams, options: PageableOptions): Pageable {
  const errors: FieldErrorVM[] = [];
  const page = Math.max(0, wholeNumber(query.get('page'), 'page', errors) ?? 0);
  const requested = wholeNumber(query.get('size'), 'size', errors);
  const size = Math.min(MAX_PAGE_SIZE, requested !== undefined && requested >= 1 ? requested : options.defaultSize);
  let sort = parseSort(query.getAll('sort'), options.sortable, errors);
  if (errors.length) throw validationFailed('pageable', errors);
  if (!sort.length && options.defaultSort) {
    sort = options.defaultSort.map((s) => ({
      property: s.property,
      column: options.sortable[s.property],
      direction: s.direction ?? 'ASC',
    }));
  }
  return { page, size, sort };
}

/** `ORDER BY ...` ending with `tiebreak` (a unique column), so consecutive pages never overlap or skip rows. */
export function orderByClause(pageable: Pageable, tiebreak: string): string {
  const parts = pageable.sort.map((s) => `${s.column} ${s.direction}`);
  if (!pageable.sort.some((s) => s.column === tiebreak)) parts.push(`${tiebreak} ASC`);
  return `ORDER BY ${parts.join(', ')}`;
}

/** `LIMIT $a OFFSET $b`, appending the two values to `params`. */
export function limitClause(pageable: Pageable, params: unknown[]): string {
  params.push(pageable.size, pageable.page * pageable.size);
  return `LIMIT $${params.length - 1} OFFSET $${params.length}`;
}

/**
 * X-Total-Count and Link (JHipster's PaginationUtil): next (if any), prev (if page > 0), last, first; entries joined
 * by a bare comma. `base` is the path below the base path, e.g. `/api/users` (segments encoded with encodeSegment).
 */
export function pagingHeaders(base: string, pageable: Pageable, total: number): Record<string, string> {
  const { page, size } = pageable;
  const totalPages = Math.ceil(total / size);
  const last = Math.max(totalPages - 1, 0);
  const link = (p: number, rel: string) => `<${base}?page=${p}&size=${size}>; rel="${rel}"`;
  const entries: string[] = [];
  if (page + 1 < totalPages) entries.push(link(page + 1, 'next'));
  if (page > 0) entries.push(link(page - 1, 'prev'));
  entries.push(link(last, 'last'), link(0, 'first'));
  return { 'X-Total-Count': String(total), Link: entries.join(',') };
}

/** A path segment as Java's URLEncoder writes it (form encoding: space → `+`; only `A-Za-z0-9.-*_` stay as they are). */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
