-- Last contact of a participant's app (docs/subjects.md, "Activity"). `subject.last_seen` is set by the pairing-token
-- exchange, the refresh-token grant and a source registration, at most once a minute per subject (the UPDATE itself
-- skips a subject seen in the last minute, so several server processes need no coordination); `radar_source.last_seen`
-- by a registration of that source. Never seen stays NULL ("never paired").
ALTER TABLE subject ADD COLUMN last_seen timestamptz;
ALTER TABLE radar_source ADD COLUMN last_seen timestamptz;

-- Keyset paging on lastSeen, as migration 040 does for the other sorts: the key is last_seen with "never" as
-- -infinity, so the order is total without NULL rules and a cursor for a never-seen subject is simply "-infinity".
-- The filters (lastSeen.before / lastSeen.after / neverSeen) are ranges of the same key, read off the same indexes.
CREATE INDEX subject_project_seen_key_idx ON subject (project_id, (coalesce(last_seen, '-infinity'::timestamptz)), id);
CREATE INDEX subject_project_seen_key_desc_idx ON subject (project_id, (coalesce(last_seen, '-infinity'::timestamptz)) DESC, id);
CREATE INDEX subject_seen_key_idx ON subject ((coalesce(last_seen, '-infinity'::timestamptz)), id);
CREATE INDEX subject_seen_key_desc_idx ON subject ((coalesce(last_seen, '-infinity'::timestamptz)) DESC, id);

-- The project overview (src/server/projects/overview.ts) reads maintained counters instead of counting a million rows:
--   subject_activity_count: subjects per project (0 = none) by removed, the user's activated flag and paired (ever seen);
--   subject_seen_hour:      subjects per project by the UTC hour of their last contact (fresh / late / stale);
--   subject_seen_day:       subjects per project that had contact on a UTC day (only ever grows; the activity chart);
--   subject_enrolment_week: subjects per project by the (Monday-based, UTC) week of their enrollment date.
-- Statement triggers with transition tables keep them in the writing transaction, as migration 041 keeps
-- subject_count, so a reader's snapshot sees counters that match the rows. Deltas are applied in key order, so two
-- writers never lock counter rows in opposite orders.
CREATE TABLE subject_activity_count (
  project_key bigint NOT NULL,
  removed boolean NOT NULL,
  activated boolean NOT NULL,
  paired boolean NOT NULL,
  subjects bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (project_key, removed, activated, paired)
);
CREATE TABLE subject_seen_hour (
  project_key bigint NOT NULL,
  hour timestamp NOT NULL,
  subjects bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (project_key, hour)
);
CREATE TABLE subject_seen_day (
  project_key bigint NOT NULL,
  day date NOT NULL,
  subjects bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (project_key, day)
);

CREATE TABLE subject_enrolment_week (
  project_key bigint NOT NULL,
  week date NOT NULL,
  subjects bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (project_key, week)
);

INSERT INTO subject_enrolment_week (project_key, week, subjects)
SELECT coalesce(s.project_id, 0), date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, count(*)
  FROM subject s JOIN radar_user u ON u.id = s.user_id WHERE s.enrollment_date IS NOT NULL GROUP BY 1, 2;

INSERT INTO subject_activity_count (project_key, removed, activated, paired, subjects)
SELECT coalesce(s.project_id, 0), s.removed, u.activated, false, count(*)
  FROM subject s JOIN radar_user u ON u.id = s.user_id GROUP BY 1, 2, 3;

-- One signed row per subject row (+1 for new_rows, -1 for old_rows), with the user's current activated flag. A subject
-- whose user is gone is left out: deleting a user deletes its subject by cascade, and the user's own trigger
-- (subject_activity_on_user_delete) has already taken it off with the flag it had.
CREATE FUNCTION subject_activity_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_activity_count AS c (project_key, removed, activated, paired, subjects)
  SELECT (d->>'k')::bigint, (d->>'r')::boolean, (d->>'a')::boolean, (d->>'p')::boolean, sum((d->>'n')::bigint)
    FROM jsonb_array_elements(deltas) d
   WHERE d->>'k' IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum((d->>'n')::bigint) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (project_key, removed, activated, paired) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  INSERT INTO subject_seen_hour AS c (project_key, hour, subjects)
  SELECT (d->>'k')::bigint, (d->>'h')::timestamp, sum((d->>'n')::bigint)
    FROM jsonb_array_elements(deltas) d
   WHERE d->>'h' IS NOT NULL
   GROUP BY 1, 2 HAVING sum((d->>'n')::bigint) <> 0 ORDER BY 1, 2
  ON CONFLICT (project_key, hour) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  INSERT INTO subject_enrolment_week AS c (project_key, week, subjects)
  SELECT (d->>'k')::bigint, (d->>'w')::date, sum((d->>'n')::bigint)
    FROM jsonb_array_elements(deltas) d
   WHERE d->>'w' IS NOT NULL
   GROUP BY 1, 2 HAVING sum((d->>'n')::bigint) <> 0 ORDER BY 1, 2
  ON CONFLICT (project_key, week) DO UPDATE SET subjects = c.subjects + excluded.subjects;
END $$;

CREATE FUNCTION subject_activity_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(jsonb_build_object(
      'k', coalesce(s.project_id, 0), 'r', s.removed, 'a', u.activated, 'p', s.last_seen IS NOT NULL,
      'h', date_trunc('hour', s.last_seen AT TIME ZONE 'UTC'),
      'w', date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, 'n', 1))
    FROM new_rows s JOIN radar_user u ON u.id = s.user_id), '[]'));
  INSERT INTO subject_seen_day AS c (project_key, day, subjects)
  SELECT coalesce(project_id, 0), (last_seen AT TIME ZONE 'UTC')::date, count(*) FROM new_rows
   WHERE last_seen IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (project_key, day) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  RETURN NULL;
END $$;

CREATE FUNCTION subject_activity_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(jsonb_build_object(
      'k', coalesce(s.project_id, 0), 'r', s.removed, 'a', u.activated, 'p', s.last_seen IS NOT NULL,
      'h', date_trunc('hour', s.last_seen AT TIME ZONE 'UTC'),
      'w', date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, 'n', -1))
    FROM old_rows s JOIN radar_user u ON u.id = s.user_id), '[]'));
  RETURN NULL;
END $$;

-- An update that changes none of the counted columns (most of them) costs the join of two one-row tables. The
-- contact write (subjects/last-seen.ts) takes the short way: only the subject's hour of last contact moves.
CREATE FUNCTION subject_activity_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE (n.project_id, n.removed, n.enrollment_date, n.last_seen IS NULL)
                    IS DISTINCT FROM (o.project_id, o.removed, o.enrollment_date, o.last_seen IS NULL)) THEN
    PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(x) FROM (
        SELECT jsonb_build_object('k', coalesce(n.project_id, 0), 'r', n.removed, 'a', u.activated, 'p', n.last_seen IS NOT NULL,
                 'h', date_trunc('hour', n.last_seen AT TIME ZONE 'UTC'),
                 'w', date_trunc('week', n.enrollment_date AT TIME ZONE 'UTC')::date, 'n', 1) AS x
          FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN radar_user u ON u.id = n.user_id
         WHERE (n.project_id, n.removed, n.last_seen, n.enrollment_date) IS DISTINCT FROM (o.project_id, o.removed, o.last_seen, o.enrollment_date)
        UNION ALL
        SELECT jsonb_build_object('k', coalesce(o.project_id, 0), 'r', o.removed, 'a', u.activated, 'p', o.last_seen IS NOT NULL,
                 'h', date_trunc('hour', o.last_seen AT TIME ZONE 'UTC'),
                 'w', date_trunc('week', o.enrollment_date AT TIME ZONE 'UTC')::date, 'n', -1)
          FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN radar_user u ON u.id = o.user_id
         WHERE (n.project_id, n.removed, n.last_seen, n.enrollment_date) IS DISTINCT FROM (o.project_id, o.removed, o.last_seen, o.enrollment_date)) t), '[]'));
  ELSE
    INSERT INTO subject_seen_hour AS c (project_key, hour, subjects)
    SELECT k, h, sum(d) FROM (
        SELECT coalesce(n.project_id, 0) AS k, date_trunc('hour', n.last_seen AT TIME ZONE 'UTC') AS h, 1 AS d
          FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.last_seen IS DISTINCT FROM o.last_seen AND n.last_seen IS NOT NULL
        UNION ALL
        SELECT coalesce(o.project_id, 0), date_trunc('hour', o.last_seen AT TIME ZONE 'UTC'), -1
          FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.last_seen IS DISTINCT FROM o.last_seen AND o.last_seen IS NOT NULL) t
     GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (project_key, hour) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  END IF;
  -- A first contact on a new UTC day counts the subject for that day.
  INSERT INTO subject_seen_day AS c (project_key, day, subjects)
  SELECT coalesce(n.project_id, 0), (n.last_seen AT TIME ZONE 'UTC')::date, count(*)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.last_seen IS NOT NULL
     AND (o.last_seen IS NULL OR (o.last_seen AT TIME ZONE 'UTC')::date <> (n.last_seen AT TIME ZONE 'UTC')::date)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (project_key, day) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  RETURN NULL;
END $$;

-- A user's activated flag is part of its subject's status.
CREATE FUNCTION subject_activity_on_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(x) FROM (
      SELECT jsonb_build_object('k', coalesce(s.project_id, 0), 'r', s.removed, 'a', n.activated, 'p', s.last_seen IS NOT NULL, 'n', 1) AS x
        FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN subject s ON s.user_id = n.id
       WHERE n.activated <> o.activated
      UNION ALL
      SELECT jsonb_build_object('k', coalesce(s.project_id, 0), 'r', s.removed, 'a', o.activated, 'p', s.last_seen IS NOT NULL, 'n', -1)
        FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN subject s ON s.user_id = n.id
       WHERE n.activated <> o.activated) t), '[]'));
  RETURN NULL;
END $$;

-- Row level and BEFORE: the subject still exists here, and its cascaded delete will find the user gone.
CREATE FUNCTION subject_activity_on_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(jsonb_build_object(
      'k', coalesce(s.project_id, 0), 'r', s.removed, 'a', OLD.activated, 'p', s.last_seen IS NOT NULL,
      'h', date_trunc('hour', s.last_seen AT TIME ZONE 'UTC'),
      'w', date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, 'n', -1))
    FROM subject s WHERE s.user_id = OLD.id), '[]'));
  RETURN OLD;
END $$;

CREATE TRIGGER subject_activity_insert AFTER INSERT ON subject
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_activity_on_insert();
CREATE TRIGGER subject_activity_delete AFTER DELETE ON subject
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_activity_on_delete();
CREATE TRIGGER subject_activity_update AFTER UPDATE ON subject
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_activity_on_update();
CREATE FUNCTION subject_activity_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM subject_activity_count;
  DELETE FROM subject_seen_hour;
  DELETE FROM subject_enrolment_week;
  RETURN NULL;
END $$;
CREATE TRIGGER subject_activity_truncate AFTER TRUNCATE ON subject
  FOR EACH STATEMENT EXECUTE FUNCTION subject_activity_on_truncate();
CREATE TRIGGER subject_activity_user_update AFTER UPDATE ON radar_user
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_activity_on_user_update();
CREATE TRIGGER subject_activity_user_delete BEFORE DELETE ON radar_user
  FOR EACH ROW EXECUTE FUNCTION subject_activity_on_user_delete();

-- Subject DTOs with lastSeen (the subject's and each source's): migrations 042 and 043 with the new fields. The list
-- function also names the subject's last_seen to the microsecond (or 'never'), the next link's cursor for a lastSeen
-- sort.
CREATE OR REPLACE FUNCTION subject_rows(ids bigint[]) RETURNS TABLE (ord bigint, row_json json) LANGUAGE plpgsql STABLE AS $$
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
    JOIN subject s ON s.id = k.id
    JOIN radar_user u ON u.id = s.user_id
    LEFT JOIN radar_group g ON g.id = s.group_id
   ORDER BY k.ord;
END $$;

DROP FUNCTION subject_list_dtos(bigint[]);

CREATE FUNCTION subject_list_dtos(ids bigint[])
  RETURNS TABLE (ord bigint, subject_id bigint, subject_login text, subject_external_id text, subject_last_seen text, dto text)
  LANGUAGE plpgsql STABLE AS $$
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
    JOIN subject s ON s.id = k.id
    JOIN radar_user u ON u.id = s.user_id
    LEFT JOIN radar_group g ON g.id = s.group_id
   ORDER BY k.ord;
END $$;
