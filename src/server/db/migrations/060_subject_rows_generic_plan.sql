-- The subject reads of every subject request (subject_rows: a subject's detail, a write's re-read and snapshot;
-- subject_list_dtos: a page of the list) were planned again at every call. PL/pgSQL keeps a function's query as a
-- prepared statement, and PostgreSQL's plan cache chooses between a plan for the values of the call (custom) and
-- one plan for any value (generic) by their estimated cost: the generic plan does not know how many ids the array
-- holds (it assumes 10), joined subject by a sequential scan, and so always looked dearer than a custom plan for the
-- one or twenty ids of a call. Each call paid the planning of a query of a dozen subqueries, about three quarters of
-- its CPU (bench/load.ts, docs/deployment.md "The load benchmark").
--
-- Now each id finds its subject through the primary key whatever the estimate (a LATERAL subquery that is not
-- pulled up: OFFSET 0), so the one generic plan is right for any number of ids, and the functions ask for it
-- (plan_cache_mode = force_generic_plan, set for the call only): planned once per session. The bodies are those of
-- migration 056 otherwise, so every DTO stays byte for byte the same.


CREATE OR REPLACE FUNCTION subject_rows(ids bigint[]) RETURNS TABLE (ord bigint, row_json json) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  SELECT k.ord, json_build_object(
      'id', s.id, 'login', s.login, 'user_id', s.user_id, 'project_id', s.project_id,
      'external_link', s.external_link, 'external_id', s.external_id, 'removed', s.removed,
      'date_of_birth', s.date_of_birth, 'person_name', s.person_name, 'enrollment_date', s.enrollment_date, 'last_seen', s.last_seen,
      'activated', u.activated, 'group_name', g.name,
      'attributes', (SELECT json_object_agg(m.attribute_key, coalesce(m.attribute_value, '') ORDER BY m.attribute_key)
                       FROM subject_metadata m WHERE m.subject_id = s.id),
      'sources', (SELECT json_agg(json_build_object(
                     'id', rs.id, 'sourceTypeId', st.id, 'sourceTypeProducer', st.producer, 'sourceTypeModel', st.model,
                     'sourceTypeCatalogVersion', st.catalog_version, 'expectedSourceName', rs.expected_source_name,
                     'sourceId', rs.source_id, 'sourceName', rs.source_name, 'assigned', rs.assigned,
                     'lastSeen', to_char(rs.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                     'attributes', coalesce((SELECT json_object_agg(sm.attribute_key, coalesce(sm.attribute_value, '') ORDER BY sm.attribute_key)
                                               FROM source_metadata sm WHERE sm.source_id = rs.id), '{}'::json)) ORDER BY rs.id)
                    FROM radar_source rs LEFT JOIN source_type st ON st.id = rs.source_type_id
                   WHERE rs.subject_id = s.id AND NOT rs.deleted),
      'roles', (SELECT json_agg(json_build_object(
                   'id', r.id, 'authority_name', r.authority_name, 'project_id', r.project_id, 'project_name', rp.project_name,
                   'organization_id', r.organization_id, 'organization_name', ro.name) ORDER BY r.id)
                  FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
                  LEFT JOIN project rp ON rp.id = r.project_id LEFT JOIN radar_organization ro ON ro.id = r.organization_id
                 WHERE ru.user_id = s.user_id))
    FROM unnest(ids) WITH ORDINALITY AS k(id, ord)
    CROSS JOIN LATERAL (SELECT * FROM subject WHERE subject.id = k.id OFFSET 0) s
    JOIN radar_user u ON u.id = s.user_id
    LEFT JOIN radar_group g ON g.id = s.group_id
   ORDER BY k.ord;
END $$;

CREATE OR REPLACE FUNCTION subject_list_dtos(ids bigint[])
  RETURNS TABLE (ord bigint, subject_id bigint, subject_login text, subject_external_id text, subject_last_seen text, dto text)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT k.ord, s.id, s.login::text, s.external_id::text,
      coalesce(to_char(s.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'never'), json_build_object(
      'id', s.id, 'login', s.login, 'externalLink', s.external_link, 'externalId', s.external_id,
      'status', CASE WHEN s.removed THEN CASE WHEN u.activated THEN 'INVALID' ELSE 'DISCONTINUED' END
                     ELSE CASE WHEN u.activated THEN 'ACTIVATED' ELSE 'DEACTIVATED' END END,
      'group', g.name,
      'dateOfBirth', s.date_of_birth,
      'enrollmentDate', to_char(s.enrollment_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'lastSeen', to_char(s.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'personName', s.person_name,
      'roles', coalesce((SELECT json_agg(json_strip_nulls(json_build_object(
                   'id', r.id, 'authorityName', r.authority_name, 'organizationId', r.organization_id,
                   'organizationName', ro.name, 'projectId', r.project_id, 'projectName', rp.project_name)) ORDER BY r.id)
                  FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
                  LEFT JOIN project rp ON rp.id = r.project_id LEFT JOIN radar_organization ro ON ro.id = r.organization_id
                 WHERE ru.user_id = s.user_id), '[]'::json),
      'sources', coalesce((SELECT json_agg(json_build_object(
                     'id', rs.id, 'sourceTypeId', st.id, 'sourceTypeProducer', st.producer, 'sourceTypeModel', st.model,
                     'sourceTypeCatalogVersion', st.catalog_version, 'expectedSourceName', rs.expected_source_name,
                     'sourceId', rs.source_id, 'sourceName', rs.source_name, 'assigned', rs.assigned,
                     'lastSeen', to_char(rs.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                     'attributes', coalesce((SELECT json_object_agg(sm.attribute_key, coalesce(sm.attribute_value, '') ORDER BY sm.attribute_key)
                                               FROM source_metadata sm WHERE sm.source_id = rs.id), '{}'::json)) ORDER BY rs.id)
                    FROM radar_source rs LEFT JOIN source_type st ON st.id = rs.source_type_id
                   WHERE rs.subject_id = s.id AND NOT rs.deleted), '[]'::json),
      'attributes', coalesce((SELECT json_object_agg(m.attribute_key, coalesce(m.attribute_value, '') ORDER BY m.attribute_key)
                                FROM subject_metadata m WHERE m.subject_id = s.id), '{}'::json))::text
    FROM unnest(ids) WITH ORDINALITY AS k(id, ord)
    CROSS JOIN LATERAL (SELECT * FROM subject WHERE subject.id = k.id OFFSET 0) s
    JOIN radar_user u ON u.id = s.user_id
    LEFT JOIN radar_group g ON g.id = s.group_id
   ORDER BY k.ord;
END $$;
