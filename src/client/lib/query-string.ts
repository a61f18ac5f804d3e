// Query-string encoding shared by the HTTP client and the router.
// Nested filter objects are flattened with dots (`last.id=..`), arrays repeat the key, and empty values are
// left out, which is how the portal's list endpoints expect their filters.

export type QueryPrimitive = string | number | boolean | Date | null | undefined;
export type QueryValue = QueryPrimitive | readonly QueryValue[] | QueryObject;
export interface QueryObject {
  readonly [key: string]: QueryValue;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function primitiveToString(value: Exclude<QueryPrimitive, null | undefined>): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Flattens a query object into ordered key/value pairs. */
export function flattenQuery(query: QueryObject | undefined, prefix = ''): [string, string][] {
  const pairs: [string, string][] = [];
  if (!query) return pairs;
  const add = (key: string, value: QueryValue): void => {
    if (isEmpty(value)) return;
    if (Array.isArray(value)) {
      for (const item of value) add(key, item);
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      pairs.push(...flattenQuery(value as QueryObject, `${key}.`));
    } else {
      pairs.push([key, primitiveToString(value as Exclude<QueryPrimitive, null | undefined>)]);
    }
  };
  for (const [key, value] of Object.entries(query)) add(prefix + key, value);
  return pairs;
}

/**
 * encodeURIComponent, but keeps the characters Angular's codec keeps readable in a query (`sort=login,asc`,
 * `a@b.c`, `10:00`), so URLs look like the original client's.
 */
export function encodeQueryPart(text: string): string {
  return encodeURIComponent(text)
    .replace(/%40/g, '@')
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%2F/gi, '/');
}

/** `{ size: 20, last: { id: 3 } }` -> `size=20&last.id=3` (no leading `?`). */
export function toQueryString(query: QueryObject | undefined): string {
  return flattenQuery(query)
    .map(([key, value]) => `${encodeQueryPart(key)}=${encodeQueryPart(value)}`)
    .join('&');
}

/** Appends a query to a URL that may already carry one. */
export function appendQuery(url: string, query: QueryObject | undefined): string {
  const qs = toQueryString(query);
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

/** Parses `a=1&b=x+y` (with or without `?`); a repeated key keeps its first value. */
export function parseQueryString(search: string): Record<string, string> {
  const result: Record<string, string> = {};
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  for (const [key, value] of params) {
    if (!(key in result)) result[key] = value;
  }
  return result;
}
