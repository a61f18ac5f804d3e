-- Every UPDATE of radar_user (each subject update writes its user's activated flag and last-modified fields) ran the
-- activity counters' apply with an empty list of deltas when no activated flag changed: three INSERT ... SELECT over
-- nothing, about a quarter of the statement's database time. It now returns at once unless a flag changed, as the
-- subject's own update trigger does (migration 057); what it applies when one changed is unchanged.
CREATE OR REPLACE FUNCTION subject_activity_on_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.activated <> o.activated) THEN
    RETURN NULL;
  END IF;
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
