// What every entity importer works with: the portal transaction, the id record, the report, and whether the portal
// is fresh (nothing but what a first start makes), in which case its `main` organization and `admin` user are
// taken over by ManagementPortal's rows of the same name instead of being reported as conflicts.
import type { Queryable } from '../db/database';
import type { ImportMap } from './import-map';
import type { ImportReport } from './report';

export interface ImportContext {
  tx: Queryable;
  map: ImportMap;
  report: ImportReport;
  fresh: boolean;
  /** ManagementPortal subject id -> portal subject id, filled by the subject import. */
  subjectIds: Map<number, number>;
  progress: (text: string) => void;
}

/** Whether the portal holds only what a first start makes: no project, no user but `admin`, nothing imported. */
export async function portalIsFresh(tx: Queryable, map: ImportMap): Promise<boolean> {
  if (map.size > 0) return false;
  const [row] = await tx.query<{ fresh: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM project) AND NOT EXISTS (SELECT 1 FROM radar_user WHERE login <> 'admin')
        AND (SELECT count(*) FROM radar_organization) <= 1 AS fresh`,
  );
  return row.fresh === true;
}

/** JSON text with object keys sorted (arrays keep their order), so values compare whatever order they were built in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export const sameValues = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** Deep equality of plain values (objects compared by the keys of `a`), without building any text: the bulk
 * importers compare a hundred thousand rows this way. */
export function sameRows(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameRows(x, b[i]));
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key of Object.keys(x)) if (!sameRows(x[key], y[key])) return false;
  return true;
}

/** Attributes in a stable order, for comparing. */
export const sortedEntries = (attributes: Record<string, string | null>) =>
  Object.entries(attributes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, v ?? null] as [string, string | null]);
