// Who created a ManagementPortal user or subject, and when, and who changed it last: ManagementPortal keeps this
// only in its Hibernate Envers history since 2018 (the entity tables lost their created_by ... columns then). Every
// audited write adds a row to the entity's `*_aud` table at a revision (`rev`, a row of `_revisions_info` with the
// `auditor` and `timestamp`); `revtype` 0 is the insert, 1 an update, 2 a delete. The creation is the entity's
// revtype-0 row, the last change its latest row. A database without that history (or an entity created before it
// was switched on) yields nothing for the entity, and the importer says so by leaving the fields empty.
import type { Queryable } from '../db/database';
import type { MpSchema } from './mp-schema';

export interface EnversProvenance {
  createdBy: string | null;
  createdDate: string | null;
  lastModifiedBy: string | null;
  lastModifiedDate: string | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** `_revisions_info.timestamp` as ISO text in UTC: a `timestamp` in ManagementPortal 0.5 and later, Envers' default
 * epoch milliseconds (bigint) in a database set up by hand. */
function revisionTime(schema: MpSchema): string {
  const type = schema.typeOf('_revisions_info', 'timestamp') ?? '';
  const value = /int|numeric/.test(type) ? `to_timestamp(r."timestamp" / 1000.0) AT TIME ZONE 'UTC'` : `r."timestamp"::timestamp`;
  return `to_char(${value}, ${ISO})`;
}

/** Provenance per entity id from `table` (e.g. `radar_user_aud`); empty when the database has no such history. */
export async function readProvenance(tx: Queryable, schema: MpSchema, table: string): Promise<Map<number, EnversProvenance>> {
  const byId = new Map<number, EnversProvenance>();
  if (!schema.has(table) || !schema.has('_revisions_info')) return byId;
  const time = revisionTime(schema);
  const rows = await tx.query<Record<string, any>>(
    `SELECT coalesce(c.id, m.id) AS id, c.auditor AS created_by, c.at AS created_date, m.auditor AS modified_by, m.at AS modified_date
       FROM (SELECT DISTINCT ON (a.id) a.id, r.auditor, ${time} AS at
               FROM ${table} a JOIN _revisions_info r ON r.id = a.rev WHERE a.revtype = 0 ORDER BY a.id, a.rev) c
       FULL JOIN (SELECT DISTINCT ON (a.id) a.id, r.auditor, ${time} AS at
               FROM ${table} a JOIN _revisions_info r ON r.id = a.rev ORDER BY a.id, a.rev DESC) m ON m.id = c.id`,
  );
  for (const r of rows) {
    byId.set(Number(r.id), {
      createdBy: r.created_by ?? null, createdDate: r.created_date ?? null, lastModifiedBy: r.modified_by ?? null, lastModifiedDate: r.modified_date ?? null,
    });
  }
  return byId;
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a <= b ? a : b);
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a >= b ? a : b);

/** A subject is its user row and its subject row, created together and changed apart: the earliest creation and
 * the latest change of the two. */
export function mergeProvenance(a: EnversProvenance | undefined, b: EnversProvenance | undefined): EnversProvenance | undefined {
  if (!a || !b) return a ?? b;
  const createdDate = earlier(a.createdDate, b.createdDate);
  const lastModifiedDate = later(a.lastModifiedDate, b.lastModifiedDate);
  return {
    createdDate, createdBy: createdDate === a.createdDate ? a.createdBy ?? b.createdBy : b.createdBy ?? a.createdBy,
    lastModifiedDate, lastModifiedBy: lastModifiedDate === a.lastModifiedDate ? a.lastModifiedBy ?? b.lastModifiedBy : b.lastModifiedBy ?? a.lastModifiedBy,
  };
}
