-- X-Total-Count of an unfiltered subject list without counting a million rows: the number of subjects per project
-- (project_key 0 = subjects without a project), kept by statement-level triggers in the writing transaction, so a
-- reader sees the count that matches its snapshot. Statement triggers with transition tables make a bulk
-- INSERT ... SELECT (the seed command) cost one counter update per project, not one per row.
CREATE TABLE subject_count (
  project_key bigint PRIMARY KEY,
  subjects bigint NOT NULL DEFAULT 0
);

INSERT INTO subject_count (project_key, subjects)
SELECT coalesce(project_id, 0), count(*) FROM subject GROUP BY 1;

-- Applies the per-project deltas in project order, so two writers never lock counter rows in opposite orders.
CREATE FUNCTION subject_count_apply(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO subject_count AS c (project_key, subjects)
  SELECT (d.key)::bigint, (d.value)::bigint FROM jsonb_each_text(deltas) d ORDER BY (d.key)::bigint
  ON CONFLICT (project_key) DO UPDATE SET subjects = c.subjects + excluded.subjects;
$$;

CREATE FUNCTION subject_count_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_count_apply(coalesce(
    (SELECT jsonb_object_agg(k, n) FROM (SELECT coalesce(project_id, 0) AS k, count(*) AS n FROM new_rows GROUP BY 1) t),
    '{}'));
  RETURN NULL;
END $$;

CREATE FUNCTION subject_count_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_count_apply(coalesce(
    (SELECT jsonb_object_agg(k, -n) FROM (SELECT coalesce(project_id, 0) AS k, count(*) AS n FROM old_rows GROUP BY 1) t),
    '{}'));
  RETURN NULL;
END $$;

CREATE FUNCTION subject_count_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_count_apply(coalesce(
    (SELECT jsonb_object_agg(k, n) FROM (
       SELECT k, sum(n) AS n FROM (
         SELECT coalesce(project_id, 0) AS k, 1 AS n FROM new_rows
         UNION ALL
         SELECT coalesce(project_id, 0), -1 FROM old_rows
       ) u GROUP BY k HAVING sum(n) <> 0) t),
    '{}'));
  RETURN NULL;
END $$;

CREATE FUNCTION subject_count_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM subject_count;
  RETURN NULL;
END $$;

CREATE TRIGGER subject_count_insert AFTER INSERT ON subject
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_count_on_insert();
CREATE TRIGGER subject_count_delete AFTER DELETE ON subject
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_count_on_delete();
CREATE TRIGGER subject_count_update AFTER UPDATE ON subject
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_count_on_update();
CREATE TRIGGER subject_count_truncate AFTER TRUNCATE ON subject
  FOR EACH STATEMENT EXECUTE FUNCTION subject_count_on_truncate();
