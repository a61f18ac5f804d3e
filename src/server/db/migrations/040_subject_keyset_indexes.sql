-- Keyset paging of the subject lists (docs/subjects.md). Every sort the lists accept is read straight off one index,
-- within a project or across all of them, so the first page and a page deep in the list cost the same:
--   login, either direction            -> (project_id, login)
--   id, either direction               -> (project_id, id)
--   externalId + id, same directions   -> (project_id, external key, id)           scanned forward or backward
--   externalId + id, mixed directions  -> (project_id, external key DESC, id)      the client's `externalId,desc`
--                                                                                   is normalised to `..., id,asc`
-- Sort keys compare in the "C" collation (code point order), whatever the database default is, so the order is the
-- same on PGlite and on any PostgreSQL server and a cursor value means the same everywhere. A missing external id
-- sorts as the empty string (the client sends `last.externalId=` for it), its ties broken by id.
-- The 001 indexes on (project_id, login, id), (project_id, external_id, id) and (external_id, id) used the
-- database collation and left NULL external ids out of reach of a cursor; these replace them.
DROP INDEX IF EXISTS subject_project_login_idx;
DROP INDEX IF EXISTS subject_project_external_idx;
DROP INDEX IF EXISTS subject_external_idx;

CREATE INDEX subject_project_id_idx ON subject (project_id, id);
CREATE INDEX subject_project_login_key_idx ON subject (project_id, login COLLATE "C");
CREATE INDEX subject_project_external_key_idx ON subject (project_id, (coalesce(external_id, '')) COLLATE "C", id);
CREATE INDEX subject_project_external_key_desc_idx ON subject (project_id, (coalesce(external_id, '')) COLLATE "C" DESC, id);

-- The same orders across every project (the system admin's list).
CREATE INDEX subject_login_key_idx ON subject (login COLLATE "C");
CREATE INDEX subject_external_key_idx ON subject ((coalesce(external_id, '')) COLLATE "C", id);
CREATE INDEX subject_external_key_desc_idx ON subject ((coalesce(external_id, '')) COLLATE "C" DESC, id);

-- The INACTIVE_PARTICIPANT filter looks up a user's roles by user; role_users' primary key starts with role_id.
-- (role_users_user_idx on (user_id) exists; this covering form answers the EXISTS without the heap.)
CREATE INDEX role_users_user_role_idx ON role_users (user_id, role_id);
