-- The list form of SubjectDTO  built whole in SQL, as JSON text, for the two subject lists: the server
-- joins the rows into the response array without parsing and re-serialising them (that round of JSON was the
-- list's largest cost in the server after the database round trips). It must answer exactly what toSubjectDTO()
-- makes of subject_rows() (migration 042); test/server/subject-list-dtos.test.ts compares the two on every kind of
-- subject. Besides the DTO, each row names the subject's sort keys: the next link's cursor is the last row's.
CREATE FUNCTION subject_list_dtos(ids bigint[])
  RETURNS TABLE (ord bigint, subject_id bigint, subject_login text, subject_external_id text, dto text)
  LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT k.ord, s.id, s.login::text, s.external_id::text, json_build_object(
      'id', s.id, 'login', s.login, 'externalLink', s.external_link, 'externalId', s.external_id,
      'status', CASE WHEN s.removed THEN CASE WHEN u.activated THEN 'INVALID' ELSE 'DISCONTINUED' END
                     ELSE CASE WHEN u.activated THEN 'ACTIVATED' ELSE 'DEACTIVATED' END END,
      'group', g.name,
      'dateOfBirth', s.date_of_birth,
      'enrollmentDate', to_char(s.enrollment_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
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
                     'attributes', coalesce((SELECT json_object_agg(sm.attribute_key, coalesce(sm.attribute_value, '') ORDER BY sm.attribute_key)
                                               FROM source_metadata sm WHERE sm.source_id = rs.id), '{}'::json)) ORDER BY rs.id)
                    FROM radar_source rs LEFT JOIN source_type st ON st.id = rs.source_type_id
                   WHERE rs.subject_id = s.id AND NOT rs.deleted), '[]'::json),
      'attributes', coalesce((SELECT json_object_agg(m.attribute_key, coalesce(m.attribute_value, '') ORDER BY m.attribute_key)
                                FROM subject_metadata m WHERE m.subject_id = s.id), '{}'::json))::text
    FROM unnest(ids) WITH ORDINALITY AS k(id, ord)
    JOIN subject s ON s.id = k.id
    JOIN radar_user u ON u.id = s.user_id
    LEFT JOIN radar_group g ON g.id = s.group_id
   ORDER BY k.ord;
END $$;
