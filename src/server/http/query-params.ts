// Query parameters read by a handler's own parser (routes whose parseQuery is strict about unknown parameters): a
// value that does not parse is a 400 naming the parameter (ManagementPortal answered an ErrorVM with status 200).
import { badRequest } from './errors';

/** Absent or empty → `fallback`; `true`/`false` (any case) → the value; anything else → 400. */
export function booleanParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (raw.toLowerCase() === 'true') return true;
  if (raw.toLowerCase() === 'false') return false;
  throw badRequest(`${name}: must be true or false, got "${raw}"`);
}
