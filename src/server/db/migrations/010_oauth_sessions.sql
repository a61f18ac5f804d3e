-- Sign-in details the first schema leaves out. Remember-me, chosen on the sign-in form, travels with the
-- authorization code to the browser session. Used codes are kept until they expire, so a replayed code is told
-- apart from an unknown one and revokes what the first exchange issued; refresh tokens carry the id of the grant
-- they descend from, so a replayed code or refresh token revokes the whole chain (OAuth 2.0 security BCP §4.14).
ALTER TABLE oauth_code ADD COLUMN remember_me boolean NOT NULL DEFAULT false;
ALTER TABLE oauth_code ADD COLUMN used_at timestamptz;
CREATE INDEX oauth_code_expires_idx ON oauth_code (expires_at);

ALTER TABLE oauth_refresh_token ADD COLUMN grant_id varchar(64);
CREATE INDEX oauth_refresh_token_grant_idx ON oauth_refresh_token (grant_id);
CREATE INDEX oauth_refresh_token_expires_idx ON oauth_refresh_token (expires_at);

CREATE INDEX login_attempt_first_failure_idx ON login_attempt (first_failure_at);
