// Every write records, in the same transaction, one revision (number, timestamp, author) with a change per entity it
// touched: ADD, MOD or DEL, the entity kind, its id, a lookup key (login or name) and a snapshot of its DTO (after
// the change; before it, for a delete). An entity takes part by naming its kind: nothing else per entity.
import type { Queryable } from '../db/database';

export type EntityKind = 'subject' | 'project' | 'source' | 'sourcetype' | 'sourcedata' | 'user' | 'role' | 'organization';
export type ChangeType = 'ADD' | 'MOD' | 'DEL';

export interface EntityChange {
  kind: EntityKind;
  id: number;
  /** The entity's natural key (login, project name, ...) so history stays findable after a delete. */
  key?: string;
  type: ChangeType;
  snapshot: unknown;
}

/**
 * The revision of one change and the change, as the CTEs `rev` (its id, author and timestamp) and `change` of a
 * statement whose parameters $1-$6 are oneChangeParams: a statement can record the usual single change and read what
 * follows from it at once (subjects/provenance.ts).
 */
export const ONE_CHANGE_CTES = `rev AS (INSERT INTO revision (author) VALUES ($1) RETURNING id, author, timestamp),
  change AS (INSERT INTO revision_change (revision_id, entity_kind, entity_id, entity_key, change_type, snapshot)
             SELECT rev.id, $2::text, $3::bigint, $4::text, $5::text, $6::text::jsonb FROM rev RETURNING revision_id)`;

// `::text::jsonb`, not `::jsonb`: postgres.js JSON-encodes a parameter it knows to be jsonb once more, which would
// store every snapshot as a JSON string; as text both drivers pass the JSON through unchanged.
export const oneChangeParams = (author: string, c: EntityChange): unknown[] =>
  [author, c.kind, c.id, c.key ?? null, c.type, JSON.stringify(c.snapshot ?? null)];

/** Records a revision with its changes in the caller's transaction and answers the revision number. */
export async function recordRevision(tx: Queryable, author: string, changes: EntityChange[]): Promise<number> {
  if (changes.length === 1) {
    // The usual single change: the revision and its change in one statement.
    const [row] = await tx.query<{ revision_id: number }>(`WITH ${ONE_CHANGE_CTES} SELECT revision_id FROM change`, oneChangeParams(author, changes[0]));
    return row.revision_id;
  }
  const [rev] = await tx.query<{ id: number }>('INSERT INTO revision (author) VALUES ($1) RETURNING id', [author]);
  for (const c of changes) {
    // `::text::jsonb`: see oneChangeParams.
    await tx.query(
      'INSERT INTO revision_change (revision_id, entity_kind, entity_id, entity_key, change_type, snapshot) VALUES ($1, $2, $3, $4, $5, $6::text::jsonb)',
      [rev.id, c.kind, c.id, c.key ?? null, c.type, JSON.stringify(c.snapshot ?? null)],
    );
  }
  return rev.id;
}

/** The author of a change: the signed-in login, or `system` (start-up, seed, client-credentials calls). */
export function authorOf(principal: { login?: string } | undefined): string {
  return principal?.login ?? 'system';
}
