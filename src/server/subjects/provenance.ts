// createdBy/createdDate and lastModifiedBy/lastModifiedDate of a subject (docs/subjects.md): there are no audit
// columns on the subject, so they come from its first and last recorded revision. A subject with no revision yet
// (bulk-seeded data) simply has no provenance fields (they are omitted, not null).
import type { Queryable } from '../db/database';
import { ONE_CHANGE_CTES, oneChangeParams, type EntityChange } from '../revisions/record';

export interface Provenance {
  createdBy?: string;
  createdDate?: string;
  lastModifiedBy?: string;
  lastModifiedDate?: string;
}

interface EdgesRow {
  first_author: string;
  first_timestamp: Date | string;
  last_author: string;
  last_timestamp: Date | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const edge = (subjectIdSql: string, direction: 'ASC' | 'DESC') => `(SELECT r.author, r.timestamp FROM revision_change c JOIN revision r ON r.id = c.revision_id
   WHERE c.entity_kind = 'subject' AND c.entity_id = ${subjectIdSql} ORDER BY c.revision_id ${direction} LIMIT 1)`;

const sql = (subjectIdSql: string) => `SELECT f.author AS first_author, f.timestamp AS first_timestamp, l.author AS last_author, l.timestamp AS last_timestamp
  FROM ${edge(subjectIdSql, 'ASC')} f, ${edge(subjectIdSql, 'DESC')} l`;
const BY_ID = sql('$1');
const BY_LOGIN = sql('(SELECT id FROM subject WHERE login = $1::text)');

// The subject's change recorded (record.ts) and its provenance read in the same statement: the statement does not see
// the revision it writes, so the first edge is the subject's first earlier revision or else this one, and the last
// edge is this one (the newest: a subject's writes hold its row lock, or the subject is new).
const RECORD_AND_READ = `WITH ${ONE_CHANGE_CTES}
SELECT coalesce(f.author, rev.author) AS first_author, coalesce(f.timestamp, rev.timestamp) AS first_timestamp,
       rev.author AS last_author, rev.timestamp AS last_timestamp
  FROM rev LEFT JOIN LATERAL ${edge('$3::bigint', 'ASC')} f ON true`;

/** Records the subject's change in a revision of its own and answers the provenance that leaves it with. */
export function recordSubjectChange(q: Queryable, author: string, change: EntityChange & { kind: 'subject' }): Promise<Provenance> {
  return provenanceOf(q.query<EdgesRow>(RECORD_AND_READ, oneChangeParams(author, change)));
}

export function loadProvenance(q: Queryable, subjectId: number): Promise<Provenance> {
  return provenanceOf(q.query<EdgesRow>(BY_ID, [subjectId]));
}

/** The provenance of the subject with this login (none when there is no such subject). */
export function loadProvenanceByLogin(q: Queryable, login: string): Promise<Provenance> {
  return provenanceOf(q.query<EdgesRow>(BY_LOGIN, [login]));
}

async function provenanceOf(query: Promise<EdgesRow[]>): Promise<Provenance> {
  const [row] = await query;
  if (!row) return {};
  return {
    createdBy: row.first_author,
    createdDate: iso(row.first_timestamp),
    lastModifiedBy: row.last_author,
    lastModifiedDate: iso(row.last_timestamp),
  };
}
