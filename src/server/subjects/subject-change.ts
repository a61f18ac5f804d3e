// A subject write's revision sent in the same round trip as the write (subject-create.ts, subject-update.ts): its
// snapshot, the subject's DTO with its reduced project as it stands after the write, is built by the statement itself
// (subject_list_dtos of migration 060, the same DTO as toSubjectDTO, test/server/subject-list-dtos.test.ts; and
// projects/project-jsonb.ts), so the statement needs no answer of the write before it and is sent behind it. The
// revision stores jsonb, so the snapshot equals the one the server would have built from the DTO it answers
// (test/server/subject-change.test.ts). Answers the provenance the revision leaves the subject with.
import type { Queryable } from '../db/database';
import { reducedProjectJsonbSql } from '../projects/project-jsonb';
import { oneChangeCtes, type ChangeType } from '../revisions/record';
import { provenanceOf, recordAndReadSql, type EdgesRow, type Provenance } from './provenance';

const SUBJECT_ID = '(SELECT id FROM subject WHERE login = $2::text)';

const snapshot = (projectIdSql: string) => `((SELECT d.dto::jsonb FROM subject_list_dtos(ARRAY[${SUBJECT_ID}]) d)
    || jsonb_build_object('project', ${reducedProjectJsonbSql(projectIdSql)}))`;

const record = (projectIdSql: string) =>
  recordAndReadSql(oneChangeCtes({ author: '$1', kind: `'subject'`, id: SUBJECT_ID, key: '$2::text', type: '$3::text', snapshot: snapshot(projectIdSql) }), SUBJECT_ID);
const BY_PROJECT_ID = record('$4::bigint');
const BY_PROJECT_NAME = record('(SELECT id FROM project WHERE project_name = $4::text)');

/**
 * Records the change `type` of the subject `login`, in its active project (by id or name), with the snapshot the
 * statement reads (so it is sent behind the writes it records); answers the provenance.
 */
export function recordSubjectChangeAsWritten(q: Queryable, author: string, login: string, type: ChangeType, project: { id: number } | { name: string }): Promise<Provenance> {
  return 'id' in project
    ? provenanceOf(q.query<EdgesRow>(BY_PROJECT_ID, [author, login, type, project.id]))
    : provenanceOf(q.query<EdgesRow>(BY_PROJECT_NAME, [author, login, type, project.name]));
}

/** Replaces the snapshot of a new subject's one revision (its ADD) with `snapshot`. */
export async function replaceAddedSnapshot(q: Queryable, subjectId: number, snapshot: unknown): Promise<void> {
  // `::text::jsonb`: see record.ts's oneChangeParams.
  await q.query(`UPDATE revision_change SET snapshot = $2::text::jsonb WHERE entity_kind = 'subject' AND entity_id = $1 AND change_type = 'ADD'`,
    [subjectId, JSON.stringify(snapshot)]);
}
