-- A subject create's counters without JSON (docs/deployment.md, "What a mixed request costs PostgreSQL"): the insert
-- trigger of migration 057 built a jsonb array of deltas from the new rows and subject_activity_apply() took it apart
-- again with jsonb_array_elements, once per counter, about a quarter of the create's INSERT. The new rows are now
-- counted straight into each counter, with the same rows, keys and order as before: the activity count, the hour of
-- last contact and the enrolment week of the subjects whose user exists (new_rows joined to radar_user), then the day
-- of last contact of every new subject; each in key order, so two writers never lock counter rows in opposite orders.
-- A new subject has no last contact unless an import or the seed gives it one, so those two counters are skipped
-- unless a new row has one.
CREATE OR REPLACE FUNCTION subject_activity_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seen boolean := EXISTS (SELECT 1 FROM new_rows WHERE last_seen IS NOT NULL);
BEGIN
  INSERT INTO subject_activity_count_slot AS c (project_key, removed, activated, paired, slot, subjects)
  SELECT coalesce(s.project_id, 0), s.removed, u.activated, s.last_seen IS NOT NULL, (s.id % 16)::smallint, count(*)
    FROM new_rows s JOIN radar_user u ON u.id = s.user_id
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (project_key, removed, activated, paired, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  IF seen THEN
    INSERT INTO subject_seen_hour_slot AS c (project_key, hour, slot, subjects)
    SELECT coalesce(s.project_id, 0), date_trunc('hour', s.last_seen AT TIME ZONE 'UTC'), (s.id % 16)::smallint, count(*)
      FROM new_rows s JOIN radar_user u ON u.id = s.user_id WHERE s.last_seen IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (project_key, hour, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  END IF;
  INSERT INTO subject_enrolment_week_slot AS c (project_key, week, slot, subjects)
  SELECT coalesce(s.project_id, 0), date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, (s.id % 16)::smallint, count(*)
    FROM new_rows s JOIN radar_user u ON u.id = s.user_id WHERE s.enrollment_date IS NOT NULL
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (project_key, week, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  IF seen THEN
    INSERT INTO subject_seen_day_slot AS c (project_key, day, slot, subjects)
    SELECT coalesce(project_id, 0), (last_seen AT TIME ZONE 'UTC')::date, (id % 16)::smallint, count(*) FROM new_rows
     WHERE last_seen IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (project_key, day, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  END IF;
  RETURN NULL;
END $$;
