// Sort normalisation of the subject lists (docs/subjects.md): `sort` is repeatable and each value may be a comma
// list of properties (`id`, `externalId`, `login`, `lastSeen`, matched case-insensitively) each optionally followed by `asc`/`desc`.
// Duplicates are dropped, everything after the first unique key (`id` or `login`) is dropped, and `id asc` is
// appended when no unique key is present, so every order is total and a keyset cursor is exact.
import { apiError } from '../http/errors';

export type SortProperty = 'id' | 'login' | 'externalId' | 'lastSeen';
type Direction = 'asc' | 'desc';

export interface SortKey {
  property: SortProperty;
  direction: Direction;
}

const PROPERTIES: Record<string, SortProperty> = { id: 'id', login: 'login', externalid: 'externalId', lastseen: 'lastSeen' };
const UNIQUE: ReadonlySet<SortProperty> = new Set(['id', 'login']);

export const DEFAULT_SORT: readonly SortKey[] = [{ property: 'id', direction: 'asc' }];

function badSort(value: string) {
  return apiError(400, 'error.validation', 'subject', `Cannot convert sort parameter ${value} to a subject property`, { sort: value });
}

/** Splits the raw values into (property, direction) pairs in request order. */
function parseRaw(values: readonly string[]): SortKey[] {
  const keys: SortKey[] = [];
  for (const value of values) {
    const tokens = value.split(',').map((t) => t.trim()).filter(Boolean);
    if (!tokens.length) throw badSort(value);
    for (let i = 0; i < tokens.length; i++) {
      const property = PROPERTIES[tokens[i].toLowerCase()];
      if (!property) throw badSort(value);
      const next = tokens[i + 1]?.toLowerCase();
      const direction: Direction = next === 'desc' ? 'desc' : 'asc';
      if (next === 'asc' || next === 'desc') i++;
      keys.push({ property, direction });
    }
  }
  return keys;
}

/** The normalised order; `DEFAULT_SORT` when no sort was given. Unknown properties are a 400. */
export function normalizeSort(values: readonly string[]): SortKey[] {
  if (!values.length) return [...DEFAULT_SORT];
  const seen = new Set<SortProperty>();
  const keys: SortKey[] = [];
  for (const key of parseRaw(values)) {
    if (seen.has(key.property)) continue;
    seen.add(key.property);
    keys.push(key);
    if (UNIQUE.has(key.property)) return keys;
  }
  keys.push({ property: 'id', direction: 'asc' });
  return keys;
}
