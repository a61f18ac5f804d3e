// One SELECT shape for every SubjectDTO the server answers (lists, single subjects, revision snapshots): the subject
// row with its user's `activated` flag and group name, plus its attributes, assigned sources and roles aggregated
// in the same statement, so a page of any size costs one round trip and no per-row queries (no N+1).
import type { Attributes, MinimalSourceDetailsDTO, SubjectDTO, SubjectStatus } from '../../common/dto';
import { toRoleDTO, type RoleRow } from '../projects/role-dto';

/** Columns over `s` (a subject row), `u` (its radar_user) and `g` (its radar_group); see SUBJECT_JOINS. */
export const SUBJECT_COLUMNS = `s.id, s.login, s.user_id, s.project_id, s.external_link, s.external_id, s.removed,
  s.date_of_birth, s.person_name, s.enrollment_date, u.activated, g.name AS group_name,
  (SELECT json_object_agg(m.attribute_key, coalesce(m.attribute_value, '') ORDER BY m.attribute_key)
     FROM subject_metadata m WHERE m.subject_id = s.id) AS attributes,
  (SELECT json_agg(json_build_object(
      'id', rs.id, 'sourceTypeId', st.id, 'sourceTypeProducer', st.producer, 'sourceTypeModel', st.model,
      'sourceTypeCatalogVersion', st.catalog_version, 'expectedSourceName', rs.expected_source_name,
      'sourceId', rs.source_id, 'sourceName', rs.source_name, 'assigned', rs.assigned,
      'attributes', coalesce((SELECT json_object_agg(sm.attribute_key, coalesce(sm.attribute_value, '') ORDER BY sm.attribute_key)
                                FROM source_metadata sm WHERE sm.source_id = rs.id), '{}'::json)) ORDER BY rs.id)
     FROM radar_source rs LEFT JOIN source_type st ON st.id = rs.source_type_id
    WHERE rs.subject_id = s.id AND NOT rs.deleted) AS sources,
  (SELECT json_agg(json_build_object(
      'id', r.id, 'authority_name', r.authority_name, 'project_id', r.project_id, 'project_name', rp.project_name,
      'organization_id', r.organization_id, 'organization_name', ro.name) ORDER BY r.id)
     FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
     LEFT JOIN project rp ON rp.id = r.project_id LEFT JOIN radar_organization ro ON ro.id = r.organization_id
    WHERE ru.user_id = s.user_id) AS roles`;

export const SUBJECT_JOINS = 'JOIN radar_user u ON u.id = s.user_id LEFT JOIN radar_group g ON g.id = s.group_id';

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
  activated: boolean;
  group_name: string | null;
  attributes: Attributes | string | null;
  sources: MinimalSourceDetailsDTO[] | string | null;
  roles: RoleRow[] | string | null;
}

/** Status from the two flags (api.md §4.9). */
export function subjectStatus(activated: boolean, removed: boolean): SubjectStatus {
  if (removed) return activated ? 'INVALID' : 'DISCONTINUED';
  return activated ? 'ACTIVATED' : 'DEACTIVATED';
}

/** The flags a status stands for. */
export function statusFlags(status: SubjectStatus): { activated: boolean; removed: boolean } {
  return { activated: status === 'ACTIVATED' || status === 'INVALID', removed: status === 'DISCONTINUED' || status === 'INVALID' };
}

/** json columns arrive parsed from both drivers; a string is parsed defensively. */
function json<T>(value: T | string | null, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
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
    personName: row.person_name,
    roles: json<RoleRow[]>(row.roles, []).map(toRoleDTO),
    sources: json<MinimalSourceDetailsDTO[]>(row.sources, []),
    attributes: json<Attributes>(row.attributes, {}),
  };
}
