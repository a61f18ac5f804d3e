// A subject that left a project (docs/permissions.md, "A subject that left"): a caller sees a subject's personal data
// (person name, date of birth, external id and link, group, enrollment, last contact, attributes, sources, pairing)
// only while the subject is in a project the caller may read subjects of. A project's list of the participants it
// had (`authority=ROLE_INACTIVE_PARTICIPANT`) still names a subject that moved on to a project the caller may not
// read, but only by what the project itself knew: its login, that it left, and when. Such a subject matches no filter
// on personal data and sorts as if it had none, so neither the page nor its next link nor an export reveals a value
// of the other project.
import { ROLE_INACTIVE_PARTICIPANT } from '../../common/authorities';
import type { SubjectDTO } from '../../common/dto';
import { referentsByScope, type AuthToken } from '../../common/permission-check';
import type { SubjectCriteria } from './criteria';

/** What the caller reads beyond the list's own project: names of projects and organizations (SUBJECT.READ). */
export interface Visibility {
  projects: string[];
  organizations: string[];
}

/**
 * The caller's reach, when a list may hold subjects the caller may not read in full: only a project's list that
 * includes the subjects who left it, for a caller without a platform-wide permission. Undefined: every subject the
 * list can hold is readable.
 */
export function visibilityFor(token: AuthToken, c: SubjectCriteria): Visibility | undefined {
  if (c.projectName === undefined || !c.authorities.includes(ROLE_INACTIVE_PARTICIPANT)) return undefined;
  const reach = referentsByScope(token, 'SUBJECT.READ');
  if (reach.global) return undefined;
  return { projects: reach.projects, organizations: reach.organizations };
}

/** The personal columns of `subject`: NULL for a subject the caller may not read in full. */
const PERSONAL_COLUMNS = ['external_link', 'external_id', 'group_id', 'date_of_birth', 'person_name', 'enrollment_date', 'last_seen'];

/**
 * The `subject` table as the caller may see it, to stand where the list statements read `subject s`: every column,
 * the personal ones NULL unless `visible`, which is true when the subject's associated project (its active one, else
 * the latest it left, as GET api/subjects/{login} decides) is the list's project or within the caller's reach.
 * `listProject`, `projects` and `organizations` are SQL placeholders (a project id, two text arrays).
 */
export function visibleSubjectsSql(listProject: string, projects: string, organizations: string): string {
  const associated = `coalesce(s0.project_id, (SELECT ir.project_id FROM role_users iru JOIN radar_role ir ON ir.id = iru.role_id
      WHERE iru.user_id = s0.user_id AND ir.authority_name = '${ROLE_INACTIVE_PARTICIPANT}' ORDER BY ir.id DESC LIMIT 1))`;
  const reach = `(SELECT rp.id FROM project rp LEFT JOIN radar_organization ro ON ro.id = rp.organization_id
      WHERE rp.project_name = ANY(${projects}) OR ro.name = ANY(${organizations}))`;
  const personal = PERSONAL_COLUMNS.map((c) => `CASE WHEN v.visible THEN v.${c} END AS ${c}`).join(', ');
  return `(SELECT v.id, v.user_id, v.login, v.project_id, v.removed, v.visible, ${personal}
     FROM (SELECT s0.*, coalesce(${associated} = ${listProject} OR ${associated} IN ${reach}, false) AS visible FROM subject s0) v)`;
}

/**
 * SQL for when the subject with id `subjectId` left the project `projectId`: the first revision after the last one
 * that shows it in that project (NULL when its history does not say, e.g. a bulk-seeded subject).
 */
export function leftDateSql(subjectId: string, projectId: string): string {
  return `(SELECT to_char(min(lr.timestamp) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM revision_change lc JOIN revision lr ON lr.id = lc.revision_id
     WHERE lc.entity_kind = 'subject' AND lc.entity_id = ${subjectId}
       AND lc.revision_id > coalesce((SELECT max(pc.revision_id) FROM revision_change pc
             WHERE pc.entity_kind = 'subject' AND pc.entity_id = ${subjectId}
               AND pc.snapshot->'project'->>'projectName' = (SELECT project_name FROM project WHERE id = ${projectId})), 0))`;
}

/** A subject that left `projectName`, as that project's list shows it to a caller who may not read it now. */
export function departedDto(dto: SubjectDTO, projectName: string, leftDate: string | null): SubjectDTO {
  return {
    id: dto.id,
    login: dto.login,
    status: dto.status,
    roles: dto.roles.filter((r) => r.authorityName === ROLE_INACTIVE_PARTICIPANT && r.projectName === projectName),
    sources: [],
    attributes: {},
    leftDate,
  };
}
