-- Everything a SubjectDTO is made of, for a list of subject ids, as one JSON object per subject in the order of the
-- ids: the subject row, its user's `activated` flag, its group's name, attributes, assigned sources (with their
-- type and attributes) and roles. PL/pgSQL keeps the plan of this query for the session, so a page of subjects
-- costs one cheap statement to plan (the page itself) instead of re-planning a dozen correlated subqueries on
-- every request. src/server/subjects/subject-select.ts turns a row into the wire DTO.
CREATE FUNCTION subject_rows(ids bigint[]) RETURNS TABLE (ord bigint, row_json json) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT k.ord, json_build_object(
      'id', s.id, 'login', s.login, 'user_id', s.user_id, 'project_id', s.project_id,
      'external_link', s.external_link, 'external_id', s.external_id, 'removed', s.removed,
      'date_of_birth', s.date_of_birth, 'person_name', s.person_name, 'enrollment_date', s.enrollment_date,
      'activated', u.activated, 'group_name', g.name,
      'attributes', (SELECT json_object_agg(m.attribute_key, coalesce(m.attribute_value, '') ORDER BY m.attribute_key)
                       FROM subject_metadata m WHERE m.subject_id = s.id),
      'sources', (SELECT json_agg(json_build_object(
                     'id', rs.id, 'sourceTypeId', st.id, 'sourceTypeProducer', st.producer, 'sourceTypeModel', st.model,
                     'sourceTypeCatalogVersion', st.catalog_version, 'expectedSourceName', rs.expected_source_name,
                     'sourceId', rs.source_id, 'sourceName', rs.source_name, 'assigned', rs.assigned,
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
    JOIN subject s ON s.id = k.id
    JOIN radar_user u ON u.id = s.user_id
    LEFT JOIN radar_group g ON g.id = s.group_id
   ORDER BY k.ord;
END $$;
