// Who created an imported subject and when, and who changed it last, from ManagementPortal's Envers history
// (envers.ts), kept the way the portal keeps it for a subject: as revisions. The subjects API takes a subject's
// createdBy/createdDate from its first revision and lastModifiedBy/lastModifiedDate from its last
// (subjects/provenance.ts), and a subject has no audit columns; so each subject with history gets an ADD revision at
// MP's creation (its auditor and timestamp) and, when MP changed it later, a MOD revision at MP's last change. Their
// snapshots are the subject as imported (the state MP had at those moments is not carried over). Revisions are
// shared by the subjects of one auditor and timestamp, as MP's revisions were; all ADDs are written before the MODs,
// so a subject's creation always has the lower revision number. An Envers row without an auditor counts as `system`,
// the author the portal gives writes of nobody signed in.
import type { Queryable } from '../db/database';
import { PROJECT_SELECT, toProjectDTOs, type ProjectRow } from '../projects/project-dto';
import { subjectRow, subjectRowsOf, toSubjectDTO } from '../subjects/subject-select';
import { CHUNK } from './bulk';
import type { EnversProvenance } from './envers';

interface Entry {
  /** The portal's subject id. */
  id: number;
  history: EnversProvenance;
}

interface Change {
  id: number;
  author: string;
  at: string;
}

const AT = `to_char(timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Records the ADD and MOD revisions of the subjects that have history; answers how many subjects got them. */
export async function recordSubjectHistory(tx: Queryable, entries: Entry[]): Promise<number> {
  const adds: Change[] = [];
  const mods: Change[] = [];
  for (const { id, history: h } of entries) {
    const created = h.createdDate ?? h.lastModifiedDate;
    if (!created) continue;
    adds.push({ id, author: (h.createdDate ? h.createdBy : h.lastModifiedBy) ?? 'system', at: created });
    if (h.lastModifiedDate && h.lastModifiedDate > created) mods.push({ id, author: h.lastModifiedBy ?? 'system', at: h.lastModifiedDate });
  }
  if (!adds.length) return 0;
  const snapshots = await snapshotsOf(tx, adds.map((c) => c.id));
  await record(tx, adds, 'ADD', snapshots);
  await record(tx, mods, 'MOD', snapshots);
  return adds.length;
}

async function record(tx: Queryable, changes: Change[], type: 'ADD' | 'MOD', snapshots: Map<number, { login: string; json: string }>): Promise<void> {
  if (!changes.length) return;
  const key = (author: string, at: string) => `${author}\u0000${at}`;
  const distinct = [...new Map(changes.map((c) => [key(c.author, c.at), c])).values()];
  // The times as text, cast in SQL: postgres.js would pass a timestamptz[] through Date, dropping the microseconds.
  const revisions = await tx.query<{ id: number; author: string; at: string }>(
    `INSERT INTO revision (timestamp, author) SELECT t::timestamptz, a FROM unnest($1::text[], $2::text[]) AS x(t, a) ORDER BY t::timestamptz
     RETURNING id, author, ${AT} AS at`,
    [distinct.map((c) => c.at), distinct.map((c) => c.author)],
  );
  const revisionOf = new Map(revisions.map((r) => [key(r.author, r.at), Number(r.id)]));
  for (let start = 0; start < changes.length; start += CHUNK) {
    const batch = changes.slice(start, start + CHUNK);
    await tx.query(
      `INSERT INTO revision_change (revision_id, entity_kind, entity_id, entity_key, change_type, snapshot)
       SELECT r, 'subject', id, k, $5::text, s::jsonb FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS x(r, id, k, s)`,
      [batch.map((c) => revisionOf.get(key(c.author, c.at))!), batch.map((c) => c.id), batch.map((c) => snapshots.get(c.id)!.login),
        batch.map((c) => snapshots.get(c.id)!.json), type],
    );
  }
}

/** The subjects' DTOs with their reduced project, the snapshot every subject write records. */
async function snapshotsOf(tx: Queryable, ids: number[]): Promise<Map<number, { login: string; json: string }>> {
  const snapshots = new Map<number, { login: string; json: string }>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = (await tx.query<{ row_json: unknown }>(`SELECT d.row_json FROM ${subjectRowsOf('$1::bigint[]')} ORDER BY d.ord`, [ids.slice(start, start + CHUNK)]))
      .map((r) => subjectRow(r.row_json as string));
    const projectIds = [...new Set(rows.flatMap((r) => (r.project_id === null ? [] : [Number(r.project_id)])))];
    const projects = await toProjectDTOs(tx, await tx.query<ProjectRow>(`${PROJECT_SELECT} WHERE p.id = ANY($1::bigint[])`, [projectIds]), 'reduced');
    const byId = new Map(projects.map((p) => [Number(p.id), p]));
    for (const row of rows) {
      const dto = toSubjectDTO(row);
      const project = row.project_id === null ? undefined : byId.get(Number(row.project_id));
      if (project) dto.project = project;
      snapshots.set(Number(row.id), { login: row.login, json: JSON.stringify(dto) });
    }
  }
  return snapshots;
}
