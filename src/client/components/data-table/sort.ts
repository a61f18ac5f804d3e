// Sort state as the URL and the API write it: `sort=field,asc` / `sort=field,desc`. Lists paged by
// the server send a second `sort=id` as a tie-breaker; lists sorted in the browser use compareRows.

export interface SortState {
  field: string;
  ascending: boolean;
}

/** `login,desc` -> { field: 'login', ascending: false }; a bare field is ascending; '' or nothing is null. */
export function parseSort(text: string | null | undefined): SortState | null {
  const [field, direction = 'asc'] = (text ?? '').split(',').map((part) => part.trim());
  if (!field) return null;
  return { field, ascending: direction.toLowerCase() !== 'desc' };
}

export function formatSort(sort: SortState): string {
  return `${sort.field},${sort.ascending ? 'asc' : 'desc'}`;
}

/** The `sort` query values for a server-paged list: the chosen sort, then the tie-breaker unless it is the same field. */
export function sortQuery(sort: SortState, tieBreaker = 'id'): string[] {
  return sort.field === tieBreaker ? [formatSort(sort)] : [formatSort(sort), tieBreaker];
}

/**
 * `sort` when the list can sort on its field, else `fallback`: the URL's `sort` may be another list's (a tab that
 * shares the query), and the server answers 400 to a property it does not know.
 */
export function knownSort(sort: SortState | null, fields: readonly string[], fallback: SortState): SortState {
  return sort && fields.includes(sort.field) ? sort : fallback;
}

/** Clicking a header: the same field flips direction, another field starts ascending. */
export function toggleSort(current: SortState | null, field: string): SortState {
  return current?.field === field ? { field, ascending: !current.ascending } : { field, ascending: true };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1; // empty values last, either direction
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Reads a dotted path (`sourceType.model`) for client-side sorting. */
export function fieldValue(row: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], row);
}

/** A sorted copy for lists sorted in the browser (organizations, source types); stable for equal values. */
export function sortRows<T>(rows: readonly T[], sort: SortState | null, value: (row: T, field: string) => unknown = fieldValue): T[] {
  if (!sort) return [...rows];
  const direction = sort.ascending ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row, sort.field) }))
    .sort((a, b) => {
      const emptyA = a.key === null || a.key === undefined || a.key === '';
      const emptyB = b.key === null || b.key === undefined || b.key === '';
      const order = emptyA || emptyB ? compareValues(a.key, b.key) : direction * compareValues(a.key, b.key);
      return order || a.index - b.index;
    })
    .map((entry) => entry.row);
}
