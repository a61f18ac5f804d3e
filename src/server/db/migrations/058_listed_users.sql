-- The users a system admin's unfiltered GET api/users may list, kept as rows (docs/users.md, "What the list costs"):
-- the staff (a role other than a participant's) and the users without any role. Deciding that per user meant testing
-- every user, participants included, so the list's count and page grew with every subject created; the list now
-- tests only these rows, as many as there are staff, whatever the number of participants.
--
-- The table may hold more than it should, never less: the list keeps a row only while its user is still staff or
-- roleless (docs/users.md). A user is added when it gets a staff role, when it is new and has no role at commit, and
-- when a statement removes roles from it and it is left without staff role; the removal path (rare: role changes by
-- an admin) also drops the rows of users no longer listed. So a subject create, the frequent write, costs one probe
-- of its new user at commit and one join of its participant role that finds no staff role: no lock, no write here.
-- Adding a staff role and removing roles lock the user's row first, so that two transactions changing one user's
-- roles at once decide one after the other, each from the other's outcome.
CREATE TABLE listed_user (
  user_id bigint PRIMARY KEY REFERENCES radar_user (id) ON DELETE CASCADE
);

CREATE FUNCTION user_is_listed(user_id bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM role_users ru WHERE ru.user_id = $1)
      OR EXISTS (SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
                  WHERE ru.user_id = $1 AND r.authority_name NOT IN ('ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT'))
$$;

INSERT INTO listed_user (user_id) SELECT u.id FROM radar_user u WHERE user_is_listed(u.id);

-- At commit: a new user without any role then is listed (a subject's user has its participant role by then; no other
-- transaction can give roles to a user it cannot see yet). Deleted meanwhile, it is gone and not listed.
CREATE FUNCTION listed_user_on_user_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM role_users ru WHERE ru.user_id = NEW.id) THEN
    INSERT INTO listed_user (user_id) SELECT u.id FROM radar_user u WHERE u.id = NEW.id ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER listed_user_insert AFTER INSERT ON radar_user
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION listed_user_on_user_insert();

-- A staff role given: its user is listed. Per row, one probe of the role by its key: a participant's role finds
-- nothing to do and locks nothing (a statement trigger's transition table cost several times that).
CREATE FUNCTION listed_user_on_role_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM radar_role r
              WHERE r.id = NEW.role_id AND r.authority_name NOT IN ('ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT')) THEN
    PERFORM 1 FROM radar_user u WHERE u.id = NEW.user_id FOR NO KEY UPDATE;
    INSERT INTO listed_user (user_id) VALUES (NEW.user_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER listed_user_role_insert AFTER INSERT ON role_users
  FOR EACH ROW EXECUTE FUNCTION listed_user_on_role_insert();

-- Roles removed (or moved by UPDATE): decide the users concerned again from the roles they have left. A user deleted
-- with its roles is gone from radar_user here, and so not listed.
CREATE FUNCTION listed_user_refresh(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM radar_user u WHERE u.id = ANY(ids) ORDER BY u.id FOR NO KEY UPDATE;
  DELETE FROM listed_user l WHERE l.user_id = ANY(ids) AND NOT user_is_listed(l.user_id);
  INSERT INTO listed_user (user_id)
  SELECT u.id FROM radar_user u WHERE u.id = ANY(ids) AND user_is_listed(u.id) ORDER BY u.id
  ON CONFLICT DO NOTHING;
END $$;

CREATE FUNCTION listed_user_on_role_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listed_user_refresh(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER listed_user_role_delete AFTER DELETE ON role_users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listed_user_on_role_delete();

CREATE FUNCTION listed_user_on_role_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listed_user_refresh(ARRAY(SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER listed_user_role_update AFTER UPDATE ON role_users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listed_user_on_role_update();

ANALYZE listed_user;
