// The reduced ProjectDTO (project-dto.ts, form 'reduced') built by SQL as a jsonb value, for a revision snapshot that
// a statement writes without the DTO passing through the server (subjects/subject-change.ts). jsonb keeps no key
// order, so only the values must be those of project-dto.ts's assemble(): an absent value is left out
// (jsonb_strip_nulls over the fields that may be absent; description, location and the organization's name are NOT
// NULL), the attributes are every key with its value ('' for none), the groups are named in name order, dates are
// written as Date.toISOString() writes them. test/server/subject-change.test.ts compares the two.
import { HUMAN_READABLE_PROJECT_NAME } from './project-dto';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** SQL: the reduced ProjectDTO (jsonb) of the project whose id is `projectIdSql`; NULL when there is none. */
export const reducedProjectJsonbSql = (projectIdSql: string): string => `(SELECT jsonb_strip_nulls(jsonb_build_object(
      'id', p.id, 'projectName', p.project_name, 'description', p.description, 'location', p.location,
      'humanReadableProjectName', (SELECT nullif(hm.attribute_value, '') FROM project_metadata hm
                                    WHERE hm.project_id = p.id AND hm.attribute_key = '${HUMAN_READABLE_PROJECT_NAME}'),
      'organizationName', o.name,
      'startDate', to_char(p.start_date AT TIME ZONE 'UTC', ${ISO}),
      'endDate', to_char(p.end_date AT TIME ZONE 'UTC', ${ISO}),
      'projectStatus', nullif(p.project_status, ''),
      'groups', (SELECT jsonb_agg(jsonb_build_object('name', g.name) ORDER BY g.name) FROM radar_group g WHERE g.project_id = p.id)))
    || jsonb_build_object('attributes', coalesce((SELECT jsonb_object_agg(m.attribute_key, coalesce(m.attribute_value, ''))
                                                  FROM project_metadata m WHERE m.project_id = p.id), '{}'::jsonb))
    FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE p.id = ${projectIdSql})`;
