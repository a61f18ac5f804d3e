// RevisionInfoDTO: a revision with every change recorded in it, grouped by change type and then by
// entity kind. A page of revisions takes three queries whatever its size: the count, the page, and all their changes.
import type { RevisionEntityKind, RevisionInfoDTO, RevisionType } from '../../common/dto';
import type { Queryable } from '../db/database';
import { limitClause, orderByClause, type Pageable } from '../http/paging';

/** Sortable properties of GET api/revisions (`auditor` is ManagementPortal's name for the author). */
export const REVISION_SORT_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id',
  timestamp: 'timestamp',
  author: 'author',
  auditor: 'author',
};

interface RevisionRow {
  id: number;
  timestamp: Date;
  author: string;
}

interface ChangeRow {
  revision_id: number;
  entity_kind: RevisionEntityKind;
  change_type: RevisionType;
  snapshot: unknown;
}

/** `java.util.Date` as ManagementPortal serialises it: `yyyy-MM-dd'T'HH:mm:ss.SSS+00:00`. */
function revisionTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

async function withChanges(db: Queryable, revisions: RevisionRow[]): Promise<RevisionInfoDTO[]> {
  if (!revisions.length) return [];
  const changes = await db.query<ChangeRow>(
    `SELECT revision_id, entity_kind, change_type, snapshot FROM revision_change
      WHERE revision_id = ANY($1::bigint[]) ORDER BY revision_id, id`,
    [revisions.map((r) => r.id)],
  );
  const byRevision = new Map<number, RevisionInfoDTO>();
  const result = revisions.map((r) => {
    const dto: RevisionInfoDTO = { id: r.id, timestamp: revisionTimestamp(r.timestamp), author: r.author, changes: { ADD: {}, MOD: {}, DEL: {} } };
    byRevision.set(r.id, dto);
    return dto;
  });
  for (const c of changes) {
    const group = byRevision.get(c.revision_id)!.changes[c.change_type];
    (group[c.entity_kind] ??= []).push(c.snapshot);
  }
  return result;
}

/** One page of revisions and the total count. */
export async function listRevisions(db: Queryable, pageable: Pageable): Promise<{ total: number; items: RevisionInfoDTO[] }> {
  const [{ total }] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM revision');
  const params: unknown[] = [];
  const sql = `SELECT id, timestamp, author FROM revision ${orderByClause(pageable, 'id')} ${limitClause(pageable, params)}`;
  const rows = await db.query<RevisionRow>(sql, params);
  return { total, items: await withChanges(db, rows) };
}

export async function findRevision(db: Queryable, id: number): Promise<RevisionInfoDTO | undefined> {
  const rows = await db.query<RevisionRow>('SELECT id, timestamp, author FROM revision WHERE id = $1', [id]);
  return (await withChanges(db, rows))[0];
}
