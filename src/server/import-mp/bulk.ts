// Many rows in few statements: rows travel as one JSON array parameter, unpacked by json_to_recordset, in chunks.
// The same SQL runs on PGlite and PostgreSQL, and a chunk of thousands of rows costs one round trip.
import type { Queryable } from '../db/database';

export const CHUNK = 5000;

/** `columns`: "name type" pairs, e.g. [['id', 'bigint'], ['login', 'text']]. */
export const recordset = (columns: [string, string][]) =>
  `json_to_recordset($1::text::json) AS x(${columns.map(([n, t]) => `"${n}" ${t}`).join(', ')})`;

/** Runs `sql` (which reads `recordset(columns)` via $1) once per chunk of rows and answers all returned rows.
 * `progress` hears the number of rows written after each chunk of a long run. */
export async function inChunks<T>(tx: Queryable, sql: string, rows: object[], chunk = CHUNK, progress?: (done: number, total: number) => void): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    out.push(...(await tx.query<T>(sql, [JSON.stringify(rows.slice(i, i + chunk))])));
    if (rows.length > chunk) progress?.(Math.min(i + chunk, rows.length), rows.length);
  }
  return out;
}
