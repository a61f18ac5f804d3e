-- Counters without a queue (docs/deployment.md, "Load"): the subject counters of migrations 041 and 056 kept one row
-- per project (and status, hour, day or week), so every subject create in a project locked the same row until its
-- transaction committed, and concurrent creates and contact writes waited for one another. Each counter now keeps 16
-- rows per key, one per slot (the subject's id modulo 16): writers of different subjects mostly touch different
-- rows, and a subject always counts in its own slot, so no slot row ever goes below zero (the hour purge's
-- `subjects = 0` stays exact). The old names are views that sum the slots, so every reader is unchanged.
ALTER TABLE subject_count RENAME TO subject_count_slot;
ALTER TABLE subject_count_slot ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE subject_count_slot DROP CONSTRAINT subject_count_pkey;
DELETE FROM subject_count_slot;
INSERT INTO subject_count_slot (project_key, slot, subjects)
SELECT coalesce(project_id, 0), (id % 16)::smallint, count(*) FROM subject GROUP BY 1, 2;
ALTER TABLE subject_count_slot ADD PRIMARY KEY (project_key, slot);
CREATE VIEW subject_count AS
  SELECT project_key, sum(subjects)::bigint AS subjects FROM subject_count_slot GROUP BY project_key;

ALTER TABLE subject_activity_count RENAME TO subject_activity_count_slot;
ALTER TABLE subject_activity_count_slot ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE subject_activity_count_slot DROP CONSTRAINT subject_activity_count_pkey;
DELETE FROM subject_activity_count_slot;
INSERT INTO subject_activity_count_slot (project_key, removed, activated, paired, slot, subjects)
SELECT coalesce(s.project_id, 0), s.removed, u.activated, s.last_seen IS NOT NULL, (s.id % 16)::smallint, count(*)
  FROM subject s JOIN radar_user u ON u.id = s.user_id GROUP BY 1, 2, 3, 4, 5;
ALTER TABLE subject_activity_count_slot ADD PRIMARY KEY (project_key, removed, activated, paired, slot);
CREATE VIEW subject_activity_count AS
  SELECT project_key, removed, activated, paired, sum(subjects)::bigint AS subjects
    FROM subject_activity_count_slot GROUP BY project_key, removed, activated, paired;

ALTER TABLE subject_seen_hour RENAME TO subject_seen_hour_slot;
ALTER TABLE subject_seen_hour_slot ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE subject_seen_hour_slot DROP CONSTRAINT subject_seen_hour_pkey;
DELETE FROM subject_seen_hour_slot;
INSERT INTO subject_seen_hour_slot (project_key, hour, slot, subjects)
SELECT coalesce(project_id, 0), date_trunc('hour', last_seen AT TIME ZONE 'UTC'), (id % 16)::smallint, count(*)
  FROM subject WHERE last_seen IS NOT NULL GROUP BY 1, 2, 3;
ALTER TABLE subject_seen_hour_slot ADD PRIMARY KEY (project_key, hour, slot);
CREATE VIEW subject_seen_hour AS
  SELECT project_key, hour, sum(subjects)::bigint AS subjects FROM subject_seen_hour_slot GROUP BY project_key, hour;

-- Days only ever grow (a subject counts for each day it had contact), so the existing counts move to slot 0 as they are.
ALTER TABLE subject_seen_day RENAME TO subject_seen_day_slot;
ALTER TABLE subject_seen_day_slot ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE subject_seen_day_slot DROP CONSTRAINT subject_seen_day_pkey;
ALTER TABLE subject_seen_day_slot ADD PRIMARY KEY (project_key, day, slot);
CREATE VIEW subject_seen_day AS
  SELECT project_key, day, sum(subjects)::bigint AS subjects FROM subject_seen_day_slot GROUP BY project_key, day;

ALTER TABLE subject_enrolment_week RENAME TO subject_enrolment_week_slot;
ALTER TABLE subject_enrolment_week_slot ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE subject_enrolment_week_slot DROP CONSTRAINT subject_enrolment_week_pkey;
DELETE FROM subject_enrolment_week_slot;
INSERT INTO subject_enrolment_week_slot (project_key, week, slot, subjects)
SELECT coalesce(s.project_id, 0), date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, (s.id % 16)::smallint, count(*)
  FROM subject s JOIN radar_user u ON u.id = s.user_id WHERE s.enrollment_date IS NOT NULL GROUP BY 1, 2, 3;
ALTER TABLE subject_enrolment_week_slot ADD PRIMARY KEY (project_key, week, slot);
CREATE VIEW subject_enrolment_week AS
  SELECT project_key, week, sum(subjects)::bigint AS subjects FROM subject_enrolment_week_slot GROUP BY project_key, week;

-- Migration 041's counter, by slot; deltas in key order, so two writers never lock counter rows in opposite orders.
CREATE OR REPLACE FUNCTION subject_count_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_count_slot AS c (project_key, slot, subjects)
  SELECT coalesce(project_id, 0), (id % 16)::smallint, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (project_key, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION subject_count_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_count_slot AS c (project_key, slot, subjects)
  SELECT coalesce(project_id, 0), (id % 16)::smallint, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (project_key, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION subject_count_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_count_slot AS c (project_key, slot, subjects)
  SELECT k, s, sum(n) FROM (
      SELECT coalesce(project_id, 0) AS k, (id % 16)::smallint AS s, 1 AS n FROM new_rows
      UNION ALL
      SELECT coalesce(project_id, 0), (id % 16)::smallint, -1 FROM old_rows) u
   GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (project_key, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION subject_count_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM subject_count_slot;
  RETURN NULL;
END $$;

DROP FUNCTION subject_count_apply(jsonb);

-- Migration 056's counters, by slot: each delta names its subject's slot ('s').
CREATE OR REPLACE FUNCTION subject_activity_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_activity_count_slot AS c (project_key, removed, activated, paired, slot, subjects)
  SELECT (d->>'k')::bigint, (d->>'r')::boolean, (d->>'a')::boolean, (d->>'p')::boolean, (d->>'s')::smallint, sum((d->>'n')::bigint)
    FROM jsonb_array_elements(deltas) d
   WHERE d->>'k' IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5 HAVING sum((d->>'n')::bigint) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (project_key, removed, activated, paired, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  INSERT INTO subject_seen_hour_slot AS c (project_key, hour, slot, subjects)
  SELECT (d->>'k')::bigint, (d->>'h')::timestamp, (d->>'s')::smallint, sum((d->>'n')::bigint)
    FROM jsonb_array_elements(deltas) d
   WHERE d->>'h' IS NOT NULL
   GROUP BY 1, 2, 3 HAVING sum((d->>'n')::bigint) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (project_key, hour, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  INSERT INTO subject_enrolment_week_slot AS c (project_key, week, slot, subjects)
  SELECT (d->>'k')::bigint, (d->>'w')::date, (d->>'s')::smallint, sum((d->>'n')::bigint)
    FROM jsonb_array_elements(deltas) d
   WHERE d->>'w' IS NOT NULL
   GROUP BY 1, 2, 3 HAVING sum((d->>'n')::bigint) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (project_key, week, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
END $$;

CREATE OR REPLACE FUNCTION subject_activity_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(jsonb_build_object(
      'k', coalesce(s.project_id, 0), 'r', s.removed, 'a', u.activated, 'p', s.last_seen IS NOT NULL, 's', s.id % 16,
      'h', date_trunc('hour', s.last_seen AT TIME ZONE 'UTC'),
      'w', date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, 'n', 1))
    FROM new_rows s JOIN radar_user u ON u.id = s.user_id), '[]'));
  INSERT INTO subject_seen_day_slot AS c (project_key, day, slot, subjects)
  SELECT coalesce(project_id, 0), (last_seen AT TIME ZONE 'UTC')::date, (id % 16)::smallint, count(*) FROM new_rows
   WHERE last_seen IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (project_key, day, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION subject_activity_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(jsonb_build_object(
      'k', coalesce(s.project_id, 0), 'r', s.removed, 'a', u.activated, 'p', s.last_seen IS NOT NULL, 's', s.id % 16,
      'h', date_trunc('hour', s.last_seen AT TIME ZONE 'UTC'),
      'w', date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, 'n', -1))
    FROM old_rows s JOIN radar_user u ON u.id = s.user_id), '[]'));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION subject_activity_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE (n.project_id, n.removed, n.enrollment_date, n.last_seen IS NULL)
                    IS DISTINCT FROM (o.project_id, o.removed, o.enrollment_date, o.last_seen IS NULL)) THEN
    PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(x) FROM (
        SELECT jsonb_build_object('k', coalesce(n.project_id, 0), 'r', n.removed, 'a', u.activated, 'p', n.last_seen IS NOT NULL, 's', n.id % 16,
                 'h', date_trunc('hour', n.last_seen AT TIME ZONE 'UTC'),
                 'w', date_trunc('week', n.enrollment_date AT TIME ZONE 'UTC')::date, 'n', 1) AS x
          FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN radar_user u ON u.id = n.user_id
         WHERE (n.project_id, n.removed, n.last_seen, n.enrollment_date) IS DISTINCT FROM (o.project_id, o.removed, o.last_seen, o.enrollment_date)
        UNION ALL
        SELECT jsonb_build_object('k', coalesce(o.project_id, 0), 'r', o.removed, 'a', u.activated, 'p', o.last_seen IS NOT NULL, 's', o.id % 16,
                 'h', date_trunc('hour', o.last_seen AT TIME ZONE 'UTC'),
                 'w', date_trunc('week', o.enrollment_date AT TIME ZONE 'UTC')::date, 'n', -1)
          FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN radar_user u ON u.id = o.user_id
         WHERE (n.project_id, n.removed, n.last_seen, n.enrollment_date) IS DISTINCT FROM (o.project_id, o.removed, o.last_seen, o.enrollment_date)) t), '[]'));
  ELSE
    INSERT INTO subject_seen_hour_slot AS c (project_key, hour, slot, subjects)
    SELECT k, h, s, sum(d) FROM (
        SELECT coalesce(n.project_id, 0) AS k, date_trunc('hour', n.last_seen AT TIME ZONE 'UTC') AS h, (n.id % 16)::smallint AS s, 1 AS d
          FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.last_seen IS DISTINCT FROM o.last_seen AND n.last_seen IS NOT NULL
        UNION ALL
        SELECT coalesce(o.project_id, 0), date_trunc('hour', o.last_seen AT TIME ZONE 'UTC'), (o.id % 16)::smallint, -1
          FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.last_seen IS DISTINCT FROM o.last_seen AND o.last_seen IS NOT NULL) t
     GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (project_key, hour, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  END IF;
  -- A first contact on a new UTC day counts the subject for that day.
  INSERT INTO subject_seen_day_slot AS c (project_key, day, slot, subjects)
  SELECT coalesce(n.project_id, 0), (n.last_seen AT TIME ZONE 'UTC')::date, (n.id % 16)::smallint, count(*)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.last_seen IS NOT NULL
     AND (o.last_seen IS NULL OR (o.last_seen AT TIME ZONE 'UTC')::date <> (n.last_seen AT TIME ZONE 'UTC')::date)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (project_key, day, slot) DO UPDATE SET subjects = c.subjects + excluded.subjects;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION subject_activity_on_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(x) FROM (
      SELECT jsonb_build_object('k', coalesce(s.project_id, 0), 'r', s.removed, 'a', n.activated, 'p', s.last_seen IS NOT NULL, 's', s.id % 16, 'n', 1) AS x
        FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN subject s ON s.user_id = n.id
       WHERE n.activated <> o.activated
      UNION ALL
      SELECT jsonb_build_object('k', coalesce(s.project_id, 0), 'r', s.removed, 'a', o.activated, 'p', s.last_seen IS NOT NULL, 's', s.id % 16, 'n', -1)
        FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN subject s ON s.user_id = n.id
       WHERE n.activated <> o.activated) t), '[]'));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION subject_activity_on_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_activity_apply(coalesce((SELECT jsonb_agg(jsonb_build_object(
      'k', coalesce(s.project_id, 0), 'r', s.removed, 'a', OLD.activated, 'p', s.last_seen IS NOT NULL, 's', s.id % 16,
      'h', date_trunc('hour', s.last_seen AT TIME ZONE 'UTC'),
      'w', date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC')::date, 'n', -1))
    FROM subject s WHERE s.user_id = OLD.id), '[]'));
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION subject_activity_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM subject_activity_count_slot;
  DELETE FROM subject_seen_hour_slot;
  DELETE FROM subject_enrolment_week_slot;
  RETURN NULL;
END $$;
