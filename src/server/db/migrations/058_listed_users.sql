-- The users a system admin's unfiltered GET api/users lists, kept as rows (docs/users.md, "What the list costs"): the
-- staff (a role other than a participant's) and the users without any role. Deciding that per user meant testing
-- every user, participants included, so the list's count and page grew with every subject created; the list now
-- reads these rows, as many as there are staff, whatever the number of participants.
--
-- listed_user_refresh(ids) decides it again for the given users from their current roles. It runs after every
-- statement that adds or removes memberships, and at commit for a new user (deferred: a subject's user gets its
-- participant role in the same transaction, so it is never listed). It locks the users' rows first, so that two
-- transactions changing one user's roles at once decide one after the other, each from the other's outcome.
CREATE TABLE listed_user (
  user_id bigint PRIMARY KEY REFERENCES radar_user (id) ON DELETE CASCADE
);

CREATE FUNCTION listed_user_refresh(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM radar_user u WHERE u.id = ANY(ids) ORDER BY u.id FOR NO KEY UPDATE;
  DELETE FROM listed_user l
   WHERE l.user_id = ANY(ids)
     AND EXISTS (SELECT 1 FROM role_users ru WHERE ru.user_id = l.user_id)
     AND NOT EXISTS (SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
                      WHERE ru.user_id = l.user_id AND r.authority_name NOT IN ('ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT'));
  -- A user deleted in this transaction is gone from radar_user here, and so not listed.
  INSERT INTO listed_user (user_id)
  SELECT u.id FROM radar_user u
   WHERE u.id = ANY(ids)
     AND (NOT EXISTS (SELECT 1 FROM role_users ru WHERE ru.user_id = u.id)
          OR EXISTS (SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
                      WHERE ru.user_id = u.id AND r.authority_name NOT IN ('ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT')))
   ORDER BY u.id
  ON CONFLICT DO NOTHING;
END $$;

INSERT INTO listed_user (user_id)
SELECT u.id FROM radar_user u
 WHERE NOT EXISTS (SELECT 1 FROM role_users ru WHERE ru.user_id = u.id)
    OR EXISTS (SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
                WHERE ru.user_id = u.id AND r.authority_name NOT IN ('ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT'));

-- At commit: a user with a role then was decided by the role's trigger; one without, still invisible to every other
-- transaction, is listed unless deleted meanwhile. One probe per new user, whatever the import's size.
CREATE FUNCTION listed_user_on_user_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM role_users ru WHERE ru.user_id = NEW.id) THEN
    INSERT INTO listed_user (user_id) SELECT u.id FROM radar_user u WHERE u.id = NEW.id ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER listed_user_insert AFTER INSERT ON radar_user
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION listed_user_on_user_insert();

CREATE FUNCTION listed_user_on_role_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listed_user_refresh(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER listed_user_role_insert AFTER INSERT ON role_users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listed_user_on_role_insert();

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
