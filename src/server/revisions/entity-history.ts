// The history of one entity as RevisionDTOs: every recorded change of that entity, paged, found by its
// kind plus id or key (the key keeps a deleted entity's history findable by login or name). Used by
// GET api/subjects/{login}/revisions and any other per-entity history:
//
//   const pageable = parsePageable(ctx.query, { defaultSize: 20, sortable: HISTORY_SORT_COLUMNS });
//   const { total, items } = await listEntityHistory(db, { kind: 'subject', key: login }, pageable);
//   return ok(items, pagingHeaders(`/subjects/${encodeSegment(login)}/revisions`, pageable, total));
import type { RevisionDTO, RevisionType } from '../../common/dto';
import type { Queryable } from '../db/database';
import { limitClause, orderByClause, type Pageable } from '../http/paging';
import type { EntityKind } from './record';

export interface EntityRef {
  kind: EntityKind;
  /** Matched against the recorded entity id when given ... */
  id?: number;
  /** ... else against the recorded key (login, project name, ...). */
  key?: string;
}

/**
 * Sortable properties over the joined revision `r` and change `c`. Callers may extend it with their own names for
 * the same columns (e.g. `{ ...HISTORY_SORT_COLUMNS, 'user.login': 'c.entity_key' }`).
 */
export const HISTORY_SORT_COLUMNS: Readonly<Record<string, string>> = {
  id: 'r.id',
  timestamp: 'r.timestamp',
  author: 'r.author',
  auditor: 'r.author',
  revisionType: 'c.change_type',
};

interface HistoryRow {
  revision_id: number;
  timestamp: Date;
  author: string;
  change_type: RevisionType;
  snapshot: unknown;
}

function match(ref: EntityRef, params: unknown[]): string {
  if (ref.id === undefined && ref.key === undefined) throw new Error('entity history needs an id or a key');
  params.push(ref.kind, ref.id ?? ref.key);
  return ref.id !== undefined ? 'c.entity_kind = $1 AND c.entity_id = $2' : 'c.entity_kind = $1 AND c.entity_key = $2';
}

function toRevisionDTO<T>(row: HistoryRow): RevisionDTO<T> {
  return { id: row.revision_id, timestamp: row.timestamp.toISOString(), author: row.author, entity: row.snapshot as T, revisionType: row.change_type };
}

const SELECT = `SELECT r.id AS revision_id, r.timestamp, r.author, c.change_type, c.snapshot
                  FROM revision_change c JOIN revision r ON r.id = c.revision_id`;

/** One page of the entity's changes (default order: oldest first) and their total count. */
export async function listEntityHistory<T = unknown>(
  db: Queryable,
  ref: EntityRef,
  pageable: Pageable,
): Promise<{ total: number; items: RevisionDTO<T>[] }> {
  const params: unknown[] = [];
  const where = match(ref, params);
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM revision_change c WHERE ${where}`, params);
  const sql = `${SELECT} WHERE ${where} ${orderByClause(pageable, 'c.id')} ${limitClause(pageable, params)}`;
  const rows = await db.query<HistoryRow>(sql, params);
  return { total, items: rows.map((r) => toRevisionDTO<T>(r)) };
}

/**
 * The entity as it stood at revision `revisionId`: its latest change at or before that revision (so asking for a
 * revision in which it did not change still answers its state then). Undefined when it did not exist yet.
 */
export async function entityAtRevision<T = unknown>(db: Queryable, ref: EntityRef, revisionId: number): Promise<RevisionDTO<T> | undefined> {
  const params: unknown[] = [];
  const where = match(ref, params);
  params.push(revisionId);
  const rows = await db.query<HistoryRow>(
    `${SELECT} WHERE ${where} AND c.revision_id <= $${params.length} ORDER BY c.revision_id DESC, c.id DESC LIMIT 1`,
    params,
  );
  return rows[0] && toRevisionDTO<T>(rows[0]);
}
