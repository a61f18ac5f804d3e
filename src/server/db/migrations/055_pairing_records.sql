-- Pairing, kept as records (docs/subjects.md, "Invitations" and "Export"): who asked for a pairing link and when, and
-- when it was used; and per subject whether an app was ever paired and when last, which outlives the monthly purge of
-- used and expired links. Links made before this migration have no author or creation time.
ALTER TABLE radar_meta_token ADD COLUMN created_by varchar(255);
ALTER TABLE radar_meta_token ADD COLUMN created_at timestamptz;
ALTER TABLE radar_meta_token ADD COLUMN used_at timestamptz;
ALTER TABLE radar_meta_token ALTER COLUMN created_at SET DEFAULT now();

CREATE TABLE subject_pairing (
  subject_id bigint PRIMARY KEY REFERENCES subject (id) ON DELETE CASCADE,
  -- null: paired before the time was recorded
  last_paired_at timestamptz
);
INSERT INTO subject_pairing (subject_id)
  SELECT DISTINCT subject_id FROM radar_meta_token WHERE fetched AND subject_id IS NOT NULL;

-- The invitations list of a project: its subjects' links, newest first.
CREATE INDEX radar_meta_token_subject_created_idx ON radar_meta_token (subject_id, created_at DESC, id DESC);
