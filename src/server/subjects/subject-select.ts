// One shape for every SubjectDTO the server answers (lists, single subjects, revision snapshots): the rows of the
// SQL function subject_rows(ids) (migration 042), one JSON object per subject with its user's `activated` flag,
// group name, attributes, assigned sources and roles, in the order of the ids. A page of any size is one statement
// and no per-row queries (no N+1); the function's plan is kept per session, so it is not re-planned per request.
import type { Attributes, MinimalSourceDetailsDTO, SubjectDTO, SubjectStatus } from '../../common/dto';
import { toRoleDTO, type RoleRow } from '../roles/role-dto';
import { jsonColumn } from '../db/database';

/** `FROM subject_rows(<ids>) d`: columns `d.ord` (position) and `d.row_json` (a SubjectRow). */
export const subjectRowsOf = (idsSql: string) => `subject_rows(${idsSql}) d`;

export interface SubjectRow {
  id: number;
  login: string;
  user_id: number;
  project_id: number | null;
  external_link: string | null;
  external_id: string | null;
  removed: boolean;
  date_of_birth: string | null;
  person_name: string | null;
  enrollment_date: Date | string | null;
  last_seen: Date | string | null;
  activated: boolean;
  group_name: string | null;
  attributes: Attributes | null;
  sources: MinimalSourceDetailsDTO[] | null;
  roles: RoleRow[] | null;
}

/** A `row_json` value as it arrives (parsed by both drivers; a string is parsed defensively). */
export function subjectRow(value: SubjectRow | string): SubjectRow {
  return jsonColumn(value);
}

/** Status from the two flags: removed and activated (docs/subjects.md). */
export function subjectStatus(activated: boolean, removed: boolean): SubjectStatus {
  if (removed) return activated ? 'INVALID' : 'DISCONTINUED';
  return activated ? 'ACTIVATED' : 'DEACTIVATED';
}

/** The flags a status stands for. */
export function statusFlags(status: SubjectStatus): { activated: boolean; removed: boolean } {
  return { activated: status === 'ACTIVATED' || status === 'INVALID', removed: status === 'DISCONTINUED' || status === 'INVALID' };
}

function isoInstant(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The list form: no project, no provenance. */
export function toSubjectDTO(row: SubjectRow): SubjectDTO {
  return {
    id: row.id,
    login: row.login,
    externalLink: row.external_link,
    externalId: row.external_id,
    status: subjectStatus(row.activated, row.removed),
    group: row.group_name,
    dateOfBirth: row.date_of_birth,
    enrollmentDate: isoInstant(row.enrollment_date),
    lastSeen: isoInstant(row.last_seen),
    personName: row.person_name,
    roles: (row.roles ?? []).map(toRoleDTO),
    sources: row.sources ?? [],
    attributes: row.attributes ?? {},
  };
}
