-- Sessions the user can see and end (docs/users.md, Sessions): a public id that is not derived from the cookie, so
-- the API never shows what identifies a session to the server, and where and with what the session was started.
ALTER TABLE http_session ADD COLUMN public_id varchar(36) NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE http_session ADD COLUMN remote_address varchar(64);
ALTER TABLE http_session ADD COLUMN user_agent varchar(512);
CREATE UNIQUE INDEX http_session_public_id_idx ON http_session (public_id);
